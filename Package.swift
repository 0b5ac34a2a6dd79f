// swift-tools-version:5.9
import PackageDescription

// Pipeline (ARCHITECTURE.md §1): Preset ─▶ ResolvedScene ─▶ DisplayList ─▶ Frame ─▶ output format,
// and Frame ─▶ Diff. One target per stage; `Kurukuru` re-exports them all; the command line is a
// thin layer over them.
let package = Package(
  name: "Kurukuru",
  products: [
    .executable(name: "kurukuru", targets: ["KurukuruCLI"]),
    .library(name: "Kurukuru", targets: ["Kurukuru"]),
    .library(name: "KurukuruSnapshot", targets: ["KurukuruSnapshot"]),
    // The pipeline stages without the built-in preset library (and so without its build-tool
    // plugin): what the fuzz package links, because `--sanitize=fuzzer` would also build the
    // plugin's tool as a libFuzzer executable.
    .library(
      name: "KurukuruEngine",
      targets: ["KurukuruCore", "KurukuruRaster", "KurukuruCodecs", "KurukuruCompare", "KurukuruLottie", "KurukuruRender"]),
  ],
  targets: [
    // MARK: - System libraries
    .systemLibrary(
      name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]),
    .systemLibrary(
      name: "CGIF", path: "Sources/CGIF", pkgConfig: "libgif",
      providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
    .systemLibrary(
      name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    // APNG: zlib for CRC-32 and inflate, libdeflate for the strongest deflate.
    .systemLibrary(
      name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    .systemLibrary(
      name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
    // Zopfli for APNG's `--compression max`. Debian's libzopfli-dev ships no pkg-config file,
    // so the module map names the library and the header is found in the default include path.
    .systemLibrary(
      name: "CZopfli", path: "Sources/CZopfli",
      providers: [.apt(["libzopfli-dev"]), .brew(["zopfli"])]),
    // libwebp with libwebpmux (WebPAnimEncoder) and libwebpdemux (WebPAnimDecoder).
    .systemLibrary(
      name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebpmux",
      providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
    // Text: fontconfig resolves a font description to a file, FreeType reads that file's glyph
    // outlines and metrics (fontconfig.pc requires freetype2, so one pkg-config name gives both).
    .systemLibrary(
      name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev", "libfreetype-dev"]), .brew(["fontconfig", "freetype"])]),
    // Two small C libraries for PNG. CKurukuruPNG wraps libpng, whose errors are a longjmp, so
    // that setjmp stays on the C side. CKurukuruFastPNG is the PNG-sequence writer, without
    // libpng: rows filtered none/up and deflated by a pixel matcher (libdeflate where it gives
    // up), its state an explicit handle owned by Swift's FastPNGEncoder.
    .target(name: "CKurukuruPNG", dependencies: ["CPNG"]),
    .target(name: "CKurukuruFastPNG", dependencies: ["CDeflate"]),
    // What Cairo has no pattern for (angular gradients), painted per device pixel; the
    // cairo-direct benchmark compiles the same file.
    .target(name: "CKurukuruRaster", dependencies: ["CCairo"]),

    // MARK: - Pipeline stages
    .target(name: "KurukuruCore", dependencies: ["CFontconfig"]),
    .target(name: "KurukuruRaster", dependencies: ["KurukuruCore", "CCairo", "CKurukuruRaster"]),
    .target(
      name: "KurukuruCodecs",
      dependencies: [
        "KurukuruCore", "CGIF", "CPNG", "CKurukuruPNG", "CKurukuruFastPNG", "CZlib", "CDeflate", "CZopfli", "CWebP",
      ]),
    .target(name: "KurukuruCompare", dependencies: ["KurukuruCore"]),
    // The Lottie model, the importer (drawing Lottie files as display lists) and the exporter:
    // vectors, not frames, so it needs only the core (and zlib for dotLottie archives).
    .target(name: "KurukuruLottie", dependencies: ["KurukuruCore", "CZlib"]),
    .target(name: "KurukuruRender", dependencies: ["KurukuruCore", "KurukuruRaster", "KurukuruCodecs", "KurukuruLottie"]),
    // Many presets × formats × scales into one folder with a manifest, contact sheets and a gallery;
    // the work of the commands on whole files (render plans, file comparisons).
    .target(
      name: "KurukuruBatch",
      dependencies: [
        "KurukuruCore", "KurukuruRaster", "KurukuruCodecs", "KurukuruCompare", "KurukuruLottie", "KurukuruRender", "KurukuruPresets",
        "KurukuruSwiftUI",
      ]),
    // The preset library shipped inside the binary: `Sources/KurukuruPresets/Presets` is a
    // symbolic link to the top-level Presets/ folder (the one copy), and the EmbedPresets plugin
    // compiles its *.json into Swift at build time, so nothing needs installing beside the
    // binary. Being inside a target's folder, a preset added or removed makes SwiftPM plan the
    // build again.
    .target(
      name: "KurukuruPresets", dependencies: ["KurukuruCore"],
      exclude: ["Presets/README.md", "Presets/schema.json", "Presets/images"], plugins: ["EmbedPresets"]),
    // SwiftUI source as an input: the user's file compiled against a stand-in module named
    // `SwiftUI` (StandIn/*.swift.txt, embedded by the same plugin) and run; what it prints is a
    // preset.
    .target(name: "KurukuruSwiftUI", dependencies: ["KurukuruCore"], plugins: ["EmbedPresets"]),
    .executableTarget(name: "KurukuruPresetEmbedder"),
    .plugin(name: "EmbedPresets", capability: .buildTool(), dependencies: ["KurukuruPresetEmbedder"]),
    // The umbrella module: `import Kurukuru` re-exports every stage.
    .target(
      name: "Kurukuru",
      dependencies: [
        "KurukuruCore", "KurukuruRaster", "KurukuruCodecs", "KurukuruCompare", "KurukuruLottie", "KurukuruRender",
        "KurukuruBatch", "KurukuruPresets", "KurukuruSwiftUI",
      ]),
    .target(
      name: "KurukuruSnapshot",
      dependencies: ["KurukuruCore", "KurukuruRaster", "KurukuruCodecs", "KurukuruCompare"]),
    .executableTarget(
      name: "KurukuruCLI",
      dependencies: [
        "KurukuruCore", "KurukuruRaster", "KurukuruCodecs", "KurukuruCompare", "KurukuruLottie", "KurukuruRender", "KurukuruBatch",
        "KurukuruPresets",
      ]),

    // MARK: - Tests
    .testTarget(name: "KurukuruCoreTests", dependencies: ["KurukuruCore"]),
    .testTarget(name: "KurukuruPresetsTests", dependencies: ["KurukuruCore", "KurukuruPresets"]),
    // The rasterizer's goldens (`__Snapshots__/<TestFile>/`) are checked with KurukuruSnapshot;
    // the snapshot library's own API (record modes, strategies, artifacts, Swift Testing) is
    // tested in KurukuruSnapshotTests, with its own references.
    .testTarget(
      name: "KurukuruRasterTests", dependencies: ["KurukuruCore", "KurukuruRaster", "KurukuruSnapshot"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "KurukuruSnapshotTests", dependencies: ["Kurukuru", "KurukuruCore", "KurukuruCodecs", "KurukuruSnapshot"],
      exclude: ["__Snapshots__"]),
    .testTarget(name: "KurukuruCodecsTests", dependencies: ["KurukuruCore", "KurukuruCodecs"]),
    .testTarget(
      name: "KurukuruCompareTests",
      dependencies: ["KurukuruCore", "KurukuruCodecs", "KurukuruCompare", "KurukuruRender", "KurukuruPresets"],
      exclude: ["Fixtures"]),
    .testTarget(name: "KurukuruRenderTests", dependencies: ["Kurukuru"]),
    // Fixtures: real Lottie files for the importer's referee (scripts/checks/lottie-import), not sources.
    .testTarget(
      name: "KurukuruLottieTests", dependencies: ["KurukuruCore", "KurukuruLottie", "KurukuruRaster", "CZlib"], exclude: ["Fixtures"]),
    .testTarget(
      name: "KurukuruBatchTests", dependencies: ["KurukuruCore", "KurukuruCodecs", "KurukuruRender", "KurukuruBatch"]),
    // Fixtures: SwiftUI view files (the seeds' own code) compiled by the tests, not sources.
    .testTarget(
      name: "KurukuruSwiftUITests",
      dependencies: ["KurukuruCore", "KurukuruCompare", "KurukuruRender", "KurukuruPresets", "KurukuruSwiftUI"],
      exclude: ["Fixtures"]),
    .testTarget(name: "KurukuruCLITests", dependencies: ["KurukuruCLI", "KurukuruCore", "KurukuruCodecs", "KurukuruBatch"]),
  ]
)
