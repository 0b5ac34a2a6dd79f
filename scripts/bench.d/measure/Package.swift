// swift-tools-version:5.9
import PackageDescription

// Measurements that used to be opt-in XCTest suites (skipped in `swift test`, so they could never
// fail): each one is an executable that prints its figures, run by a sub-bench of
// scripts/bench.d (README.md there says what each measures). A package of its own, outside
// every target of the main package, so `swift build` and `swift test` there never see it; it
// builds in release into `.build/` here (gitignored).
//
// Only the library's public API: it depends on the main package by path, through its
// `KurukuruEngine` product (the pipeline stages without the built-in preset library), as the
// Fuzz/ package does.

let kurukuru = Target.Dependency.product(name: "KurukuruEngine", package: "Kurukuru")

/// One executable per entry: `Measure<NAME>` from `Sources/Measure<NAME>/`, and the sub-bench
/// that runs it.
let measurements = [
  "Dither",  // scripts/bench.d/dither: GIF bytes, PSNR and time per dithering choice
  "Pixelmatch",  // scripts/bench.d/pixelmatch: pixelmatch throughput on fixture 4a/4b
  "PNGFilters",  // scripts/bench.d/png-filters: libpng time and bytes per row filter and level
]

let package = Package(
  name: "KurukuruMeasure",
  dependencies: [.package(name: "Kurukuru", path: "../../..")],
  targets: [
    // What every measurement shares: timing and its few command-line options.
    .target(name: "MeasureSupport")
  ]
    + measurements.map { name in
      .executableTarget(name: "Measure\(name)", dependencies: ["MeasureSupport", kurukuru])
    }
)
