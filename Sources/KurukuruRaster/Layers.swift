import CCairo
import Foundation
import KurukuruCore

// MARK: - Layer plans

/// How a layer is composited; shared by the renderer and `CairoCallDump` so both do the same.
enum LayerPlan: Equatable {
  /// Opacity 0 (or not a number): nothing, not even the shadow, is drawn.
  case skip
  /// Opacity 1 and no visible shadow: the children are drawn straight onto the target.
  case direct
  /// Group opacity: `cairo_push_group`, children, `cairo_pop_group_to_source`,
  /// `cairo_paint_with_alpha(opacity)`.
  case group(opacity: Double)
  /// Offscreen surface, blurred and tinted alpha drawn beneath, then the content.
  case shadowed(opacity: Double, shadow: ShadowPlan)
}

/// A shadow in canvas pixels.
struct ShadowPlan: Equatable {
  /// Tint; its alpha multiplies the blurred coverage (straight RGBA).
  var color: RGBAColor
  /// Gaussian standard deviation in pixels: radius / 2 × scale (≥ 0).
  var sigma: Double
  /// Horizontal offset in pixels: offset.x × scale (positive = right).
  var offsetX: Double
  /// Vertical offset in pixels: offset.y × scale (positive = down).
  var offsetY: Double
}

extension Layer {
  /// The compositing plan at `scale` pixels per point.
  ///
  /// A shadow with a transparent colour, or a radius or offset that is not a finite number, is
  /// ignored; a negative radius counts as 0 (a hard shadow).
  /// - Parameter scale: pixels per point.
  /// - Returns: the plan.
  func plan(scale: Double) -> LayerPlan {
    guard opacity > 0 else { return .skip }
    let opacity = min(self.opacity, 1)
    if let shadow, shadow.color.alpha > 0, shadow.radius.isFinite, shadow.offset.x.isFinite,
      shadow.offset.y.isFinite
    {
      let plan = ShadowPlan(
        color: shadow.color, sigma: max(0, shadow.radius) / 2 * scale,
        offsetX: shadow.offset.x * scale, offsetY: shadow.offset.y * scale)
      return .shadowed(opacity: opacity, shadow: plan)
    }
    return opacity < 1 ? .group(opacity: opacity) : .direct
  }
}

// MARK: - Drawing layers

/// Composites a layer onto a target according to its plan.
/// - Parameters:
///   - layer: opacity, optional shadow, children.
///   - target: where to draw.
/// - Throws: `RasterError.layerTooLarge` or `.cairo`.
func draw(_ layer: Layer, on target: RenderTarget) throws {
  switch layer.plan(scale: target.scale) {
  case .skip:
    return
  case .direct:
    try drawItems(layer.items, on: target)
  case .group(let opacity):
    let cr = target.context.handle
    cairo_push_group(cr)
    do {
      try drawItems(layer.items, on: target)
    } catch {
      cairo_pattern_destroy(cairo_pop_group(cr))
      throw error
    }
    cairo_pop_group_to_source(cr)
    cairo_paint_with_alpha(cr, opacity)
    try target.context.check("compositing a layer with opacity \(opacity)")
  case .shadowed(let opacity, let shadow):
    try drawShadowed(layer.items, opacity: opacity, shadow: shadow, on: target)
  }
}

/// The rectangle, in canvas pixels, of a shadowed layer's offscreen surface: the target's own
/// rectangle, plus that rectangle moved back by the shadow offset and grown by the blur's reach
/// (`ShadowLayerBounds` pads by the kernel radius + 2 pixels, ≥ 3 sigma), so that every shadow
/// pixel landing on the target sees all the content that casts it, even from outside the canvas.
struct ShadowLayerBounds: Equatable {
  /// Canvas pixel column of the left edge.
  var x: Int
  /// Canvas pixel row of the top edge.
  var y: Int
  /// Width in pixels.
  var width: Int
  /// Height in pixels.
  var height: Int

