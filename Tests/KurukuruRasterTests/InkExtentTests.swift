import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruRaster

// MARK: - The rasterizer's conservative ink boxes

/// Offscreen surfaces of blurred and blended layers and of masks are cut to `inkExtent`, so it
/// must hold every pixel the items ink: random nests of clips, masks, blend modes, blurs and
/// shadows over random discs and rectangles, at scales 1 and 2.
final class InkExtentTests: XCTestCase {
  func testTheRasterizersInkBoxHoldsEveryInkedPixel() throws {
    var rng = SplitMix64(seed: 0x696E_6B73)
    func unit() -> Double { Double(Int.random(in: 0...1000, using: &rng)) / 1000 }
    func shape() -> BezierPath {
      let x = unit() * 100 - 10, y = unit() * 100 - 10
      return Int.random(in: 0..<2, using: &rng) == 0
        ? Shapes.circle(center: Point(x: x, y: y), radius: 4 + unit() * 25)
        : Shapes.rect(x, y, 5 + unit() * 40, 5 + unit() * 40)
    }
    func colour() -> RGBAColor { RGBAColor(red: unit(), green: unit(), blue: unit(), alpha: 0.3 + unit() * 0.7) }
    let modes: [LayerBlendMode] = [.normal, .multiply, .screen, .difference, .hue, .add, .destinationOut, .xor]
    func items(depth: Int) -> [DisplayItem] {
      (0..<Int.random(in: 1...3, using: &rng)).map { _ -> DisplayItem in
        let kind = depth > 2 ? 0 : Int.random(in: 0..<5, using: &rng)
        switch kind {
        case 1:
          let turn = Transform.rotation(degrees: unit() * 90).then(.translation(x: unit() * 20, y: unit() * 20))
          return .clipped(ClipGroup(path: shape(), transform: turn, evenOdd: unit() < 0.5, items: items(depth: depth + 1)))
        case 2:
          return .masked(MaskGroup(
            source: unit() < 0.5 ? .alpha : .luminance, inverted: unit() < 0.3, mask: items(depth: depth + 1),
            items: items(depth: depth + 1)))
        case 3:
          let shadow = unit() < 0.4 ? Shadow(color: colour(), radius: unit() * 8, offset: Point(x: unit() * 10 - 5, y: unit() * 10 - 5)) : nil
          return .layer(Layer(
            opacity: 0.4 + unit() * 0.6, shadow: shadow, items: items(depth: depth + 1),
            blendMode: modes[Int.random(in: 0..<modes.count, using: &rng)], blur: unit() < 0.5 ? unit() * 8 : 0))
        default:
          return fill(shape(), colour())
        }
      }
    }
    var inked = 0
    for trial in 0..<120 {
      let list = items(depth: 0)
      for scale in [1.0, 2.0] {
        let frame = try render(list, scale: scale)
        guard let box = inkBounds(list, scale: scale) else {
          XCTAssertEqual(inkCount(frame, x: 0..<frame.width, y: 0..<frame.height), 0, "trial \(trial): ink but no box")
          continue
        }
        for y in 0..<frame.height {
          for x in 0..<frame.width where frame[x, y].a > 0 {
            inked += 1
            let inside = Double(x) >= box.minX * scale - 1e-9 && Double(x + 1) <= box.maxX * scale + 1e-9
              && Double(y) >= box.minY * scale - 1e-9 && Double(y + 1) <= box.maxY * scale + 1e-9
            if !inside { return XCTFail("trial \(trial) @\(scale)x: pixel (\(x), \(y)) outside \(box)") }
          }
        }
      }
    }
    XCTAssertGreaterThan(inked, 100_000)
  }
}
