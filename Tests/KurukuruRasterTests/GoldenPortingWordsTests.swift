import KurukuruCore
import KurukuruRaster
import KurukuruSnapshot
import XCTest

// MARK: - Golden frames of the CSS, SVG and Android porting words

/// One small inline preset per porting word, on a white 60 × 60 pt canvas at scale 2, and the
/// presets ported with them. References live in `__Snapshots__/GoldenPortingWordsTests/`;
/// re-record with `KURUKURU_RECORD=all` and look at them against the rule each test names.
final class GoldenPortingWordsTests: XCTestCase {
  /// An animated dash pattern: at 0.5 s [2, 6] has become [7, 4] halfway to [12, 2], and the
  /// phase 0 → 10 is at 5 (the first dash starts 5 pt before 3 o'clock).
  func testAnimatedDash() throws {
    try word(
      #"{"Circle": {}, "modifiers": [{"stroke": {"paint": "indigo", "lineWidth": 4, "dash": {"from": [2, 6], "to": [12, 2], "animation": "linear(duration: 1)"}, "dashPhase": {"from": 0, "to": 10, "animation": "linear(duration: 1)"}}}, {"frame": 44}]}"#,
      at: [0.5])
  }

  /// A 20 × 10 viewBox on the 60 pt canvas scales by 3 and centres vertically: the 20 × 10
  /// drawing (a red bar and a 2-unit stroked circle) fills the canvas's width and a 30 pt band.
  func testViewBox() throws {
    try word(
      #"{"ZStack": {"content": [{"Rectangle": {}, "modifiers": [{"fill": "rgb(221, 221, 221)"}]}, {"Circle": {}, "modifiers": [{"stroke": {"paint": "red", "lineWidth": 2}}, {"frame": 8}]}]}}"#,
      at: [0], extra: #""viewBox": [0, 0, 20, 10], "#)
  }

  /// CSS skewX(20deg) skewY(−10deg) about the centre of a 30 × 30 square: its top leans left
  /// (x' = x + tan 20° · y) and its right side rises (y' = y + tan(−10°) · x), a parallelogram.
  func testSkew() throws {
    try word(#"{"Rectangle": {}, "modifiers": [{"fill": "teal"}, {"frame": 30}, {"skew": {"x": 20, "y": -10}}]}"#, at: [0])
  }

  /// box-shadow with spread: a 24 pt square with corners of 6, its shadow outset by 5 (corners
  /// 11), offset (4, 4), blurred by 4 and cut out under the translucent square, beside a
  /// 10 pt disc (cornerRadius 5) whose shadow spreads by −2 to a 6 pt disc at (0, 14).
  func testBoxShadowSpread() throws {
    try word(
      #"{"VStack": {"spacing": 6, "content": [{"RoundedRectangle": {"cornerRadius": 6}, "modifiers": [{"fill": "rgba(0, 128, 255, 0.4)"}, {"frame": 24}, {"shadow": {"color": "black", "radius": 4, "x": 4, "y": 4, "spread": 5, "cornerRadius": 6}}]}, {"Circle": {}, "modifiers": [{"fill": "orange"}, {"frame": 10}, {"shadow": {"color": "purple", "radius": 0, "y": 14, "spread": -2, "cornerRadius": 5}}]}]}}"#,
      at: [0])
  }

  /// three-dots' dot-pulse: at 0.45 s the first dot is at its widest (spread 2), the second
  /// growing, the third gone; at 0.9 s the third is at its widest.
  func testThreeDotsDotPulse() throws {
    try assertFrames(of: "Presets/three-dots-dot-pulse.json", at: [0.45, 0.9], scale: 2)
  }

  /// An Android path curve: three dots offset 0 → 40 pt through `path(M0,0 L0.2,0 C …)` at 0.1,
  /// 0.5 and 0.9 of the pass (held at 0, then AOSP's rect1 translate curve).
  func testPathCurve() throws {
    let dot = #"{"Circle": {}, "modifiers": [{"fill": "teal"}, {"frame": 8}, {"offset": {"x": {"from": -20, "to": 20, "curve": "path(M 0.0,0.0 L 0.2 0 C 0.3958333333336,0 0.474845090492,0.206797621729 0.5916666666664,0.417082932942 C 0.7151610251224,0.639379624869 0.81625,0.974556908664 1.0,1.0)", "animation": "linear(duration: 1).repeatForever(autoreverses: false).delay(DELAY)"}}}]}"#
    let dots = ["-0.1", "-0.5", "-0.9"].map { dot.replacingOccurrences(of: "DELAY", with: $0) }.joined(separator: ", ")
    try word(#"{"VStack": {"spacing": 10, "content": [\#(dots)]}}"#, at: [0])
  }

  /// MUI's CircularProgress: dash [1, 200] growing to 100 at 0.7 s and shrinking back, its
  /// offset running to −126, the svg's 44-unit viewBox in 40 pt, the whole turning in 1.4 s.
  func testMUICircularProgress() throws {
    try assertFrames(of: "Presets/mui-circular-progress.json", at: [0.1, 0.7, 1.2], scale: 2)
  }

  private func word(
    _ view: String, at times: [Double], extra: String = "", file: StaticString = #filePath, function: String = #function,
    line: UInt = #line
  ) throws {
    let text = #"{"width": 60, "height": 60, \#(extra)"background": "white", "fps": 10, "view": \#(view)}"#
    let preset = try Preset(text: text, file: "\(function).json")
    try assertFrames(of: preset, at: times, scale: 2, file: file, function: function, line: line)
  }
}