  /// Computes the bounds.
  /// - Parameters:
  ///   - target: the target's rectangle in canvas pixels (x, y, width, height).
  ///   - shadow: the shadow, in pixels.
  ///   - kernelRadius: the blur kernel's radius in pixels.
  /// - Throws: `RasterError.layerTooLarge` beyond `Rasterizer.maximumLayerSide` a side.
  init(target: (x: Int, y: Int, width: Int, height: Int), shadow: ShadowPlan, kernelRadius: Int) throws {
    let pad = Double(kernelRadius + 2)
    let tx0 = Double(target.x), ty0 = Double(target.y)
    let tx1 = tx0 + Double(target.width), ty1 = ty0 + Double(target.height)
    let x0 = min(tx0, (tx0 - shadow.offsetX).rounded(.down) - pad)
    let y0 = min(ty0, (ty0 - shadow.offsetY).rounded(.down) - pad)
    let x1 = max(tx1, (tx1 - shadow.offsetX).rounded(.up) + pad)
    let y1 = max(ty1, (ty1 - shadow.offsetY).rounded(.up) + pad)
    let limit = Rasterizer.maximumLayerSide
    guard x1 - x0 <= Double(limit), y1 - y0 <= Double(limit) else {
      func side(_ v: Double) -> Int { v < 1e12 ? Int(v) : 1_000_000_000_000 }
      throw RasterError.layerTooLarge(width: side(x1 - x0), height: side(y1 - y0), limit: limit)
    }
    x = Int(x0)
    y = Int(y0)
    width = Int(x1 - x0)
    height = Int(y1 - y0)
  }
}

