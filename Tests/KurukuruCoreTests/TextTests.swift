import Foundation
import XCTest

@testable import KurukuruCore

// MARK: - An independent TrueType reader

/// The few tables of a TrueType file the tests state metrics from, read here straight from the
/// file's bytes (the OpenType spec's `head`, `hhea`, `hmtx` and `cmap` format 4), not through
/// FreeType: units per em, the horizontal ascender and descender, and a character's advance.
struct TrueTypeTables {
  let bytes: [UInt8]
  var tables: [String: Int] = [:]

  init(path: String) throws {
    bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let count = Int(u16(4))
    for i in 0..<count {
      let record = 12 + 16 * i
      let tag = String(bytes: bytes[record..<record + 4], encoding: .ascii) ?? ""
      tables[tag] = Int(u32(record + 8))
    }
  }

  func u16(_ o: Int) -> UInt16 { UInt16(bytes[o]) << 8 | UInt16(bytes[o + 1]) }
  func i16(_ o: Int) -> Int { Int(Int16(bitPattern: u16(o))) }
  func u32(_ o: Int) -> UInt32 { UInt32(u16(o)) << 16 | UInt32(u16(o + 2)) }

  var unitsPerEm: Int { Int(u16(tables["head"]! + 18)) }
  var ascender: Int { i16(tables["hhea"]! + 4) }
  var descender: Int { i16(tables["hhea"]! + 6) }

  /// The glyph of `c` by the Unicode BMP subtable (platform 3, encoding 1, format 4).
  func glyph(_ c: Unicode.Scalar) -> Int {
    let cmap = tables["cmap"]!
    var sub = 0
    for i in 0..<Int(u16(cmap + 2)) {
      let r = cmap + 4 + 8 * i
      if u16(r) == 3, u16(r + 2) == 1 { sub = cmap + Int(u32(r + 4)) }
    }
    let segments = Int(u16(sub + 6)) / 2
    let ends = sub + 14, starts = ends + 2 * segments + 2, deltas = starts + 2 * segments, offsets = deltas + 2 * segments
    let code = Int(c.value)
    for s in 0..<segments where code <= Int(u16(ends + 2 * s)) {
      guard code >= Int(u16(starts + 2 * s)) else { return 0 }
      let rangeOffset = Int(u16(offsets + 2 * s))
      if rangeOffset == 0 { return (code + Int(u16(deltas + 2 * s))) & 0xFFFF }
      let g = Int(u16(offsets + 2 * s + rangeOffset + 2 * (code - Int(u16(starts + 2 * s)))))
      return g == 0 ? 0 : (g + Int(u16(deltas + 2 * s))) & 0xFFFF
    }
    return 0
  }

  /// The advance of `c` in font units (`hmtx`; glyphs past `numberOfHMetrics` share the last).
  func advance(_ c: Unicode.Scalar) -> Int {
    let metrics = Int(u16(tables["hhea"]! + 34))
    return Int(u16(tables["hmtx"]! + 4 * min(glyph(c), metrics - 1)))
  }
}

// MARK: - Text

/// Text's box, its glyphs' placement, kerning, counters and its errors, stated from the font
/// file's own tables.
final class TextTests: XCTestCase {
  func scene(_ view: String, width: Double = 300, height: Double = 100, extra: String = "") throws -> ResolvedScene {
    try Preset(text: presetText(view: view, extra: extra).replacingOccurrences(of: "\"width\": 100", with: "\"width\": \(width)"), file: "t.json").scene()
  }

  func text(_ scene: ResolvedScene) throws -> TextSpec {
    guard case .text(let t) = scene.root.kind else { throw XCTSkip("not a text") }
    return t
  }

