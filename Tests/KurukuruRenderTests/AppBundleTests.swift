import Foundation
import Kurukuru
#if canImport(FoundationXML)
  import FoundationXML
#endif
import KurukuruRender
import XCTest

/// The app bundles (`android`, `xcassets`, `css`) as an app build would read them: the Android
/// XML parsed with `XMLParser`, asset-catalog JSON with `JSONSerialization`, PNGs decoded and
/// compared with frames rendered directly.
final class AppBundleTests: XCTestCase {
  // MARK: - Support

  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("kurukuru-bundle-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
  }

  /// loading-circle (48 pt, a 1.2 s loop) at `fps`: 36 frames at 30 fps, whose 33.3 ms frames
  /// need the rounding carried.
  func loadingCircle(fps: Double = 30) throws -> Renderer {
    try Renderer(try RendererTests.preset("loading-circle").scene(fps: fps), scale: 1, jobs: 2)
  }

  /// A one-dot preset named `name`, `size` points square, whose loop lasts 1 s.
  func dot(name: String, size: Double = 20, fps: Double = 10) throws -> Renderer {
    let preset = try Preset(
      text: """
        {"name": "\(name)", "width": \(size), "height": \(size), "fps": \(fps), "view": {"Circle": {}, "modifiers": [
          {"frame": 10}, {"offset": {"x": {"from": -5, "to": 5, "animation": "linear(duration: 1).repeatForever(autoreverses: false)"}}}]}}
        """, file: "dot.json")
    return try Renderer(preset, jobs: 2)
  }

  func png(_ url: URL) throws -> Frame {
    try PNG.decode([UInt8](try Data(contentsOf: url)))
  }

  /// Every regular file under `url`, relative, sorted.
  func files(under url: URL) -> [String] {
    StagingTree.files(under: url.path)
  }

  // MARK: - Timing

  func testDurationsCarryTheRoundingAndAddUpToTheLoop() throws {
    let thirds = Timeline(period: 1, frameCount: 3, fps: 3)
    XCTAssertEqual(AppBundle.durationsInMilliseconds(thirds), [333, 334, 333])
    let timeline = try loadingCircle().scene.timeline
    let ms = AppBundle.durationsInMilliseconds(timeline)
    XCTAssertEqual(ms.count, 36)
    XCTAssertEqual(ms.reduce(0, +), 1200)
    XCTAssertEqual(Set(ms), [33, 34])
    for i in 0...36 {
      // Frame i starts at round(1000 i / fps) ms.
      XCTAssertEqual(ms.prefix(i).reduce(0, +), Int((1000 * Double(i) / 30).rounded()), "start of frame \(i)")
    }
    let still = Timeline(period: 0, frameCount: 1, fps: 25)
    XCTAssertEqual(AppBundle.durationsInMilliseconds(still), [40])
  }

  // MARK: - Android

  func testAndroidResourceNames() throws {
    XCTAssertEqual(try AndroidFormat.resourceName(for: "activity-indicator"), "activity_indicator")
    XCTAssertEqual(try AndroidFormat.resourceName(for: "Ball Pulse.v2"), "ball_pulse_v2")
    XCTAssertEqual(try AndroidFormat.resourceName(for: "3dots"), "anim_3dots")
    XCTAssertEqual(try AndroidFormat.resourceName(for: "_x"), "anim__x")
    XCTAssertEqual(try AndroidFormat.resourceName(for: "New"), "anim_new", "Java keywords cannot be R fields")
    XCTAssertThrowsError(try AndroidFormat.resourceName(for: "kuru‐kuru")) { error in
      let text = String(describing: error)
      XCTAssertTrue(text.hasPrefix("android: cannot make an Android resource name of 'kuru‐kuru'"), text)
      XCTAssertFalse(text.contains("\n"))
    }
  }

