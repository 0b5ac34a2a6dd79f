import KurukuruCore
import XCTest

@testable import KurukuruRaster

// MARK: - Trims whose end moves

/// A trim whose end moves a little redraws only the pixels near that end: the rest of the
/// stroke keeps its pixels from frame to frame, so GIF, APNG and WebP frames (and the rows a PNG
/// sequence matches again) cover the tip, not the whole arc behind it.
final class TrimStabilityTests: XCTestCase {
  /// Circle of radius 80 pt; the trim end moves 0.72° a frame inside one step of 45° / 8
  /// (`to` in 0.4695…0.4835, between 30/64 and 31/64 of the circle, 169°–174°), 34° past the
  /// start of its arc segment (135°). Every changed pixel must lie within half the line width
  /// plus one step of arc (7.5 + 7.9 pt) and a pixel of either frame's tip, or on the tip's rows:
  /// Cairo's scan converter handles a pixel row as a whole, so a row where an edge ends may shift
  /// its other pixels by a level. Cutting the segment only at the moving end (before) re-flattened
  /// the whole arc behind it: pixels at 135°–155°, above those rows, changed.
  func testAGrowingTrimChangesPixelsOnlyNearItsEnd() throws {
    let circle = ShapeKind.circle.path(in: Rect(x: 20, y: 20, width: 160, height: 160), at: 0)
    try assertOnlyTheTipChanges { to in circle.trimmed(from: 0, to: to) }
  }

  /// The same for an `Arc` whose end angle moves (`PathBuilder.addArc`, cut at fixed angles):
  /// cut into equal shares of the sweep (before), every segment moved with the end.
  func testAGrowingArcChangesPixelsOnlyNearItsEnd() throws {
    try assertOnlyTheTipChanges { to in
      var path = BezierPath()
      PathBuilder.addArc(
        to: &path, center: Point(x: 100, y: 100), radiusX: 80, radiusY: 80, startDegrees: 0, sweepDegrees: 360 * to)
      return path
    }
  }

  /// Strokes `path(to)` (a circle of radius 80 pt about (100, 100), drawn from 3 o'clock to the
  /// fraction `to` of a turn) for `to` in 0.4695…0.4835 and checks every changed pixel between
  /// consecutive frames against the tips, as described above.
  private func assertOnlyTheTipChanges(_ path: (Double) -> BezierPath, line: UInt = #line) throws {
    let center = Point(x: 100, y: 100), radius = 80.0, scale = 2.0
    let style = StrokeOptions(lineWidth: 15, lineCap: .round)
    func tip(_ to: Double) -> Point {
      let angle = to * 2 * .pi  // clockwise on screen from 3 o'clock
      return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
    }
    let ends = stride(from: 0.4695, through: 0.4835, by: 0.002).map { $0 }
    var frames: [Frame] = []
    for to in ends {
      frames.append(try render([stroke(path(to), red, style)], width: 200, height: 200, scale: scale))
    }
    let reach = 7.5 + 7.9 + 1 / scale
    var changed = 0
    for k in 1..<frames.count {
      let a = tip(ends[k - 1]), b = tip(ends[k])
      for y in 0..<frames[k].height {
        for x in 0..<frames[k].width where frames[k][x, y] != frames[k - 1][x, y] {
          changed += 1
          let p = Point(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale)
          let near = min((p - a).length, (p - b).length), rows = min(abs(p.y - a.y), abs(p.y - b.y))
          if near > reach && rows > reach {
            return XCTFail(
              "frames \(k - 1)→\(k): pixel (\(x), \(y)) is \(near) pt from the tips, \(rows) pt from their rows", line: line)
          }
        }
      }
    }
    XCTAssertGreaterThan(changed, 0, "the tip moves", line: line)
  }
}
