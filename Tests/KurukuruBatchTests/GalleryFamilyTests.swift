import Foundation
@testable import KurukuruBatch
import KurukuruCore
import KurukuruRender
import XCTest

// MARK: - The gallery by family, and overflow warnings

final class GalleryFamilyTests: XCTestCase {
  /// `BatchTest.dot` with a family and a source.
  static func dot(name: String, family: String?, source: String) -> String {
    var text = BatchTest.dot(name: name)
    let extra = (family.map { "\"family\": \"\($0)\", " } ?? "") + "\"source\": \"\(source)\", "
    text = text.replacingOccurrences(of: "\"name\": \"\(name)\",", with: "\"name\": \"\(name)\", \(extra)")
    return text
  }

  func testCardsAreGroupedUnderSortedFamilyHeadingsWithTheirSource() throws {
    let input = try BatchTest.folder(), out = try BatchTest.folder()
    try BatchTest.write(Self.dot(name: "a", family: "SpinKit", source: "tobiasahlin/SpinKit, examples/1-rotating-plane.html"), as: "a.json", in: input)
    try BatchTest.write(Self.dot(name: "b", family: "exyte/ActivityIndicatorView", source: "exyte b"), as: "b.json", in: input)
    try BatchTest.write(Self.dot(name: "c", family: nil, source: "somewhere"), as: "c.json", in: input)
    try BatchTest.write(Self.dot(name: "d", family: "SpinKit", source: "spin d"), as: "d.json", in: input)
    let report = try Batch.run(BatchOptions(inputs: [input], output: out))
    XCTAssertTrue(report.succeeded)
    let html = String(decoding: try BatchTest.bytes(report.galleryPath), as: UTF8.self)
    // Families sorted case-insensitively, the presets without one last; each heading once.
    let headings = ["<h2>exyte/ActivityIndicatorView <small>1 preset</small></h2>", "<h2>SpinKit <small>2 presets</small></h2>", "<h2>Other <small>1 preset</small></h2>"]
    let positions = try headings.map { try XCTUnwrap(html.range(of: $0)?.lowerBound, $0) }
    XCTAssertEqual(positions, positions.sorted(), "families in order")
    // Each card sits under its family's heading, in file order, with its source.
    let cards = try ["b", "a", "d", "c"].map { try XCTUnwrap(html.range(of: "id=\"\($0)\"")?.lowerBound, $0) }
    XCTAssertEqual(cards, cards.sorted())
    XCTAssertTrue(positions[0] < cards[0] && cards[0] < positions[1] && positions[1] < cards[1] && cards[2] < positions[2] && positions[2] < cards[3])
    XCTAssertTrue(html.contains("<p class=\"source\">tobiasahlin/SpinKit, examples/1-rotating-plane.html</p>"))
    // The table of contents links every family section.
    XCTAssertTrue(html.contains("<a href=\"#family-exyte-ActivityIndicatorView\">exyte/ActivityIndicatorView</a>"))
    XCTAssertTrue(html.contains("<section class=\"family\" id=\"family-exyte-ActivityIndicatorView\">"))
    XCTAssertTrue(html.contains("<section class=\"family\" id=\"family-Other\">"))
  }

  /// The full-alpha images are captioned with each format's display name and size.
  func testFullAlphaImagesAreCaptionedWithTheFormatsDisplayName() throws {
    let input = try BatchTest.folder(), out = try BatchTest.folder()
    try BatchTest.write(BatchTest.dot(name: "a"), as: "a.json", in: input)
    let report = try Batch.run(BatchOptions(inputs: [input], output: out, formats: [GIFFormat(), APNGFormat(), WebPFormat()]))
    XCTAssertTrue(report.succeeded)
    let html = String(decoding: try BatchTest.bytes(report.galleryPath), as: UTF8.self)
    for label in ["APNG", "WebP"] {
      XCTAssertTrue(html.contains("<p class=\"caption\">\(label) · "), label)
      XCTAssertTrue(html.contains("alt=\"\(label) on dark\""), label)
    }
    XCTAssertFalse(html.contains("WEBP"))
  }