  func testAndroidAnimationListReferencesEveryFrameAtEveryDensity() throws {
    let dir = try temporaryDirectory().appendingPathComponent("app/src/main")
    let renderer = try loadingCircle()
    let summary = try renderer.write(.android(), to: dir.path)
    XCTAssertEqual(summary.path, dir.path)
    XCTAssertEqual(summary.frames, 36)
    XCTAssertEqual(summary.files.first, "res/drawable/loading_circle.xml")
    XCTAssertEqual(summary.files.last, "res/drawable-xxxhdpi/loading_circle_35.png")
    XCTAssertEqual(summary.files.sorted(), files(under: dir))
    let total = try summary.files.reduce(0) { $0 + (try Data(contentsOf: dir.appendingPathComponent($1))).count }
    XCTAssertEqual(summary.bytes, total)

    let list = try AnimationListReader(url: dir.appendingPathComponent("res/drawable/loading_circle.xml"))
    XCTAssertEqual(list.root, "animation-list")
    XCTAssertEqual(list.rootAttributes["xmlns:android"], "http://schemas.android.com/apk/res/android")
    XCTAssertEqual(list.rootAttributes["android:oneshot"], "false")
    XCTAssertEqual(list.items.count, renderer.frameCount)
    XCTAssertEqual(list.items.map(\.duration).reduce(0, +), 1200, "durations add up to the 1.2 s loop")
    XCTAssertEqual(list.items.map(\.duration), AppBundle.durationsInMilliseconds(renderer.scene.timeline))
    for (i, item) in list.items.enumerated() {
      XCTAssertEqual(item.drawable, "@drawable/loading_circle_\(i)")
      let file = String(item.drawable.dropFirst("@drawable/".count)) + ".png"
      for (folder, scale) in AndroidFormat.densities {
        let url = dir.appendingPathComponent("res/\(folder)/\(file)")
        let frame = try png(url)
        XCTAssertEqual(frame.width, Int((48 * scale).rounded()), url.path)
        XCTAssertEqual(frame.height, Int((48 * scale).rounded()), url.path)
      }
    }
    // The frames are the renderer's, at each density.
    XCTAssertEqual(try png(dir.appendingPathComponent("res/drawable-mdpi/loading_circle_7.png")), try renderer.frame(7))
    let hdpi = try Renderer(renderer.scene, scale: 1.5)
    XCTAssertEqual(try png(dir.appendingPathComponent("res/drawable-hdpi/loading_circle_20.png")), try hdpi.frame(20))
    XCTAssertTrue(summary.notes.contains { $0.contains("R.drawable.loading_circle") }, "\(summary.notes)")
  }

