// swift-tools-version:5.9
import PackageDescription

// Coverage-guided fuzz targets for every parser and decoder of Kurukuru (CONTRIBUTING.md,
// "Fuzzing and sanitizers"). A package of its own, so the main package and its CI build never
// see libFuzzer. Build and run with `scripts/fuzz [SECONDS]`, which uses `swift build
// --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=address --scratch-path
// .build/fuzz` here (why these flags: the comment in scripts/fuzz).
//
// Adding a target: a folder `Sources/Fuzz<NAME>/` with one file that calls
// `FuzzSupport.run { … }` and the name in this list. `scripts/fuzz` finds it by its folder.

/// One executable per entry: `Fuzz<NAME>`, built from `Sources/Fuzz<NAME>/`.
let fuzzTargets = [
  "Preset",  // preset text → Preset → scene(settings:limits:) → evaluate at a few instants
  "GIF",  // GIFDecoder.info and decode
  "PNG",  // PNG.decode
  "Compare",  // two images of any sizes → Pixelmatch and SequenceCompare (1 and 2 workers)
  "Expression",  // expressions, animation strings, timing curves, colours
  "APNG",  // APNGDecoder.info and decode
  "WebP",  // WebPDecoder.info and decode (libwebp's demuxer)
  "Lottie",  // preset text → scene → Lottie document
  "LottieImport",  // Lottie JSON or dotLottie bytes → LottieAnimation.read (documented errors only)
  "LottieRender",  // Lottie bytes → LottieAnimation.read (tight limits) → frames rasterized small
]

// KurukuruEngine, not the Kurukuru umbrella: the umbrella includes the built-in preset library,
// whose build-tool plugin's executable cannot be built with --sanitize=fuzzer.
let kurukuru = Target.Dependency.product(name: "KurukuruEngine", package: "Kurukuru")

let package = Package(
  name: "KurukuruFuzz",
  dependencies: [.package(name: "Kurukuru", path: "..")],
  targets: [
    // What every target shares: the entry-point wrapper and input splitting.
    .target(name: "FuzzSupport", dependencies: [kurukuru])
  ]
    + fuzzTargets.map { name in
      .executableTarget(name: "Fuzz\(name)", dependencies: ["FuzzSupport", kurukuru])
    }
)
