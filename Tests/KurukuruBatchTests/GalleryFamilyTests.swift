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
