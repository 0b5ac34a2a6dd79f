import KurukuruCore
import KurukuruLottie
import KurukuruRaster
import XCTest

/// The Lottie exporter reads the one laid-out tree: overlays and backgrounds become groups in
/// front of and behind their view, flexible frames and stacks with a `Spacer` translations.
/// Checked by playing the exported document with the importer and probing pixels where the
/// layout rules put each view (worked out by hand, as in `FlexibleLayoutTests`).
final class LottieLayoutExportTests: XCTestCase {
  /// 120 × 40: HStack(spacing: 0) { red 20-pt square with a white 8-pt overlay circle at its
  /// bottom trailing corner; Spacer(); blue square 20 } in a frame(maxWidth: .infinity) with a
  /// yellow background. The stack fills the 120 pt (the Spacer takes 80); the background is
  /// the frame, 120 × 20 at y 10…30.
  func testOverlayBackgroundSpacerAndFlexibleFrameExport() throws {
    let text = #"""
      {"width": 120, "height": 40, "view": {"HStack": {"spacing": 0, "content": [
        {"Rectangle": {}, "modifiers": [{"fill": "#FF0000"}, {"frame": 20},
          {"overlay": {"alignment": "bottomTrailing", "content": {"Circle": {}, "modifiers": [{"fill": "#FFFFFF"}, {"frame": 8}]}}}]},
        {"Spacer": {}},
        {"Rectangle": {}, "modifiers": [{"fill": "#0000FF"}, {"frame": 20}]}
      ]}, "modifiers": [{"frame": {"maxWidth": "infinity"}}, {"background": "#FFFF00"}]}}
      """#
    let scene = try Preset(text: text, file: "layout.json").scene()
    let bytes = try LottieExporter.document(for: scene)
    let animation = try LottieAnimation(text: String(decoding: bytes, as: UTF8.self), file: "layout.lottie.json")
    let native = try Rasterizer(scale: 1).render(scene.displayList(at: 0))
    let played = try Rasterizer(scale: 1).render(animation.displayList(at: 0))
    let probes: [(Int, Int, RGBA8)] = [
      (5, 15, RGBA8(r: 255, g: 0, b: 0)),  // the red square, x 0…20, y 10…30
      (16, 26, RGBA8(r: 255, g: 255, b: 255)),  // the overlay circle, x 12…20, y 22…30
      (60, 20, RGBA8(r: 255, g: 255, b: 0)),  // the Spacer's place shows the background
      (110, 20, RGBA8(r: 0, g: 0, b: 255)),  // the blue square, x 100…120
      (60, 5, RGBA8(r: 0, g: 0, b: 0, a: 0)),  // above the 20-pt high frame
    ]
    for (x, y, want) in probes {
      XCTAssertEqual(native[x, y], want, "native (\(x), \(y))")
      XCTAssertEqual(played[x, y], want, "played (\(x), \(y))")
    }
  }
}
