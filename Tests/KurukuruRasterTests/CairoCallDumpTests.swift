import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruRaster

final class CairoCallDumpTests: XCTestCase {
  /// A frame of a spinner using every kind of operation, turned by `t` (0…1).
  static func sampleList(_ t: Double) -> DisplayList {
    let center = Point(x: 50, y: 50)
    let spin = Transform.translation(x: -50, y: -50).then(.rotation(degrees: 360 * t))
      .then(.translation(x: 50, y: 50))
    let ring = Drawing(
      path: Shapes.circle(center: center, radius: 30), transform: spin,
      style: .stroke(StrokeOptions(lineWidth: 6, lineCap: .round, dash: [20, 8], dashPhase: 3)),
      paint: .angular(
        AngularGradientPaint(
          stops: [
            GradientStop(location: 0, color: red), GradientStop(location: 0.5, color: green),
            GradientStop(location: 1, color: red),
          ], center: center, startAngle: -90, endAngle: 270)))
    let linear = LinearGradientPaint(
      stops: [GradientStop(location: 0, color: .white), GradientStop(location: 1, color: blue)],
      start: Point(x: 40, y: 40), end: Point(x: 60, y: 60))
    let radial = RadialGradientPaint(
      stops: [GradientStop(location: 0, color: .white), GradientStop(location: 1, color: .clear)],
      center: Point(x: 0, y: 0), startRadius: 0, endRadius: 8)
    let dot = Drawing(
      path: Shapes.circle(center: .zero, radius: 8),
      transform: Transform.translation(x: 0, y: -30).then(spin), style: .fill(evenOdd: false), paint: .radial(radial))
    return DisplayList(
      size: Size(width: 100, height: 100), background: RGBAColor(red: 0.1, green: 0.1, blue: 0.2),
      items: [
        .layer(
          Layer(
            opacity: 0.9, shadow: Shadow(color: .white, radius: 4, offset: Point(x: 0.5, y: 1)),
            items: [.drawing(ring)])),
        .layer(
          Layer(
            opacity: 0.5,
            items: [
              fill(Shapes.rect(40, 40, 20, 20), .linear(linear), evenOdd: true), .drawing(dot), fill(BezierPath(), red),
            ])),
        .layer(Layer(opacity: 0, items: [fill(Shapes.rect(0, 0, 10, 10), red)])),
      ])
  }

  func testDumpListsTheOperationsTheRendererPerforms() {
    let text = CairoCallDump.text(of: Self.sampleList(0.25), scale: 2)
    let lines = text.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.first, "frame")
    XCTAssertEqual(lines[1], "canvas 200 200 2.0")
    XCTAssertEqual(lines[2], "background 0.1 0.1 0.2 1.0")
    func count(_ word: String) -> Int { lines.filter { $0.split(separator: " ").first.map(String.init) == word }.count }
    XCTAssertEqual(count("draw"), 3, "the empty path and the invisible layer are left out")
    XCTAssertEqual(count("shadow"), 1)
    XCTAssertEqual(count("group"), 1)
    XCTAssertEqual(count("end"), 2)
    XCTAssertEqual(count("stop"), 7)
    XCTAssertEqual(count("C"), 8)
    XCTAssertTrue(lines.contains("angular 50.0 50.0 -90.0 360.0 3"))
    XCTAssertTrue(lines.contains("stroke 6.0 round miter 10.0 3.0 2 20.0 8.0"))
    XCTAssertTrue(lines.contains("fill evenodd"))
    XCTAssertTrue(lines.contains("shadow 0.9 1.0 1.0 1.0 1.0 4.0 1.0 2.0"), "sigma and offset in pixels")
    XCTAssertTrue(text.hasSuffix("\n"))
  }

  func testNumbersRoundTripExactly() throws {
    let odd = 0.1 + 0.2
    let drawing = Drawing(
      path: Shapes.rect(odd, 1.0 / 3, 10, 1e-7), transform: .identity, style: .fill(evenOdd: false),
      paint: .color(red))
    let text = CairoCallDump.text(of: list([.drawing(drawing)]), scale: 1)
    let move = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("M ") })
    let numbers = move.split(separator: " ").dropFirst().compactMap { Double(String($0)) }
    XCTAssertEqual(numbers, [odd, 1.0 / 3])
  }

  /// Writes a benchmark input for `scripts/bench.d/cairo-direct` when `KURUKURU_CAIRO_DIRECT_DUMP`
  /// names a file, with the FNV-1a hash of the frames the Swift renderer makes from it.
  func testWriteBenchmarkDumpWhenRequested() throws {
    let frames = 60, scale = 2.0
    let lists = (0..<frames).map { Self.sampleList(Double($0) / Double(frames)) }
    let text = lists.map { CairoCallDump.text(of: $0, scale: scale) }.joined()
    XCTAssertEqual(text.components(separatedBy: "frame\n").count - 1, frames)
    guard let path = ProcessInfo.processInfo.environment["KURUKURU_CAIRO_DIRECT_DUMP"] else { return }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let rasterizer = Rasterizer(scale: scale)
    let start = Date()
    var rendered: [Frame] = []
    for list in lists { rendered.append(try rasterizer.render(list)) }
    let seconds = Date().timeIntervalSince(start)
    for frame in rendered {
      for byte in frame.pixels { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
    print("swift frames=\(frames) seconds=\(seconds) hash=\(String(hash, radix: 16))")
  }
}
