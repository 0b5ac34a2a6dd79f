import KurukuruCore
import KurukuruRaster
import XCTest

// MARK: - Orientation through the whole pipeline

/// Directions asserted on pixels (not goldens), from preset text through evaluation and Cairo:
/// 0° at 3 o'clock, positive angles clockwise on screen, y down.
final class PipelineOrientationTests: XCTestCase {
  /// trim(0…0.25) of a stroked circle covers 3 → 6 o'clock: ink in the lower-right quadrant only.
  func testTrimQuarterCoversThreeToSixOClock() throws {
    let frame = try render(
      #"{"Circle": {}, "modifiers": [{"trim": {"from": 0, "to": 0.25}}, {"stroke": {"paint": "black", "lineWidth": 6}}, {"frame": {"width": 80, "height": 80}}]}"#,
      size: 100)
    var inkByQuadrant = [0, 0, 0, 0]  // upper-left, upper-right, lower-left, lower-right
    for y in 0..<frame.height {
      for x in 0..<frame.width where frame[x, y].a > 0 {
        // Pixels on the centre lines belong to the butt caps at 3 and 6 o'clock.
        if x >= 49, x <= 50 || y >= 49 && y <= 50 { continue }
        if y >= 49, y <= 50 { continue }
        inkByQuadrant[(y > 50 ? 2 : 0) + (x > 50 ? 1 : 0)] += 1
      }
    }
    XCTAssertEqual(inkByQuadrant[0], 0, "ink in the upper-left quadrant")
    XCTAssertEqual(inkByQuadrant[1], 0, "ink in the upper-right quadrant")
    XCTAssertEqual(inkByQuadrant[2], 0, "ink in the lower-left quadrant")
    XCTAssertGreaterThan(inkByQuadrant[3], 300)
    // On the path at 45°: (50 + 40 cos 45°, 50 + 40 sin 45°) ≈ (78, 78).
    XCTAssertEqual(frame[78, 78].a, 255)
    XCTAssertEqual(frame[90, 55].a, 255, "just below 3 o'clock")
    XCTAssertEqual(frame[55, 90].a, 255, "just right of 6 o'clock")
  }

  /// AngularGradient from −90° with [red, green, blue, red]: red at 12 o'clock, green at 30°
  /// (between 4 and 5 o'clock), blue at 150° (between 7 and 8 o'clock).
  func testAngularGradientRunsClockwiseFromTwelve() throws {
    let frame = try render(
      #"{"Circle": {}, "modifiers": [{"fill": {"AngularGradient": {"colors": ["red", "green", "blue", "red"], "angle": -90}}}, {"frame": {"width": 100, "height": 100}}]}"#,
      size: 120)
    func sample(_ degrees: Double) -> RGBA8 {
      let a = degrees * .pi / 180
      return frame[Int((60 + 35 * cos(a)).rounded()), Int((60 + 35 * sin(a)).rounded())]
    }
    // SwiftUI's named colours: red #FF3B30, green #34C759, blue #007AFF.
    assertClose(sample(-90), RGBA8(r: 0xFF, g: 0x3B, b: 0x30), "12 o'clock must be red")
    assertClose(sample(30), RGBA8(r: 0x34, g: 0xC7, b: 0x59), "30° must be green")
    assertClose(sample(150), RGBA8(r: 0x00, g: 0x7A, b: 0xFF), "150° must be blue")
    // Counter-clockwise from 12 (at −150°) the gradient is on its way back from blue to red.
    let back = sample(-150)
    XCTAssertGreaterThan(back.b, 100, "−150° mixes blue and red")
    XCTAssertGreaterThan(back.r, 100, "−150° mixes blue and red")
  }

  /// offset(y: 30) then rotationEffect(90°) orbits the frame's centre clockwise on screen: the
  /// dot goes from 6 o'clock to 9 o'clock, left of the centre.
  func testOffsetThenRotationTurnsClockwise() throws {
    let frame = try render(
      #"{"Circle": {}, "modifiers": [{"fill": "black"}, {"frame": {"width": 10, "height": 10}}, {"offset": {"y": 30}}, {"rotationEffect": 90}]}"#,
      size: 100)
    XCTAssertEqual(frame[20, 50].a, 255, "the dot is at 9 o'clock")
    XCTAssertEqual(frame[80, 50].a, 0, "nothing at 3 o'clock")
    XCTAssertEqual(frame[50, 80].a, 0, "nothing left at 6 o'clock")
    XCTAssertEqual(frame[50, 20].a, 0, "nothing at 12 o'clock")
    let ink = stride(from: 0, to: frame.pixels.count, by: 4).filter { frame.pixels[$0 + 3] > 0 }.count
    XCTAssertGreaterThan(ink, 60)
    XCTAssertLessThan(ink, 110)
  }

  /// Filling an open `Arc` closes it with a straight chord from its end back to its start (as
  /// Core Graphics and SwiftUI fill an open path), not with two radii into a pie slice.
  func testFilledArcClosesWithAChord() throws {
    let frame = try render(
      #"{"Arc": {"startAngle": 0, "endAngle": 90}, "modifiers": [{"fill": "black"}, {"frame": {"width": 100, "height": 100}}]}"#,
      size: 100)
    // The chord runs from 3 o'clock (100, 50) to 6 o'clock (50, 100): x + y = 150.
    XCTAssertEqual(frame[82, 82].a, 255, "between the chord and the arc")
    XCTAssertEqual(frame[60, 60].a, 0, "inside a pie slice but on the centre's side of the chord")
    XCTAssertEqual(frame[52, 52].a, 0, "the centre is not part of the shape")
    XCTAssertEqual(frame[73, 73].a, 0, "just inside the chord")
    XCTAssertEqual(frame[77, 77].a, 255, "just outside the chord")
  }

  // MARK: - Helpers

  /// Renders `view` at t = 0 on a transparent `size` pt canvas at scale 1.
  private func render(_ view: String, size: Int) throws -> Frame {
    let text = #"{"width": \#(size), "height": \#(size), "background": "clear", "fps": 10, "view": \#(view)}"#
    let scene = try Preset(text: text, file: "orientation.json").scene()
    return try Rasterizer(scale: 1).render(scene.displayList(at: 0))
  }

  private func assertClose(
    _ actual: RGBA8, _ expected: RGBA8, _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let d = [abs(Int(actual.r) - Int(expected.r)), abs(Int(actual.g) - Int(expected.g)), abs(Int(actual.b) - Int(expected.b))]
    XCTAssertLessThanOrEqual(d.max() ?? 0, 12, "\(message): got \(actual)", file: file, line: line)
    XCTAssertEqual(actual.a, 255, message, file: file, line: line)
  }
}