/// Draws children into an offscreen surface, then onto the target: first the shadow (the
/// surface's alpha blurred with a Gaussian of `shadow.sigma` pixels, used as a mask for the
/// shadow colour at alpha × opacity, offset by the shadow offset), then the content at `opacity`.
/// The blurred mask is taken from the target's cache (`RasterCache.masks`) when the same items
/// were blurred the same way before (a static part of an animation).
/// - Parameters:
///   - items: the layer's children.
///   - opacity: the layer's opacity (0…1], applied to the content and the shadow.
///   - shadow: the shadow in pixels.
///   - target: where to draw.
/// - Throws: `RasterError.layerTooLarge` or `.cairo`.
private func drawShadowed(
  _ items: [DisplayItem], opacity: Double, shadow: ShadowPlan, on target: RenderTarget
) throws {
  let bounds = try ShadowLayerBounds(
    target: (target.originX, target.originY, target.width, target.height), shadow: shadow,
    kernelRadius: GaussianKernel.radius(sigma: shadow.sigma))
  let kernel = GaussianKernel(sigma: shadow.sigma)

  // Both offscreen surfaces draw into pooled buffers (see ScratchBuffers); each is finished
  // (Cairo lets go of it) before its buffer goes back to the pool.
  let pool = target.cache.scratch
  let contentStride = ImageSurface.stride(of: CAIRO_FORMAT_ARGB32, width: bounds.width)
  let maskStride = ImageSurface.stride(of: CAIRO_FORMAT_A8, width: bounds.width)
  guard contentStride > 0, maskStride > 0 else {
    throw RasterError.layerTooLarge(width: bounds.width, height: bounds.height, limit: Rasterizer.maximumLayerSide)
  }
  let contentBuffer = pool.take(bytes: contentStride * bounds.height)
  // Given back cleaned once the few rows the layer inked are zeroed again (below), so the next
  // layer skips zero-filling megabytes.
  var cleaned = false
  defer { pool.give(contentBuffer, cleaned: cleaned) }
  let content = try ImageSurface(
    format: CAIRO_FORMAT_ARGB32, data: contentBuffer.pointer, width: bounds.width, height: bounds.height,
    stride: contentStride)
  defer { content.finish() }
  let layerContext = try CairoContext(surface: content)
  let layerTarget = RenderTarget(
    context: layerContext, originX: bounds.x, originY: bounds.y, width: bounds.width, height: bounds.height,
    scale: target.scale, cache: target.cache)
  try drawItems(items, on: layerTarget)
  try layerContext.check("drawing a shadowed layer")

  // Zero-filled when taken (see ScratchBuffers), so the blur writes only where the mask is inked.
  let maskBuffer = pool.take(bytes: maskStride * bounds.height)
  defer { pool.give(maskBuffer, cleaned: cleaned) }
  let mask = try ImageSurface(
    format: CAIRO_FORMAT_A8, data: maskBuffer.pointer, width: bounds.width, height: bounds.height, stride: maskStride)
  defer { mask.finish() }
  // Where the content can be inked, in the surface's pixels (2 pixels to spare): the blur
  // searches only there. Nil (search everything) when the geometry gives no finite box.
  let inkRegion = inkBounds(items, scale: target.scale).map { ink -> MaskBounds in
    func pixel(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int {
      Int(max(-1e9, min(1e9, (v * target.scale).rounded(rule))))
    }
    return MaskBounds(
      minX: pixel(ink.minX, .down) - bounds.x - 2, minY: pixel(ink.minY, .down) - bounds.y - 2,
      maxX: pixel(ink.maxX, .up) - bounds.x + 2, maxY: pixel(ink.maxY, .up) - bounds.y + 2)
  }
  // A layer drawn exactly as before (a static part of the animation) has the same mask.
  let key = BlurredMasks.Key(items: items, scale: target.scale, sigma: shadow.sigma, bounds: bounds)
  var reach: MaskBounds?
  mask.withPixels { destination in
    guard let destination else { return }
    if let stored = target.cache.masks.copy(key, into: destination, stride: mask.stride) {
      reach = stored
      return
    }
    content.withPixels { source in
      guard let source else { return }
      reach = blurAlpha(
        argb: UnsafePointer(source), argbStride: content.stride, width: bounds.width, height: bounds.height,
        kernel: kernel, into: destination, maskStride: mask.stride, maskIsClear: true,
        inkRegion: inkRegion)
    }
    if let reach {
      target.cache.masks.store(key, from: UnsafePointer(destination), stride: mask.stride, reach: reach)
    }
  }
  // No ink: neither the shadow nor the content changes a pixel.
  guard let reach else { return }

  // Both paints are clipped to where they can change pixels: the mask's reach (which holds all
  // the content), moved by the shadow offset and grown by a pixel for its resampling. Outside,
  // the mask and the content are 0 and OVER leaves the target as it is, so the clip changes no
  // pixel; it only keeps pixman from compositing the empty rest of the layer.
  let cr = target.context.handle
  cairo_save(cr)
  var pixels = target.pixelMatrix
  cairo_set_matrix(cr, &pixels)
  let reachX = Double(bounds.x + reach.minX), reachY = Double(bounds.y + reach.minY)
  let reachWidth = Double(reach.maxX - reach.minX + 1), reachHeight = Double(reach.maxY - reach.minY + 1)
  cairo_save(cr)
  cairo_rectangle(
    cr, (reachX + shadow.offsetX).rounded(.down) - 1, (reachY + shadow.offsetY).rounded(.down) - 1,
    reachWidth + 3, reachHeight + 3)
  cairo_clip(cr)
  let c = shadow.color
  cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * opacity)
  cairo_mask_surface(cr, mask.handle, Double(bounds.x) + shadow.offsetX, Double(bounds.y) + shadow.offsetY)
  cairo_restore(cr)
  cairo_rectangle(cr, reachX, reachY, reachWidth, reachHeight)
  cairo_clip(cr)
  cairo_set_source_surface(cr, content.handle, Double(bounds.x), Double(bounds.y))
  cairo_paint_with_alpha(cr, opacity)
  cairo_restore(cr)
  try target.context.check("compositing a shadowed layer")

  // Every non-zero byte of both buffers lies within the reach: zero it and the buffers are clean.
  content.finish()
  mask.finish()
  for y in reach.minY...reach.maxY {
    (contentBuffer.pointer + y * contentStride + 4 * reach.minX).initializeMemory(
      as: UInt8.self, repeating: 0, count: 4 * (reach.maxX - reach.minX + 1))
    (maskBuffer.pointer + y * maskStride + reach.minX).initializeMemory(
      as: UInt8.self, repeating: 0, count: reach.maxX - reach.minX + 1)
  }
  cleaned = true
}