  func testTheBundledPresetsAreGroupedByTheirFamilies() throws {
    let cards = try PresetFolder.files(in: BatchTest.root.appendingPathComponent("Presets").path).map { file -> Gallery.Card in
      let preset = try Preset.load(path: file)
      return Gallery.Card(
        name: preset.name, title: preset.title ?? preset.name, source: preset.source, family: preset.family, file: file,
        width: 1, height: 1, fps: 1, duration: 1, frames: 1, parameters: [], light: "", dark: "", contactSheet: nil, outputs: [])
    }
    let groups = Gallery.families(of: cards)
    XCTAssertFalse(groups.contains { $0.family == nil }, "every bundled preset names its family")
    XCTAssertEqual(groups.first { $0.family == "Seeds" }?.cards.map(\.name).sorted(),
                   ["activity-indicator", "circle-progress", "four-color-ring", "loading-circle", "timing-curve-dot"])
    let names = groups.compactMap(\.family)
    XCTAssertEqual(names, names.sorted { $0.lowercased() < $1.lowercased() })
  }

  func testAPresetDrawingOutsideItsCanvasIsAWarningNotAFailure() throws {
    let input = try BatchTest.folder(), out = try BatchTest.folder()
    // The dot's orbit (radius 5, dot 4) on a 16-point canvas fits; at radius 7 it leaves by 1 pt.
    try BatchTest.write(BatchTest.dot(name: "in"), as: "in.json", in: input)
    let wide = BatchTest.dot(name: "out").replacingOccurrences(of: "{ \"offset\": { \"y\": 5 } }", with: "{ \"offset\": { \"y\": 7 } }")
    let file = try BatchTest.write(wide, as: "out.json", in: input)
    let log = EventLog()
    let report = try Batch.run(BatchOptions(inputs: [input], output: out), onEvent: log.record)
    XCTAssertTrue(report.succeeded)
    let warnings = log.all.compactMap { event -> String? in
      if case .presetWarning(let file, let message) = event { return "\(file): \(message)" } else { return nil }
    }
    XCTAssertEqual(warnings, ["\(file): drawing leaves the 16×16 canvas by 1 pt (bottom) at t = 0 s"])
  }
}

// MARK: - What the manifest keeps per preset

final class PresetRecordTests: XCTestCase {
  /// The overflow warning is measured with the contact sheet and kept in the preset's record: an
  /// up-to-date batch reports what the record says (here edited by hand, which a re-measure would
  /// not repeat) and draws nothing again.
  func testAnUpToDateBatchReportsTheWarningItsManifestKept() throws {
    let input = try BatchTest.folder(), out = try BatchTest.folder()
    let wide = BatchTest.dot(name: "out").replacingOccurrences(of: "{ \"offset\": { \"y\": 5 } }", with: "{ \"offset\": { \"y\": 7 } }")
    let file = try BatchTest.write(wide, as: "out.json", in: input)
    let options = BatchOptions(inputs: [input], output: out)
    try Batch.run(options)
    let manifestPath = out + "/manifest.json"
    let text = try String(contentsOfFile: manifestPath, encoding: .utf8)
    let measured = "drawing leaves the 16×16 canvas by 1 pt (bottom) at t = 0 s"
    XCTAssertTrue(text.contains("\"warning\": \"\(measured)\""), text)
    try text.replacingOccurrences(of: measured, with: "kept warning").write(toFile: manifestPath, atomically: true, encoding: .utf8)
    let log = EventLog()
    let report = try Batch.run(options, onEvent: log.record)
    XCTAssertEqual(report.written, 0)
    let warnings = log.all.compactMap { event -> String? in
      if case .presetWarning(let f, let message) = event { return "\(f): \(message)" } else { return nil }
    }
    XCTAssertEqual(warnings, ["\(file): kept warning"])
    XCTAssertTrue(try String(contentsOfFile: out + "/index.html", encoding: .utf8).contains("kept warning"))
  }

