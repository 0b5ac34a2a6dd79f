import CCairo
import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruRaster

// MARK: - Shapes

/// Hand-built paths in points (y down, clockwise on screen).
enum Shapes {
  /// Cubic circle constant: control distance for a quarter arc of radius 1.
  static let kappa = 0.5522847498307936

  /// A circle starting at 3 o'clock and running clockwise on screen (3 → 6 → 9 → 12).
  static func circle(center c: Point, radius r: Double) -> BezierPath {
    var path = BezierPath()
    path.move(to: Point(x: c.x + r, y: c.y))
    path.elements += quarterArcs(center: c, radius: r, quarters: 4)
    path.close()
    return path
  }

  /// A quarter arc from 3 o'clock to 6 o'clock, clockwise on screen.
  static func quarterArc(center c: Point, radius r: Double) -> BezierPath {
    var path = BezierPath()
    path.move(to: Point(x: c.x + r, y: c.y))
    path.elements += quarterArcs(center: c, radius: r, quarters: 1)
    return path
  }

  private static func quarterArcs(center c: Point, radius r: Double, quarters: Int) -> [PathElement] {
    let k = kappa * r
    // (start direction, end direction) for 3→6, 6→9, 9→12, 12→3 in y-down coordinates.
    let directions: [(Point, Point)] = [
      (Point(x: 1, y: 0), Point(x: 0, y: 1)), (Point(x: 0, y: 1), Point(x: -1, y: 0)),
      (Point(x: -1, y: 0), Point(x: 0, y: -1)), (Point(x: 0, y: -1), Point(x: 1, y: 0)),
    ]
    return directions.prefix(quarters).map { from, to in
      let p0 = c + from * r, p3 = c + to * r
      return .cubic(p0 + to * k, p3 + from * k, p3)
    }
  }

  /// A rectangle, clockwise on screen.
  static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> BezierPath {
    BezierPath([
      .move(Point(x: x, y: y)), .line(Point(x: x + w, y: y)), .line(Point(x: x + w, y: y + h)),
      .line(Point(x: x, y: y + h)), .close,
    ])
  }

  /// An open polyline.
  static func polyline(_ points: [(Double, Double)]) -> BezierPath {
    var path = BezierPath()
    for (i, p) in points.enumerated() {
      let point = Point(x: p.0, y: p.1)
      if i == 0 { path.move(to: point) } else { path.line(to: point) }
    }
    return path
  }
}

// MARK: - Items and rendering

let red = RGBAColor(red: 1, green: 0, blue: 0)
let green = RGBAColor(red: 0, green: 1, blue: 0)
let blue = RGBAColor(red: 0, green: 0, blue: 1)

func fill(_ path: BezierPath, _ paint: Paint, evenOdd: Bool = false, transform: Transform = .identity) -> DisplayItem {
  .drawing(Drawing(path: path, transform: transform, style: .fill(evenOdd: evenOdd), paint: paint))
}

func fill(_ path: BezierPath, _ color: RGBAColor, evenOdd: Bool = false, transform: Transform = .identity) -> DisplayItem {
  fill(path, .color(color), evenOdd: evenOdd, transform: transform)
}

func stroke(_ path: BezierPath, _ color: RGBAColor, _ style: StrokeOptions, transform: Transform = .identity) -> DisplayItem {
  .drawing(Drawing(path: path, transform: transform, style: .stroke(style), paint: .color(color)))
}

func list(_ items: [DisplayItem], width: Double = 100, height: Double = 100, background: RGBAColor = .clear)
  -> DisplayList
{
  DisplayList(size: Size(width: width, height: height), background: background, items: items)
}

/// Renders items on a transparent canvas (default 100×100 points, scale 1), through `cache`
/// (default: a new one, so nothing is reused from earlier renders).
func render(
  _ items: [DisplayItem], width: Double = 100, height: Double = 100, scale: Double = 1, background: RGBAColor = .clear,
  cache: RasterCache = RasterCache()
) throws -> Frame {
  try Rasterizer(scale: scale, cache: cache).render(list(items, width: width, height: height, background: background))
}

// MARK: - Pixel assertions

extension RGBA8 {
  /// Whether every channel is within `tolerance` of the expectation.
  func isClose(to other: RGBA8, tolerance: Int) -> Bool {
    abs(Int(r) - Int(other.r)) <= tolerance && abs(Int(g) - Int(other.g)) <= tolerance
      && abs(Int(b) - Int(other.b)) <= tolerance && abs(Int(a) - Int(other.a)) <= tolerance
  }
}

func assertPixel(
  _ frame: Frame, _ x: Int, _ y: Int, _ expected: RGBA8, tolerance: Int = 2,
  file: StaticString = #filePath, line: UInt = #line
) {
  let actual = frame[x, y]
  XCTAssertTrue(
    actual.isClose(to: expected, tolerance: tolerance),
    "pixel (\(x), \(y)) is \(actual), expected \(expected) ± \(tolerance)", file: file, line: line)
}

func assertClear(_ frame: Frame, _ x: Int, _ y: Int, file: StaticString = #filePath, line: UInt = #line) {
  XCTAssertEqual(frame[x, y].a, 0, "pixel (\(x), \(y)) should be transparent, is \(frame[x, y])", file: file, line: line)
}

/// Number of pixels with alpha > 0 in the half-open pixel rectangle.
func inkCount(_ frame: Frame, x: Range<Int>, y: Range<Int>) -> Int {
  var count = 0
  for py in y { for px in x where frame[px, py].a > 0 { count += 1 } }
  return count
}

/// The pixel under a point given in canvas pixels (the pixel whose square contains it).
func pixel(_ frame: Frame, at p: Point) -> RGBA8 { frame[Int(p.x), Int(p.y)] }

// MARK: - Looking at frames

/// Writes the frame as a PNG to `$KURUKURU_RASTER_PNG_DIR/<name>.png` when that variable is set
/// (for looking at results by eye; tests never depend on it).
func saveIfRequested(_ frame: Frame, _ name: String) {
  guard let directory = ProcessInfo.processInfo.environment["KURUKURU_RASTER_PNG_DIR"] else { return }
  guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(frame.width), Int32(frame.height))
  else { return }
  defer { cairo_surface_destroy(surface) }
  cairo_surface_flush(surface)
  let stride = Int(cairo_image_surface_get_stride(surface))
  guard let data = cairo_image_surface_get_data(surface) else { return }
  for y in 0..<frame.height {
    let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
    for x in 0..<frame.width {
      let p = frame[x, y]
      let a = UInt32(p.a)
      func pre(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
      row[x] = a << 24 | pre(p.r) << 16 | pre(p.g) << 8 | pre(p.b)
    }
  }
  cairo_surface_mark_dirty(surface)
  cairo_surface_write_to_png(surface, directory + "/" + name + ".png")
}

/// The bundled preset `name` (`Presets/NAME.json` of this repository), loaded from its file.
func bundledPreset(_ name: String) throws -> Preset {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  return try Preset.load(path: root.appendingPathComponent("Presets/\(name).json").path)
}
