import FuzzSupport
import KurukuruCore
import KurukuruLottie
import KurukuruRaster

// MARK: - Lottie render target

/// Lottie files read and drawn: bytes → `LottieAnimation.read(bytes:file:)` with tight
/// `LottieLimits` → the display lists at a few instants of the loop (its start, a third, the
/// last frame, and times outside it) → rasterized at a scale that fits the canvas in 48 × 48
/// pixels (as `--fit 48x48` would). Errors (`LottieError`, `RasterError`) are expected; a crash,
/// a hang or a blow-up is a finding. The limits are tight so that one input stays well under a
/// second under AddressSanitizer.
let limits: LottieLimits = {
  var l = LottieLimits()
  l.maxLayers = 200
  l.maxShapeItems = 2_000
  l.maxKeyframes = 20_000
  l.maxVertices = 20_000
  l.maxGroupDepth = 16
  l.maxPrecompositionDepth = 8
  l.maxRepeaterCopies = 50
  l.maxStarPoints = 100
  l.maxDrawingsPerFrame = 2_000
  return l
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  FuzzSupport.run(data, size) { bytes in
    let animation = try LottieAnimation.read(bytes: bytes, file: "fuzz.json", allowUnsupported: true, limits: limits)
    let side = max(animation.size.width, animation.size.height)
    // A rasterizer of its own per input, so its cache is freed on return (see FuzzPreset).
    let rasterizer = Rasterizer(scale: min(1, 48 / side))
    let timeline = animation.timeline
    let last = timeline.time(ofFrame: timeline.frameCount - 1)
    for t in [0, timeline.period / 3, last, -0.5, timeline.period * 3.5] {
      _ = try rasterizer.render(animation.displayList(at: t))
    }
  }
}