  /// A manifest without preset records (written before they were kept) gets its contact sheets
  /// drawn again, so the warning is measured rather than lost.
  func testAManifestWithoutRecordsHasItsContactSheetsDrawnAgain() throws {
    let input = try BatchTest.folder(), out = try BatchTest.folder()
    let wide = BatchTest.dot(name: "out").replacingOccurrences(of: "{ \"offset\": { \"y\": 5 } }", with: "{ \"offset\": { \"y\": 7 } }")
    try BatchTest.write(wide, as: "out.json", in: input)
    let options = BatchOptions(inputs: [input], output: out)
    let first = try Batch.run(options)
    var old = first.manifest
    old.presets = []
    try Array(old.json.utf8).withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: out + "/manifest.json")) }
    let log = EventLog()
    let second = try Batch.run(options, onEvent: log.record)
    XCTAssertEqual(second.written, 1, "the contact sheet only")
    XCTAssertEqual(second.manifest, first.manifest)
    XCTAssertEqual(log.all.filter { if case .presetWarning = $0 { return true } else { return false } }.count, 1)
  }

  /// A preset with a failed output (spinkit-plane's 3-D turn has no Lottie form) keeps its
  /// record, so its up-to-date contact sheet is not drawn again; it gets no gallery card.
  func testAPresetWithAFailedOutputKeepsItsRecord() throws {
    let out = try BatchTest.folder()
    let options = BatchOptions(inputs: ["spinkit-plane"], output: out, formats: [GIFFormat(), LottieFormat()])
    let first = try Batch.run(options)
    XCTAssertEqual(first.failures.count, 1)
    XCTAssertEqual(first.manifest.presets.map(\.name), ["spinkit-plane"])
    XCTAssertEqual(first.manifest.failures.map(\.name), ["spinkit-plane"])
    let second = try Batch.run(options)
    XCTAssertEqual(second.written, 0, "the GIF, the contact sheet and the dark preview are up to date")
    XCTAssertEqual(second.upToDate, 3)
    XCTAssertFalse(try String(contentsOfFile: out + "/index.html", encoding: .utf8).contains("<section class=\"card\""))
  }

  /// WCAG 2 contrast ratios: black on white is 21; black on the gallery's dark matte 1.24.
  func testContrastRatiosAreWCAGs() {
    let black = RGBA8(r: 0, g: 0, b: 0), white = RGBA8(r: 255, g: 255, b: 255)
    XCTAssertEqual(InkContrast.ratio(black, white), 21, accuracy: 1e-9)
    // #1C1C1E: 0.2126·lin(28) + 0.7152·lin(28) + 0.0722·lin(30), lin(28) = ((28/255 + 0.055)/1.055)^2.4.
    let lin = { (v: Double) in pow((v / 255 + 0.055) / 1.055, 2.4) }
    let matte = 0.2126 * lin(28) + 0.7152 * lin(28) + 0.0722 * lin(30)
    XCTAssertEqual(InkContrast.ratio(black, BatchPlan.darkMatte), (matte + 0.05) / 0.05, accuracy: 1e-12)
    XCTAssertEqual(InkContrast.ratio(black, BatchPlan.darkMatte), 1.24, accuracy: 0.01)
  }

  /// A black dot is near invisible on the dark tile and its card says so; a blue one is not.
  func testBlackInkGetsANoteOnTheDarkTile() throws {
    let input = try BatchTest.folder(), out = try BatchTest.folder()
    try BatchTest.write(BatchTest.dot(name: "blue"), as: "blue.json", in: input)
    try BatchTest.write(BatchTest.dot(name: "black").replacingOccurrences(of: "\"blue\"", with: "\"black\""), as: "black.json", in: input)
    let report = try Batch.run(BatchOptions(inputs: [input], output: out))
    XCTAssertEqual(report.manifest.presets.map(\.name), ["black", "blue"])
    XCTAssertEqual(report.manifest.presets.map(\.darkInk), [true, false])
    let cards = try String(contentsOfFile: out + "/index.html", encoding: .utf8).components(separatedBy: "<section class=\"card\"")
    XCTAssertEqual(cards.count, 3)
    XCTAssertTrue(cards[1].contains("id=\"black\"") && cards[1].contains("Dark ink: near invisible on the dark tiles"))
    XCTAssertTrue(cards[2].contains("id=\"blue\"") && !cards[2].contains("Dark ink"))
  }
}
