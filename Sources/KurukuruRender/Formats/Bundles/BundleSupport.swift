import Foundation
import KurukuruCodecs
import KurukuruCore

// MARK: - AppBundleHelp

/// What `render --help` says about the app bundles: their files, densities and name mappings.
package enum AppBundleHelp {
  /// Lines of at most 100 characters, no trailing newline.
  package static let text = """
    The app bundles hold their own densities and ignore --scale (with a note):
      android   DIR/res/drawable/NAME.xml, an <animation-list> of durations in ms that add up
                to the loop, and DIR/res/drawable-{mdpi,hdpi,xhdpi,xxhdpi,xxxhdpi}/NAME_0.png …
                at 1, 1.5, 2, 3, 4 px per dp. NAME becomes a resource name: lower case, other
                characters than a-z 0-9 _ become _, and anim_ goes before a leading digit or _
                or a Java keyword (activity-indicator → activity_indicator, 3dots → anim_3dots);
                non-ASCII names are an error.
      xcassets  DIR/NAME.xcassets (DIR default .) with image sets NAME0 … holding NAME0.png,
                NAME0@2x.png, NAME0@3x.png; prints the Swift that plays it,
                UIImage.animatedImageNamed("NAME", duration: PERIOD).
      css       DIR/NAME.css, NAME.html and sprite sheets NAME.png, NAME@2x.png (one row, or
                a grid of full rows when the 2x sheet would pass 16384 px); .NAME is an element
                of the preset's size in CSS px. Characters other than A-Z a-z 0-9 - _ become _,
                and _ goes before a leading digit.
    """
}

// MARK: - AppBundle

/// What the app-bundle formats (`android`, `xcassets`, `css`) share: renderers at the bundle's
/// own densities, frame times in milliseconds, and the note about `--scale`.
///
/// A bundle holds every density an app needs, so the scale of the renderer handed to `write`
/// (the command line's `--scale`) does not apply: bundles render their own scales from
/// `renderer.scene` and say so in a note when the given scale was not 1.
package enum AppBundle {
  /// Renderers of `renderer.scene` at each of `scales` (pixels per point), with the same jobs, limits,
  /// progress callback and raster cache (the scales render one after the other, so the bundle
  /// stays within one cache's budget); `renderer` itself is reused for its own scale.
  /// - Throws: `RasterError` when a canvas at one of the scales is too large (8192 px a side).
  package static func renderers(_ renderer: Renderer, scales: [Double]) throws -> [Renderer] {
    try scales.map { scale in
      if scale == renderer.scale { return renderer }
      var r = try Renderer(renderer.scene, scale: scale, jobs: renderer.jobs, limits: renderer.limits, cache: renderer.rasterizer.cache)
      r.onFrame = renderer.onFrame
      r.onEncoded = renderer.onEncoded
      return r
    }
  }

  /// The note for a renderer whose scale is not 1: `--scale` does not apply to bundles.
  package static func scaleNotes(_ renderer: Renderer, format: String, scales: [Double]) -> [String] {
    guard renderer.scale != 1 else { return [] }
    let list = scales.map { OutputNaming.number($0) }.joined(separator: ", ")
    return ["\(format): scale \(OutputNaming.number(renderer.scale)) ignored; the bundle holds \(list) px per point"]
  }

  // MARK: - Time

  /// The start of frame `index` in seconds: `index / fps` (`timeline.time(ofFrame:)`), which for
  /// `index == frameCount` is the loop period. A still image (period 0) lasts one frame, 1 / fps.
  package static func seconds(ofFrame index: Int, _ timeline: Timeline) -> Double {
    timeline.period > 0 ? timeline.time(ofFrame: index) : Double(index) / timeline.fps
  }

  /// Seconds of one loop: the period, or 1 / fps for a still image.
  package static func loopSeconds(_ timeline: Timeline) -> Double {
    seconds(ofFrame: timeline.frameCount, timeline)
  }

  /// The duration of each frame in whole milliseconds with the rounding carried:
  /// duration(i) = round(1000·start(i+1)) − round(1000·start(i)), so they add up to the loop
  /// rounded to the millisecond, and frame i starts within half a millisecond of i / fps.
  package static func durationsInMilliseconds(_ timeline: Timeline) -> [Int] {
    let start = (0...timeline.frameCount).map { Int((1000 * seconds(ofFrame: $0, timeline)).rounded()) }
    return (0..<timeline.frameCount).map { start[$0 + 1] - start[$0] }
  }

  // MARK: - Frames

  /// Renders every frame at every renderer's scale, encodes it as PNG (zlib `level`) and writes
  /// it into `tree` at `path(scaleIndex, frameIndex)`. Frames of one scale render in parallel.
  /// - Throws: the first failure (`RasterError`, `PNGError`, `RenderError`).
  package static func writeFrames(
    _ renderers: [Renderer], into tree: StagingTree, compressionLevel level: Int,
    path: (Int, Int) -> String
  ) throws {
    for (s, renderer) in renderers.enumerated() {
      try renderer.forEachFrame(in: 0..<renderer.frameCount) { i, frame in
        try tree.write(try PNG.encode(frame, compressionLevel: level), at: path(s, i))
      }
    }
  }

  /// A number for generated text (CSS, Swift, XML): as short as it round-trips, `1.2`, `60`.
  package static func number(_ v: Double) -> String { OutputNaming.number(v) }
}
