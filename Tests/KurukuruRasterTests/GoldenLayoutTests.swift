import KurukuruCore
import KurukuruRaster
import KurukuruSnapshot
import XCTest

// MARK: - Golden frames of flexible layout

/// Stacks with a `Spacer`, flexible frames, `aspectRatio`, `overlay` and `background`, as golden
/// frames (references in `__Snapshots__/GoldenLayoutTests/`, re-recorded with
/// `KURUKURU_RECORD=all`) and as pixel probes at places worked out by hand from SwiftUI's layout
/// rules (Presets/README §4–§5).
final class GoldenLayoutTests: XCTestCase {
  /// 120 × 60, padding 4 (112 × 52 offered), VStack(spacing: 4) of:
  /// - HStack(spacing: 6) { red Circle 20; Spacer(); blue Capsule .frame(height: 10)
  ///   .frame(maxWidth: .infinity) }: 112 − 12 = 100; the circle takes 20, the Spacer 40 of the
  ///   80 left, the capsule the last 40 (x 72…112 of the padded box), 20 high;
  /// - yellow Rectangle .aspectRatio(3, .fit) .overlay(alignment: .topTrailing) { green Circle 12 }:
  ///   the HStack is inflexible in height and goes first (20 of a 24 share), the rectangle is
  ///   offered 112 × 28 and fits 84 × 28, centred: x 14…98, y 24…52 of the padded box; the
  ///   circle in its top-right corner.
  static let layout = #"""
    {"VStack": {"spacing": 4, "content": [
      {"HStack": {"spacing": 6, "content": [
        {"Circle": {}, "modifiers": [{"fill": "red"}, {"frame": 20}]},
        {"Spacer": {}},
        {"Capsule": {}, "modifiers": [{"fill": "blue"}, {"frame": {"height": 10}}, {"frame": {"maxWidth": "infinity"}}]}
      ]}},
      {"Rectangle": {}, "modifiers": [{"fill": "yellow"}, {"aspectRatio": 3},
        {"overlay": {"alignment": "topTrailing", "content": {"Circle": {}, "modifiers": [{"fill": "green"}, {"frame": 12}]}}}]}
    ]}, "modifiers": [{"padding": 4}]}
    """#

  func scene() throws -> ResolvedScene {
    try Preset(text: #"{"width": 120, "height": 60, "background": "white", "view": \#(GoldenLayoutTests.layout)}"#, file: "layout.json").scene()
  }

  func testStacksSpacerFlexibleFrameAspectRatioAndOverlay() throws {
    try assertFrames(of: try scene(), at: [0], scale: 2)
  }

  /// Pixel probes (scale 2) at the centres of what the layout placed, and in the gaps.
  func testProbesWhereTheLayoutPutsEachView() throws {
    let frame = try Rasterizer(scale: 2).render(try scene().displayList(at: 0))
    func at(_ x: Double, _ y: Double) -> RGBA8 { frame[Int(x * 2), Int(y * 2)] }
    let red = RGBA8(r: 0xFF, g: 0x3B, b: 0x30, a: 255), blue = RGBA8(r: 0x00, g: 0x7A, b: 0xFF, a: 255)
    let yellow = RGBA8(r: 0xFF, g: 0xCC, b: 0x00, a: 255), green = RGBA8(r: 0x34, g: 0xC7, b: 0x59, a: 255)
    let white = RGBA8(r: 255, g: 255, b: 255, a: 255)
    XCTAssertEqual(at(14, 14), red)  // circle: 4…24 × 4…24
    XCTAssertEqual(at(50, 14), white)  // the Spacer: x 30…70
    XCTAssertEqual(at(80, 14), blue)  // capsule: x 76…116, y 9…19
    XCTAssertEqual(at(96, 8), white)  // above the capsule
    XCTAssertEqual(at(40, 45), yellow)  // rectangle: x 18…102, y 28…56
    XCTAssertEqual(at(14, 45), white)  // left of the fitted rectangle
    XCTAssertEqual(at(106, 45), white)  // right of it
    XCTAssertEqual(at(96, 34), green)  // overlay circle: x 90…102, y 28…40
    XCTAssertEqual(at(91, 51), yellow)  // below the overlay circle, still the rectangle
  }

  /// MUI's bars as overlays on a maxWidth: .infinity track, clipped: at 0.5 s bar 1 is crossing
  /// and bar 2 is about to leave by the right; at 1.5 s bar 2 sweeps in wide from the left.
  func testMUILinearProgress() throws {
    try assertFrames(of: "Presets/mui-linear-progress.json", at: [0.5, 1.5], scale: 2)
  }

  /// Ant Design's four dots placed by stacks and Spacers, the square turned 135° at 0.3 s.
  func testAntdSpin() throws {
    try assertFrames(of: "Presets/antd-spin.json", at: [0.3], scale: 4)
  }
}
