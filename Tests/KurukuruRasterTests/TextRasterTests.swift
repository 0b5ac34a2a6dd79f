import Foundation
import KurukuruCore
import KurukuruSnapshot
import XCTest

@testable import KurukuruRaster

// MARK: - Text, drawn

/// Text's pixels stated from its font metrics: the ink lies inside the typographic box, the
/// baseline is `ascent` below its top, and the frames are the same bytes on every run, thread
/// and at every scale's own grid.
final class TextRasterTests: XCTestCase {
  func scene(_ view: String, width: Int = 200, height: Int = 60) throws -> ResolvedScene {
    let text = #"{"width": \#(width), "height": \#(height), "view": \#(view)}"#
    return try Preset(text: text, file: "t.json").scene()
  }

  func textSpec(_ s: ResolvedScene) -> TextSpec? {
    if case .text(let t) = s.root.kind { return t }
    return nil
  }

  /// The rows and columns that hold ink (alpha > 0).
  func inkBox(_ frame: Frame) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
    var xs: [Int] = [], ys: [Int] = []
    for y in 0..<frame.height { for x in 0..<frame.width where frame[x, y].a > 0 { xs.append(x); ys.append(y) } }
    guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
    return (x0...x1, y0...y1)
  }

  /// "HH" at 40 pt, scale 1, centred on a 200 × 60 canvas: the box is centred, so its top-left
  /// is ((200 − w) / 2, (60 − h) / 2); ink stays inside it, and H — flat on the baseline — ends
  /// in the pixel row just above y = top + ascent (its bottom edge lies on that line).
  func testInkLiesInTheBoxAndStandsOnTheBaseline() throws {
    let s = try scene(#"{"Text": "HH", "modifiers": [{"font": {"size": 40}}]}"#)
    let t = try XCTUnwrap(textSpec(s))
    let box = t.size(at: 0)
    let left = (200 - box.width) / 2, top = (60 - box.height) / 2
    let frame = try Rasterizer(scale: 1).render(s.displayList(at: 0))
    let ink = try XCTUnwrap(inkBox(frame))
    XCTAssertGreaterThanOrEqual(Double(ink.x.lowerBound), left.rounded(.down))
    XCTAssertLessThanOrEqual(Double(ink.x.upperBound), (left + box.width).rounded(.up))
    XCTAssertGreaterThanOrEqual(Double(ink.y.lowerBound), top.rounded(.down))
    let baseline = top + t.font.ascent
    XCTAssertEqual(ink.y.upperBound, Int((baseline - 1e-9).rounded(.down)), "the last inked row is the one the baseline closes")
    // Pixel rows wholly below the baseline are clear, those a few points above it are solid in
    // H's stems.
    let stem = Int(left + (t.font.glyphs["H"]!.path.elements.compactMap { e -> Double? in
      if case .move(let p) = e { return p.x }
      return nil
    }.first ?? 0) + 1.5)
    XCTAssertEqual(frame[stem, Int(baseline) - 3].a, 255)
    XCTAssertEqual(frame[stem, Int(baseline.rounded(.up)) + 1].a, 0)
  }

  /// `kerning(10)` on "II": the second stem's ink moves right by 10 pt (10 px at scale 1), the
  /// first stays where it was, both within one pixel (the box's centring moves by n·k / 2).
  func testKerningMovesTheSecondGlyphByK() throws {
    let plain = try Rasterizer(scale: 1).render(try scene(#"{"Text": "II", "modifiers": [{"font": {"size": 40}}, {"frame": {"width": 100, "alignment": "leading"}}]}"#).displayList(at: 0))
    let kerned = try Rasterizer(scale: 1).render(try scene(#"{"Text": "II", "modifiers": [{"font": {"size": 40}}, {"kerning": 10}, {"frame": {"width": 100, "alignment": "leading"}}]}"#).displayList(at: 0))
    func columns(_ f: Frame) -> [Int] {
      (0..<f.width).filter { x in (0..<f.height).contains { f[x, $0].a == 255 } }
    }
    let a = columns(plain), b = columns(kerned)
    let split = { (c: [Int]) -> ([Int], [Int]) in
      let gap = c.indices.dropLast().first { c[$0 + 1] - c[$0] > 1 } ?? c.count - 1
      return (Array(c[...gap]), Array(c[(gap + 1)...]))
    }
    let (a1, a2) = split(a), (b1, b2) = split(b)
    XCTAssertEqual(a1, b1, "the first stem stays")
    XCTAssertEqual(b2.map { $0 - 10 }, a2, "the second stem moves by k")
  }

  /// The same frames on every render, through one cache or many, on several threads, and from
  /// a scene resolved again (the font read again): every byte equal.
  func testTextFramesAreDeterministic() throws {
    let view = #"{"Text": {"counter": {"from": 0, "to": 100, "animation": "linear(duration: 1).repeatForever(autoreverses: false)"}, "suffix": "%"}, "modifiers": [{"font": {"size": 24, "weight": "semibold"}}, {"kerning": 0.7}, {"foregroundStyle": {"LinearGradient": {"colors": ["red", "blue"], "startPoint": "leading", "endPoint": "trailing"}}}]}"#
    let s = try scene(view)
    let times = (0..<24).map { Double($0) / 24 }
    let serial = try times.map { try Rasterizer(scale: 2).render(s.displayList(at: $0)) }
    let again = try scene(view)
    XCTAssertEqual(again, s)
    var parallel = [Frame?](repeating: nil, count: times.count)
    let cache = RasterCache()
    let lock = NSLock()
    DispatchQueue.concurrentPerform(iterations: times.count) { i in
      let f = try? Rasterizer(scale: 2, cache: cache).render(again.displayList(at: times[i]))
      lock.lock(); parallel[i] = f; lock.unlock()
    }
    for (i, f) in parallel.enumerated() { XCTAssertEqual(f, serial[i], "frame \(i)") }
    XCTAssertNotEqual(serial[0], serial[12], "the counter changes")
  }

  /// Outlines are scale-independent: at scale 3 the ink box is the scale-1 box's geometry × 3
  /// (within the pixel that edges round to), not a differently hinted glyph.
  func testTextScalesAsAPath() throws {
    let s = try scene(#"{"Text": "Loading", "modifiers": [{"font": {"size": 20}}]}"#)
    let t = try XCTUnwrap(textSpec(s))
    for scale in [1.0, 3.0] {
      let frame = try Rasterizer(scale: scale).render(s.displayList(at: 0))
      let ink = try XCTUnwrap(inkBox(frame))
      let box = t.size(at: 0)
      let left = (200 - box.width) / 2 * scale, top = (60 - box.height) / 2 * scale
      XCTAssertGreaterThanOrEqual(Double(ink.x.lowerBound), left.rounded(.down))
      XCTAssertLessThanOrEqual(Double(ink.x.upperBound), (left + box.width * scale).rounded(.up))
      XCTAssertGreaterThanOrEqual(Double(ink.y.lowerBound), top.rounded(.down))
      XCTAssertLessThanOrEqual(Double(ink.y.upperBound), (top + box.height * scale).rounded(.up))
    }
  }

  // MARK: - Golden

  /// A counter at 37 % in a bold rounded design, kerning 1 and a linear gradient across its box,
  /// over a capsule: the glyphs, the gradient's span and the layout in one frame.
  func testTextGolden() throws {
    let text = """
      {"name": "text-golden", "width": 120, "height": 48, "background": "white",
       "view": {"ZStack": {"content": [
         {"Capsule": {}, "modifiers": [{"fill": "#EEEEEE"}, {"frame": {"width": 100, "height": 36}}]},
         {"Text": {"counter": {"from": 0, "to": 100, "animation": "linear(duration: 1).repeatForever(autoreverses: false)"}, "prefix": "… ", "suffix": "%"},
          "modifiers": [{"font": {"size": 18, "weight": "bold", "design": "rounded"}}, {"kerning": 1}, {"monospacedDigit": true},
                        {"foregroundStyle": {"LinearGradient": {"colors": ["#6A1B9A", "#00897B"], "startPoint": "leading", "endPoint": "trailing"}}}]}
       ]}}}
      """
    let scene = try Preset(text: text, file: "text-golden.json").scene()
    try assertFrames(of: scene, at: [0.375], scale: 2)
  }
}