  /// DejaVu Sans (Debian's fonts-dejavu-core), the font of the default design.
  func dejaVu() throws -> (TextSpec, TrueTypeTables) {
    let t = try text(try scene(#"{"Text": "Loading…", "modifiers": [{"font": {"size": 20}}]}"#))
    XCTAssertTrue(t.font.file.path.hasSuffix("DejaVuSans.ttf"), t.font.file.path)
    return (t, try TrueTypeTables(path: t.font.file.path))
  }

  /// The box is the advances' sum (hmtx) by ascender − descender (hhea), scaled by size / em.
  func testTheBoxIsTheAdvancesByTheLineHeight() throws {
    let (t, ttf) = try dejaVu()
    let k = 20 / Double(ttf.unitsPerEm)
    let advances = "Loading…".unicodeScalars.reduce(0) { $0 + ttf.advance($1) }
    let size = t.size(at: 0)
    XCTAssertEqual(size.width, Double(advances) * k, accuracy: 1e-9)
    XCTAssertEqual(size.height, Double(ttf.ascender - ttf.descender) * k, accuracy: 1e-9)
    XCTAssertEqual(t.font.ascent, Double(ttf.ascender) * k, accuracy: 1e-9)
  }

  /// Each glyph's outline lies within its advance box, from the pen position (x) and between
  /// the top of the line and its bottom (y): 'L' stands on the baseline (y = ascent) and 'g'
  /// hangs below it.
  func testGlyphsSitOnTheBaselineInsideTheirAdvances() throws {
    let (t, ttf) = try dejaVu()
    let k = 20 / Double(ttf.unitsPerEm)
    var pen = 0.0
    for c in "Loading".unicodeScalars {
      let points = t.font.glyphs[c]!.path.elements.compactMap { e -> Point? in
        switch e {
        case .move(let p), .line(let p), .cubic(_, _, let p): return p
        case .close: return nil
        }
      }
      let advance = Double(ttf.advance(c)) * k
      XCTAssertTrue(points.allSatisfy { $0.x >= -0.05 * advance && $0.x <= advance * 1.05 }, "\(c) within its advance")
      XCTAssertTrue(points.allSatisfy { -$0.y <= t.font.ascent + 1e-9 && $0.y <= t.font.descent + 1e-9 }, "\(c) within the line")
      if c == "L" { XCTAssertEqual(points.map(\.y).max() ?? 1, 0, accuracy: 1e-9, "L stands on the baseline") }
      if c == "g" { XCTAssertGreaterThan(points.map(\.y).max() ?? 0, 2, "g descends") }
      pen += advance
    }
    // The text's path: the baseline at y = ascent in the box.
    let ys = t.path(at: 0).elements.compactMap { e -> Double? in
      if case .line(let p) = e { return p.y }
      return nil
    }
    XCTAssertEqual(ys.filter { abs($0 - t.font.ascent) < 1e-9 }.isEmpty, false, "L's foot on y = ascent")
  }

  /// `kerning(k)` adds k after each of the n characters: the box widens by n·k, and the last
  /// glyph moves right by (n − 1)·k.
  func testKerningWidensByNTimesK() throws {
    let plain = try text(try scene(#"{"Text": "Loading", "modifiers": [{"font": {"size": 20}}]}"#))
    let kerned = try text(try scene(#"{"Text": "Loading", "modifiers": [{"kerning": 3}, {"font": {"size": 20}}]}"#))
    XCTAssertEqual(kerned.size(at: 0).width - plain.size(at: 0).width, 7 * 3, accuracy: 1e-9)
    func lastX(_ t: TextSpec) -> Double {
      t.path(at: 0).elements.compactMap { e -> Double? in
        if case .move(let p) = e { return p.x }
        return nil
      }.last ?? 0
    }
    XCTAssertEqual(lastX(kerned) - lastX(plain), 6 * 3, accuracy: 1e-9)
  }

  /// `monospacedDigit()`: every digit takes the widest digit's advance (hmtx), so a counter's
  /// width is the same for every value with as many digits; a narrower digit is centred in it.
  func testMonospacedDigitsShareTheWidestAdvance() throws {
    let view = #"{"Text": {"counter": {"from": 10, "to": 99, "animation": "linear(duration: 1)"}}, "modifiers": [{"font": {"size": 10, "design": "monospaced"}}, {"monospacedDigit": true}]}"#
    let t = try text(try scene(view))
    let ttf = try TrueTypeTables(path: t.font.file.path)
    let widest = "0123456789".unicodeScalars.map { ttf.advance($0) }.max() ?? 0
    XCTAssertEqual(t.size(at: 0).width, 2 * Double(widest) * 10 / Double(ttf.unitsPerEm), accuracy: 1e-9)
    XCTAssertEqual(t.size(at: 0.37).width, t.size(at: 0).width, accuracy: 1e-12)
    // DejaVu's digits are tabular already; a font whose '1' is narrower shows the rule.
    let file = FontFile(path: "/x.ttf", bytes: 1, modified: 0, family: "X", style: "")
    var glyphs: [Unicode.Scalar: Glyph] = [:]
    for c in "0123456789".unicodeScalars { glyphs[c] = Glyph(advance: c == "1" ? 4 : 6, path: BezierPath([.move(Point(x: 0, y: 0)), .line(Point(x: 1, y: 0)), .close])) }
    let font = ResolvedFont(file: file, size: 10, ascent: 8, descent: 2, glyphs: glyphs)
    let ones = TextSpec(content: .literal("11"), font: font, monospacedDigit: true)
    XCTAssertEqual(ones.size(at: 0).width, 12, accuracy: 1e-12)
    XCTAssertEqual(TextSpec(content: .literal("11"), font: font).size(at: 0).width, 8, accuracy: 1e-12)
    let starts = ones.path(at: 0).elements.compactMap { e -> Double? in
      if case .move(let p) = e { return p.x }
      return nil
    }
    XCTAssertEqual(starts, [1, 7], "each '1' centred in the widest digit's advance")
  }

  /// A counter is prefix + the value cut toward zero (Swift's `Int(_:)`) + suffix: 0 → 100 over
  /// 2 s shows 49 % just before 1 s and 50 % at it.
  func testCounterFormatsTheValueAtEachInstant() throws {
    let t = try text(try scene(#"{"Text": {"counter": {"from": 0, "to": 100, "animation": "linear(duration: 2).repeatForever(autoreverses: false)"}, "suffix": "%"}}"#))
    XCTAssertEqual(t.string(at: 0), "0%")
    XCTAssertEqual(t.string(at: 0.999), "49%")
    XCTAssertEqual(t.string(at: 1), "50%")
    XCTAssertEqual(TextSpec.format(-2.75, decimals: 1), "-2.7")
    XCTAssertEqual(TextSpec.format(-0.5, decimals: 0), "0")
    XCTAssertEqual(TextSpec.format(0.29, decimals: 2), "0.28", "0.29 × 100 is 28.999… in binary, cut toward zero")
  }

  /// The font is named where it is read, and the design maps to its family.
  func testDesignsMapToTheirFamilies() throws {
    for (design, file) in [("default", "DejaVuSans.ttf"), ("rounded", "DejaVuSans.ttf"), ("monospaced", "DejaVuSansMono.ttf"), ("serif", "DejaVuSerif.ttf")] {
      let t = try text(try scene(#"{"Text": "a", "modifiers": [{"font": {"design": "\#(design)"}}]}"#))
      XCTAssertTrue(t.font.file.path.hasSuffix("/" + file), "\(design): \(t.font.file.path)")
    }
    let bold = try text(try scene(#"{"Text": "a", "modifiers": [{"font": {"weight": "bold"}}]}"#))
    XCTAssertTrue(bold.font.file.path.hasSuffix("/DejaVuSans-Bold.ttf"), bold.font.file.path)
    XCTAssertEqual(bold.font.size, 17, "SwiftUI's body size by default")
  }

  /// `info` names the font file, its family, style and size in bytes.
  func testInfoNamesTheFontFile() throws {
    let text = presetText(view: #"{"Text": "Loading", "modifiers": [{"font": {"weight": "bold"}}]}"#)
    let preset = try Preset(text: text, file: "t.json")
    let scene = try preset.scene()
    let fonts = preset.description(of: scene, file: "t.json").first { $0.0 == "fonts" }?.1
    guard case .array(let items)? = fonts, case .object(let m)? = items.first else { return XCTFail("no fonts") }
    let path = scene.fontFiles.first?.path ?? ""
    XCTAssertTrue(path.hasSuffix("DejaVuSans-Bold.ttf"))
    guard case .string(let file)? = m.first(where: { $0.0 == "file" })?.1, case .int(let n)? = m.first(where: { $0.0 == "bytes" })?.1
    else { return XCTFail("no file or bytes") }
    XCTAssertEqual(file, path)
    let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
    XCTAssertEqual(n, bytes)
    XCTAssertTrue(InfoText.line("fonts", .array(items)).contains(path))
  }

  // MARK: - Errors

  func testAFontFontconfigDoesNotHaveIsAnError() throws {
    let e = presetError(presetText(view: #"{"Text": "x", "modifiers": [{"font": {"family": "No Such Family Kurukuru"}}]}"#))
    XCTAssertEqual(
      e?.hasPrefix("test.json:4:48: no font found for family 'No Such Family Kurukuru' (fontconfig offers"), true, e ?? "no error")
    XCTAssertEqual(e?.contains("fonts-dejavu-core"), true)
    do {
      _ = try Preset(text: presetText(view: #"{"Text": "x", "modifiers": [{"font": {"family": "No Such Family Kurukuru"}}]}"#), file: "t").scene()
    } catch let error as PresetError {
      XCTAssertEqual(error.kind, .font)
    }
  }

  func testAMissingGlyphNamesTheCharacter() {
    let e = presetError(presetText(view: #"{"Text": "Load 漢"}"#))
    XCTAssertEqual(e?.contains("has no glyph for '漢' (U+6F22)"), true, e ?? "no error")
  }

  func testSFSymbolsAreRefusedWithTheClosestShape() {
    let e = presetError(presetText(view: #"{"Image": {"systemName": "ellipsis"}}"#))
    XCTAssertEqual(e?.contains("SF Symbols 'ellipsis' cannot be drawn"), true, e ?? "no error")
    XCTAssertEqual(e?.contains("closest: an HStack of three Circles"), true, e ?? "no error")
  }

  func testTextLimitsAndMistakes() {
    let long = String(repeating: "a", count: 257)
    XCTAssertEqual(presetError(presetText(view: #"{"Text": "\#(long)"}"#))?.contains("at most 256 characters"), true)
    XCTAssertEqual(presetError(presetText(view: #"{"Text": "a\nb"}"#))?.contains("a Text is one line"), true)
    XCTAssertEqual(presetError(presetText(view: #"{"Circle": {}, "modifiers": [{"kerning": 2}]}"#))?.contains("'kerning' applies to Text only"), true)
    XCTAssertEqual(presetError(presetText(view: #"{"Text": "a", "modifiers": [{"fill": "red"}]}"#))?.contains("foregroundStyle"), true)
    XCTAssertEqual(presetError(presetText(view: #"{"Text": "a", "modifiers": [{"font": {"weight": "heavyy"}}]}"#))?.contains("did you mean 'heavy'"), true)
    XCTAssertEqual(presetError(presetText(view: #"{"Text": "a", "modifiers": [{"font": {"size": 0}}]}"#))?.contains("font size must be in"), true)
  }

  /// A Text in a stack takes its box in the one layout pass: an HStack of a 20 × 20 frame and
  /// the text is their widths plus the spacing, and as tall as the taller.
  func testTextComposesWithStacks() throws {
    let s = try scene(#"{"HStack": {"spacing": 4, "content": [{"Rectangle": {}, "modifiers": [{"frame": 20}]}, {"Text": "Loading", "modifiers": [{"font": {"size": 20}}]}]}}"#)
    let t = try text(try scene(#"{"Text": "Loading", "modifiers": [{"font": {"size": 20}}]}"#))
    let root = s.layout(at: 0).root
    XCTAssertEqual(root.size.width, 20 + 4 + t.size(at: 0).width, accuracy: 1e-9)
    XCTAssertEqual(root.size.height, max(20, t.font.lineHeight), accuracy: 1e-9)
  }
}