  func testAndroidRenderReplacesItsOwnFramesAndKeepsOtherResources() throws {
    let dir = try temporaryDirectory()
    try loadingCircle().write(.android(), to: dir.path)
    let strings = dir.appendingPathComponent("res/values/strings.xml")
    try FileManager.default.createDirectory(at: strings.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("<resources/>".utf8).write(to: strings)
    let other = dir.appendingPathComponent("res/drawable-mdpi/loading_circle_ring.png")
    try Data([1]).write(to: other)

    let shorter = try loadingCircle(fps: 10)
    let summary = try shorter.write(.android(), to: dir.path)
    XCTAssertEqual(files(under: dir), (summary.files + ["res/values/strings.xml", "res/drawable-mdpi/loading_circle_ring.png"]).sorted())
    XCTAssertEqual(try AnimationListReader(url: dir.appendingPathComponent("res/drawable/loading_circle.xml")).items.count, 12)
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("res/drawable-xhdpi/loading_circle_12.png").path))
  }

  func testAndroidFailureLeavesTheDestinationAsItWas() throws {
    let parent = try temporaryDirectory()
    // A canvas that fits at mdpi but not at xxxhdpi (8192 px a side): nothing is written.
    let wide = try dot(name: "wide", size: 3000)
    XCTAssertThrowsError(try wide.write(.android(), to: parent.appendingPathComponent("wide").path)) { error in
      XCTAssertTrue(error is RasterError, "\(error)")
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path), [])

    // A file where a density folder must go: the commit fails before any file moves.
    let dir = parent.appendingPathComponent("app")
    try loadingCircle(fps: 10).write(.android(), to: dir.path)
    let before = try files(under: dir).map { try Data(contentsOf: dir.appendingPathComponent($0)) }
    try FileManager.default.removeItem(at: dir.appendingPathComponent("res/drawable-xxxhdpi"))
    try Data([0]).write(to: dir.appendingPathComponent("res/drawable-xxxhdpi"))
    XCTAssertThrowsError(try loadingCircle().write(.android(), to: dir.path))
    XCTAssertEqual(try AnimationListReader(url: dir.appendingPathComponent("res/drawable/loading_circle.xml")).items.count, 12)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted(), ["app"], "no staging folder is left")
    XCTAssertEqual(before.count, 61)
  }

  // MARK: - Xcode

  func testAssetCatalogHasAnImageSetPerFrameWithThreeScales() throws {
    let dir = try temporaryDirectory()
    let renderer = try loadingCircle(fps: 10)
    let summary = try renderer.write(.xcassets(), to: dir.path)
    let catalog = dir.appendingPathComponent("loading-circle.xcassets")
    XCTAssertEqual(summary.path, catalog.path)
    XCTAssertEqual(summary.files.sorted(), files(under: catalog))
    XCTAssertEqual(summary.files.count, 1 + 12 * 4)
    XCTAssertEqual(summary.notes, ["UIImage.animatedImageNamed(\"loading-circle\", duration: 1.2)"])

    let top = try JSONSerialization.jsonObject(with: Data(contentsOf: catalog.appendingPathComponent("Contents.json"))) as? [String: Any]
    let info = try XCTUnwrap(top?["info"] as? [String: Any])
    XCTAssertEqual(info["author"] as? String, "xcode")
    XCTAssertEqual(info["version"] as? Int, 1)

    let sets = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".imageset") }
    XCTAssertEqual(Set(sets), Set((0..<12).map { "loading-circle\($0).imageset" }))
    for i in 0..<12 {
      let set = catalog.appendingPathComponent("loading-circle\(i).imageset")
      let json = try JSONSerialization.jsonObject(with: Data(contentsOf: set.appendingPathComponent("Contents.json"))) as? [String: Any]
      let images = try XCTUnwrap(json?["images"] as? [[String: Any]])
      XCTAssertEqual(images.map { $0["scale"] as? String }, ["1x", "2x", "3x"])
      XCTAssertEqual(images.map { $0["idiom"] as? String }, ["universal", "universal", "universal"])
      XCTAssertEqual(
        images.map { $0["filename"] as? String },
        ["loading-circle\(i).png", "loading-circle\(i)@2x.png", "loading-circle\(i)@3x.png"])
      for (image, side) in zip(images, [48, 96, 144]) {
        let frame = try png(set.appendingPathComponent(try XCTUnwrap(image["filename"] as? String)))
        XCTAssertEqual([frame.width, frame.height], [side, side])
      }
    }
    let threeX = try Renderer(renderer.scene, scale: 3)
    XCTAssertEqual(try png(catalog.appendingPathComponent("loading-circle5.imageset/loading-circle5@3x.png")), try threeX.frame(5))
  }

  func testAssetCatalogJSONIsWrittenAsXcodeWritesIt() throws {
    XCTAssertEqual(
      XCAssetsFormat.imageSetContents(name: "a", index: 0),
      """
      {
        "images" : [
          {
            "filename" : "a0.png",
            "idiom" : "universal",
            "scale" : "1x"
          },
          {
            "filename" : "a0@2x.png",
            "idiom" : "universal",
            "scale" : "2x"
          },
          {
            "filename" : "a0@3x.png",
            "idiom" : "universal",
            "scale" : "3x"
          }
        ],
        "info" : {
          "author" : "xcode",
          "version" : 1
        }
      }

      """)
    XCTAssertEqual(XCAssetsFormat.swiftLine(name: "say \"hi\"", duration: 0.75), #"UIImage.animatedImageNamed("say \"hi\"", duration: 0.75)"#)
  }

  func testAssetCatalogRemovesImageSetsOfALongerRender() throws {
    let dir = try temporaryDirectory()
    try loadingCircle().write(.xcassets(), to: dir.path)
    let catalog = dir.appendingPathComponent("loading-circle.xcassets")
    let mine = catalog.appendingPathComponent("AppIcon.appiconset/Contents.json")
    try FileManager.default.createDirectory(at: mine.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: mine)
    let summary = try loadingCircle(fps: 10).write(.xcassets(), to: dir.path)
    XCTAssertEqual(files(under: catalog), (summary.files + ["AppIcon.appiconset/Contents.json"]).sorted())
    XCTAssertFalse(FileManager.default.fileExists(atPath: catalog.appendingPathComponent("loading-circle12.imageset").path))
  }

  // MARK: - CSS

  func testCSSIdentifiers() {
    XCTAssertEqual(CSSFormat.cssIdentifier(for: "loading-circle"), "loading-circle")
    XCTAssertEqual(CSSFormat.cssIdentifier(for: "3 dots"), "_3_dots")
    XCTAssertEqual(CSSFormat.cssIdentifier(for: "-2x"), "_-2x")
    XCTAssertEqual(CSSFormat.cssIdentifier(for: "a.b/c\"d"), "a_b_c_d")
    XCTAssertEqual(CSSFormat.cssIdentifier(for: "kurukuru✓"), "kurukuru_")
  }

  func testCSSPlaysOneRowWithStepsAndSharpTwoXSheet() throws {
    let dir = try temporaryDirectory().appendingPathComponent("web")
    let renderer = try Renderer(try RendererTests.preset("loading-circle"), jobs: 2)  // 60 frames, 50 fps
    let summary = try renderer.write(.css(), to: dir.path)
    XCTAssertEqual(summary.files, ["loading-circle.css", "loading-circle.html", "loading-circle.png", "loading-circle@2x.png"])
    XCTAssertEqual(summary.files, files(under: dir))
    let css = try String(contentsOf: dir.appendingPathComponent("loading-circle.css"), encoding: .utf8)
    let rule = try XCTUnwrap(block(".loading-circle", in: css))
    XCTAssertEqual(property("width", in: rule), "48px")
    XCTAssertEqual(property("height", in: rule), "48px")
    XCTAssertEqual(property("background-size", in: rule), "2880px 48px")
    XCTAssertEqual(property("animation", in: rule), "loading-circle-play 1.2s steps(60) infinite")
    XCTAssertTrue(rule.contains(#"image-set(url("loading-circle.png") 1x, url("loading-circle@2x.png") 2x)"#), rule)
    let keyframes = try XCTUnwrap(block("@keyframes loading-circle-play", in: css))
    XCTAssertTrue(keyframes.contains("from { background-position: 0 0; }"), keyframes)
    XCTAssertTrue(keyframes.contains("to { background-position: -2880px 0; }"), keyframes)

    let sheet = try png(dir.appendingPathComponent("loading-circle.png"))
    let sheet2x = try png(dir.appendingPathComponent("loading-circle@2x.png"))
    XCTAssertEqual([sheet.width, sheet.height], [2880, 48])
    XCTAssertEqual([sheet2x.width, sheet2x.height], [5760, 96], "2 px per CSS px of background-size")
    let twoX = try Renderer(renderer.scene, scale: 2)
    for i in [0, 17, 59] {
      XCTAssertEqual(crop(sheet, x: 48 * i, y: 0, width: 48, height: 48), try renderer.frame(i), "1x cell \(i)")
      XCTAssertEqual(crop(sheet2x, x: 96 * i, y: 0, width: 96, height: 96), try twoX.frame(i), "2x cell \(i)")
    }
    let html = try String(contentsOf: dir.appendingPathComponent("loading-circle.html"), encoding: .utf8)
    XCTAssertTrue(html.contains(#"<link rel="stylesheet" href="loading-circle.css">"#))
    XCTAssertTrue(html.contains(#"<div class="loading-circle""#))
  }

  func testCSSUsesAGridWithAKeyframePerFrameWhenARowIsTooWide() throws {
    // activity-indicator: 45 frames of 200 pt; a row at 2x would be 18000 px wide.
    let dir = try temporaryDirectory()
    let renderer = try Renderer(try RendererTests.preset("activity-indicator"), jobs: 2)
    try renderer.write(.css(), to: dir.path)
    let css = try String(contentsOf: dir.appendingPathComponent("activity-indicator.css"), encoding: .utf8)
    let rule = try XCTUnwrap(block(".activity-indicator", in: css))
    XCTAssertEqual(property("animation", in: rule), "activity-indicator-play 1.5s step-end infinite")
    XCTAssertEqual(property("background-size", in: rule), "8000px 400px", "40 columns × 2 rows")
    let keyframes = try XCTUnwrap(block("@keyframes activity-indicator-play", in: css))
    let lines = keyframes.split(separator: "\n").filter { $0.contains("background-position") }
    XCTAssertEqual(lines.count, 46, "a keyframe per frame and 100%")
    XCTAssertEqual(lines[1].trimmingCharacters(in: .whitespaces), "2.222222% { background-position: -200px 0; }")
    XCTAssertEqual(lines[41].trimmingCharacters(in: .whitespaces), "91.111111% { background-position: -200px -200px; }")
    XCTAssertEqual(lines[45].trimmingCharacters(in: .whitespaces), "100% { background-position: -800px -200px; }")
    // The 2x sheet is past our decoder's 8192 px limit (not the browsers'): read its header only.
    let header = [UInt8](try Data(contentsOf: dir.appendingPathComponent("activity-indicator@2x.png")).prefix(24))
    let side = { (at: Int) in header[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    XCTAssertEqual([side(16), side(20)], [16000, 800])
    let sheet = try png(dir.appendingPathComponent("activity-indicator.png"))
    XCTAssertEqual([sheet.width, sheet.height], [8000, 400])
    XCTAssertEqual(crop(sheet, x: 200, y: 200, width: 200, height: 200), try renderer.frame(41), "frame 41: column 1, row 1")
  }

  func testCSSRefusesASheetBeyondTheBrowserLimitAndWritesNothing() throws {
    XCTAssertThrowsError(try CSSFormat.Layout(frames: 30, width: 2000, height: 2000)) { error in
      XCTAssertEqual(
        String(describing: error),
        "css: 30 frames of 2000×2000 px do not fit a 2x sprite sheet of 16384 px a side (at most 16 frames); lower the frame rate")
    }
    let parent = try temporaryDirectory()
    XCTAssertThrowsError(try dot(name: "big", size: 2000, fps: 30).write(.css(), to: parent.appendingPathComponent("big").path))
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path), [])
  }

  // MARK: - Determinism

  func testBundlesAreIdenticalForAnyNumberOfJobs() throws {
    let dir = try temporaryDirectory()
    for jobs in [1, 2] {
      var renderer = try loadingCircle(fps: 10)
      renderer.jobs = jobs
      for format in [AndroidFormat() as any OutputFormat, XCAssetsFormat(), CSSFormat()] {
        _ = try renderer.write(format, to: dir.appendingPathComponent("\(jobs)/\(type(of: format).name)").path)
      }
    }
    let one = dir.appendingPathComponent("1"), two = dir.appendingPathComponent("2")
    XCTAssertEqual(files(under: one).count, 1 + 60 + 1 + 48 + 4)
    XCTAssertEqual(files(under: one), files(under: two))
    for file in files(under: one) {
      XCTAssertEqual(try Data(contentsOf: one.appendingPathComponent(file)), try Data(contentsOf: two.appendingPathComponent(file)), file)
    }
  }

  // MARK: - Helpers

  /// The text between the braces of the block that starts with `selector {`.
  func block(_ selector: String, in css: String) -> String? {
    guard let start = css.range(of: selector + " {") else { return nil }
    var depth = 1
    var i = start.upperBound
    while i < css.endIndex {
      if css[i] == "{" { depth += 1 }
      if css[i] == "}" {
        depth -= 1
        if depth == 0 { return String(css[start.upperBound..<i]) }
      }
      i = css.index(after: i)
    }
    return nil
  }

  /// The last value of `name: value;` in a rule.
  func property(_ name: String, in rule: String) -> String? {
    rule.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .last { $0.hasPrefix(name + ":") }
      .map { String($0.dropFirst(name.count + 1).dropLast()).trimmingCharacters(in: .whitespaces) }
  }

  func crop(_ frame: Frame, x: Int, y: Int, width: Int, height: Int) -> Frame {
    var pixels: [UInt8] = []
    for row in y..<(y + height) {
      let start = (row * frame.width + x) * 4
      pixels += frame.pixels[start..<(start + width * 4)]
    }
    return Frame(width: width, height: height, pixels: pixels)
  }
}

// MARK: - AnimationListReader

/// An Android `<animation-list>` read with Foundation's `XMLParser`.
final class AnimationListReader: NSObject, XMLParserDelegate {
  struct Item {
    var drawable: String
    var duration: Int
  }

  private(set) var root = ""
  private(set) var rootAttributes: [String: String] = [:]
  private(set) var items: [Item] = []
  private var problem: String?

  init(url: URL) throws {
    super.init()
    let parser = try XCTUnwrap(XMLParser(contentsOf: url))
    parser.delegate = self
    guard parser.parse() else {
      throw NSError(domain: "AnimationListReader", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(url.path): \(String(describing: parser.parserError))"])
    }
    if let problem { throw NSError(domain: "AnimationListReader", code: 2, userInfo: [NSLocalizedDescriptionKey: problem]) }
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if root.isEmpty {
      root = name
      rootAttributes = attributes
      return
    }
    guard name == "item", let drawable = attributes["android:drawable"], let ms = attributes["android:duration"].flatMap(Int.init)
    else {
      problem = "unexpected <\(name)> \(attributes)"
      return
    }
    items.append(Item(drawable: drawable, duration: ms))
  }
}
