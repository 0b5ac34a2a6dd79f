import CCairo
import Foundation
import KurukuruCore

// MARK: - Layer plans

/// How a layer is composited; shared by the renderer and `CairoCallDump` so both do the same.
enum LayerPlan: Equatable {
  /// Opacity 0 (or not a number): nothing, not even the shadow, is drawn.
  case skip
  /// A `destinationIn` layer at opacity 0 keeps nothing of what is beneath: the target is
  /// cleared (`CAIRO_OPERATOR_CLEAR`, within the clip).
  case clear
  /// Opacity 1, normal blending, no visible shadow, no blur: the children are drawn straight
  /// onto the target.
  case direct
  /// Group opacity: `cairo_push_group`, children, `cairo_pop_group_to_source`,
  /// `cairo_paint_with_alpha(opacity)`.
  case group(opacity: Double)
  /// A blend mode other than normal, no shadow, no blur: the children in a group (bounded by
  /// `blendRegion(on:scale:)`), scaled by `opacity` (`DEST_IN` with a solid source of that
  /// alpha) and painted with the mode's Cairo operator.
  case blended(opacity: Double, mode: LayerBlendMode)
  /// Offscreen surface, blurred and tinted alpha drawn beneath, then the content.
  case shadowed(opacity: Double, shadow: ShadowPlan)
  /// Offscreen surface (`FilteredLayerBounds`): the layer's pixels blurred with a Gaussian of
  /// `blur` pixels (0: not blurred), its shadow (if any) cast by the blurred pixels, both
  /// composited with `mode`: straight onto the target when normal, else grouped first.
  case filtered(opacity: Double, mode: LayerBlendMode, blur: Double, shadow: ShadowPlan?)
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
  /// ignored; a negative radius counts as 0 (a hard shadow). A blur that is not a finite number
  /// above 0 is ignored; a blur's σ is blur / 2 × scale pixels. The plans without a blend mode,
  /// a shadow or a blur are those of layers before either existed (the same Cairo calls).
  /// - Parameter scale: pixels per point.
  /// - Returns: the plan.
  func plan(scale: Double) -> LayerPlan {
    guard opacity > 0 else { return blendMode == .destinationIn ? .clear : .skip }
    let opacity = min(self.opacity, 1)
    var shadowPlan: ShadowPlan?
    if let shadow, shadow.color.alpha > 0, shadow.radius.isFinite, shadow.offset.x.isFinite,
      shadow.offset.y.isFinite
    {
      shadowPlan = ShadowPlan(
        color: shadow.color, sigma: max(0, shadow.radius) / 2 * scale,
        offsetX: shadow.offset.x * scale, offsetY: shadow.offset.y * scale)
    }
    let sigma = blur.isFinite && blur > 0 ? blur / 2 * scale : 0
    if sigma > 0 || (shadowPlan != nil && blendMode != .normal) {
      return .filtered(opacity: opacity, mode: blendMode, blur: sigma, shadow: shadowPlan)
    }
    if let shadowPlan { return .shadowed(opacity: opacity, shadow: shadowPlan) }
    if blendMode != .normal { return .blended(opacity: opacity, mode: blendMode) }
    return opacity < 1 ? .group(opacity: opacity) : .direct
  }

  /// Where a `.blended` layer's group is bounded on a target (canvas pixels): for an operator
  /// bounded by its source (every mode but `destinationIn`, which clears what is beneath outside
  /// the layer) the target's rectangle cut to the layer's ink box, outside which the layer
  /// changes no pixel; the whole target otherwise.
  /// - Parameters:
  ///   - target: the target's rectangle in canvas pixels.
  ///   - scale: pixels per point.
  /// - Returns: `.clip` with the group's rectangle, `.whole` for no clip, or `.skip` when the
  ///   layer changes no pixel of the target.
  func blendRegion(on target: PixelRect, scale: Double) -> BlendRegion {
    guard blendMode.isBoundedBySource else { return .whole }
    let extent = inkExtent(items, scale: scale)
    if extent == .empty { return .skip }
    guard let ink = extent.pixels(scale: scale) else { return .whole }
    let clip = ink.intersection(PixelBox(target))
    guard !clip.isEmpty else { return .skip }
    return .clip(PixelRect(x: Int(clip.x0), y: Int(clip.y0), width: Int(clip.width), height: Int(clip.height)))
  }
}

/// Where a blended layer's group is bounded.
enum BlendRegion: Equatable {
  /// The layer changes no pixel of the target: nothing is drawn.
  case skip
  /// The group covers the whole target (within its clip).
  case whole
  /// The group is clipped to this rectangle (canvas pixels) first.
  case clip(PixelRect)
}

// MARK: - Drawing layers

/// Composites a layer onto a target according to its plan.
/// - Parameters:
///   - layer: opacity, optional shadow, blend mode, blur, children.
///   - target: where to draw.
/// - Throws: `RasterError.layerTooLarge` or `.cairo`.
func draw(_ layer: Layer, on target: RenderTarget) throws {
  switch layer.plan(scale: target.scale) {
  case .skip:
    return
  case .clear:
    clearTarget(target)
    try target.context.check("clearing beneath a destination-in layer")
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
  case .blended(let opacity, let mode):
    try drawBlended(layer, opacity: opacity, mode: mode, on: target)
  case .shadowed(let opacity, let shadow):
    let bounds = try ShadowLayerBounds(
      target: (target.originX, target.originY, target.width, target.height), shadow: shadow,
      kernelRadius: GaussianKernel.radius(sigma: shadow.sigma))
    try drawOffscreen(
      layer.items, OffscreenLayer(opacity: opacity, mode: .normal, blur: 0, shadow: shadow), bounds: bounds,
      on: target)
  case .filtered(let opacity, let mode, let blur, let shadow):
    let offscreen = OffscreenLayer(opacity: opacity, mode: mode, blur: blur, shadow: shadow)
    guard
      let bounds = try FilteredLayerBounds.bounds(
        of: layer.items, offscreen, target: target.rect, scale: target.scale)
    else {
      // Nothing of the layer reaches the target.
      if mode == .destinationIn {
        clearTarget(target)
        try target.context.check("clearing beneath a destination-in layer")
      }
      return
    }
    try drawOffscreen(layer.items, offscreen, bounds: bounds, on: target)
  }
}

/// Clears the whole target (within its clip): what a `destinationIn` layer with nothing in it
/// leaves of what is beneath.
private func clearTarget(_ target: RenderTarget) {
  let cr = target.context.handle
  cairo_save(cr)
  cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
  cairo_paint(cr)
  cairo_restore(cr)
}

/// Draws a layer's children into a group (bounded by `Layer.blendRegion(on:scale:)`), scales it
/// by `opacity` and paints it onto the target with the blend mode's operator.
private func drawBlended(_ layer: Layer, opacity: Double, mode: LayerBlendMode, on target: RenderTarget) throws {
  let region = layer.blendRegion(on: target.rect, scale: target.scale)
  if region == .skip { return }
  let cr = target.context.handle
  cairo_save(cr)
  if case .clip(let r) = region {
    var pixels = target.pixelMatrix
    cairo_set_matrix(cr, &pixels)
    cairo_rectangle(cr, Double(r.x), Double(r.y), Double(r.width), Double(r.height))
    cairo_clip(cr)
  }
  cairo_push_group(cr)
  do {
    try drawItems(layer.items, on: target)
  } catch {
    cairo_pattern_destroy(cairo_pop_group(cr))
    cairo_restore(cr)
    throw error
  }
  if opacity < 1 {
    // The opacity scales the group's pixels before they blend: pixman's non-separable modes
    // (hue, saturation, color, luminosity) do not apply `paint_with_alpha`'s alpha as the
    // source's (measured: 15 levels off the formula at 0.6).
    cairo_set_source_rgba(cr, 0, 0, 0, opacity)
    cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
    cairo_paint(cr)
  }
  cairo_pop_group_to_source(cr)
  cairo_set_operator(cr, mode.cairoOperator)
  cairo_paint(cr)
  cairo_restore(cr)
  try target.context.check("compositing a layer with blend mode \(mode)")
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

  /// A rectangle given by its corner and size, in canvas pixels.
  init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

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

/// The rectangle, in canvas pixels, of a filtered layer's offscreen surface (`LayerPlan.filtered`):
/// what the target needs, cut to where the layer's pixels can be.
///
/// The target needs the layer's blurred pixels on its own rectangle and, for a shadow, on that
/// rectangle moved back by the offset and grown by the shadow kernel's radius + 2; the blurred
/// pixels there need the unblurred ones a blur kernel's radius + 2 further out. Outside the
/// children's ink box (`inkExtent`, 2 pixels to spare) grown by both kernels' radii + 2, the
/// content, its blur and its shadow mask are all 0, so the surface stops there: a small blurred
/// layer on a large canvas gets a small surface. Every value the target sees is then the one an
/// unbounded surface would give (the blurs treat the outside as transparent, and it is).
enum FilteredLayerBounds {
  /// Computes the bounds.
  /// - Parameters:
  ///   - items: the layer's children.
  ///   - layer: the layer's offscreen plan (blur and shadow in pixels).
  ///   - target: the target's rectangle in canvas pixels.
  ///   - scale: pixels per point.
  /// - Returns: the rectangle, or nil when no pixel of the layer can reach the target.
  /// - Throws: `RasterError.layerTooLarge` when the rectangle, or a kernel's radius, exceeds
  ///   `Rasterizer.maximumLayerSide`.
  static func bounds(
    of items: [DisplayItem], _ layer: OffscreenLayer, target: PixelRect, scale: Double
  ) throws -> ShadowLayerBounds? {
    let blurRadius = Double(GaussianKernel.radius(sigma: layer.blur))
    let shadowRadius = layer.shadow.map { Double(GaussianKernel.radius(sigma: $0.sigma)) } ?? 0
    var needed = PixelBox(target)
    if let shadow = layer.shadow {
      let pad = shadowRadius + 2
      needed = PixelBox(
        x0: min(needed.x0, (needed.x0 - shadow.offsetX).rounded(.down) - pad),
        y0: min(needed.y0, (needed.y0 - shadow.offsetY).rounded(.down) - pad),
        x1: max(needed.x1, (needed.x1 - shadow.offsetX).rounded(.up) + pad),
        y1: max(needed.y1, (needed.y1 - shadow.offsetY).rounded(.up) + pad))
    }
    if layer.blur > 0 { needed = needed.grown(by: blurRadius + 2) }
    let limit = Rasterizer.maximumLayerSide
    guard blurRadius <= Double(limit), shadowRadius <= Double(limit) else {
      // No surface within the limit holds such a kernel (the target needs twice its radius).
      func side(_ v: Double) -> Int { v < 1e12 ? Int(v) : 1_000_000_000_000 }
      throw RasterError.layerTooLarge(width: side(needed.width), height: side(needed.height), limit: limit)
    }
    let extent = inkExtent(items, scale: scale)
    if extent == .empty { return nil }
    // Unbounded ink (no finite box): the surface is what the target needs.
    let surface = extent.pixels(scale: scale).map { needed.intersection($0.grown(by: blurRadius + shadowRadius + 2)) } ?? needed
    guard !surface.isEmpty else { return nil }
    let r = try surface.checkedLayerRect()
    return ShadowLayerBounds(x: r.x, y: r.y, width: r.width, height: r.height)
  }
}

/// What an offscreen layer does with its pixels, in canvas pixels.
struct OffscreenLayer: Equatable {
  /// The layer's opacity (0…1], applied to the content and the shadow.
  var opacity: Double
  /// How the layer (content over shadow) is composited onto the target.
  var mode: LayerBlendMode
  /// Gaussian standard deviation of the layer's own blur, in pixels; 0 for none.
  var blur: Double
  /// The shadow, if any, cast by the (blurred) content.
  var shadow: ShadowPlan?
}

/// Draws children into an offscreen surface, then onto the target: the layer's pixels, blurred
/// with a Gaussian of `layer.blur` pixels when it has one (all four premultiplied channels,
/// `blurPremultiplied`); then the shadow (the blurred pixels' alpha blurred again with a
/// Gaussian of `shadow.sigma` pixels, used as a mask for the shadow colour at alpha × opacity,
/// offset by the shadow offset) and the content at `opacity` over it. With the normal blend
/// mode both are painted straight onto the target; with another they are painted into a group
/// (clipped, unless the mode is `destinationIn`, to the box of the surface's rectangle and of
/// that rectangle moved by the shadow offset and grown by a pixel) that is painted with the
/// mode's operator, so the mode applies to the layer as a whole, shadow included.
/// The shadow mask is taken from the target's cache (`RasterCache.masks`) when the same items
/// were drawn, blurred and cast the same way before (a static part of an animation).
///
/// A layer that is only shadowed draws exactly what it drew before layers had blurs and blend
/// modes: the same surfaces and the same Cairo calls.
/// - Parameters:
///   - items: the layer's children.
///   - layer: opacity, blend mode, blur and shadow, in pixels.
///   - bounds: the offscreen surface's rectangle in canvas pixels.
///   - target: where to draw.
/// - Throws: `RasterError.layerTooLarge` or `.cairo`.
private func drawOffscreen(
  _ items: [DisplayItem], _ layer: OffscreenLayer, bounds: ShadowLayerBounds, on target: RenderTarget
) throws {
  let classic = layer.mode == .normal && layer.blur == 0
  let what = classic ? "a shadowed layer" : "a blurred or blended layer"

  // The offscreen surfaces draw into pooled buffers (see ScratchBuffers); each is finished
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
  try layerContext.check("drawing \(what)")

  // Where the content can be inked, in the surface's pixels (2 pixels to spare): the blurs
  // search only there. Nil (search everything) when the geometry gives no finite box.
  let inkRegion = inkBounds(items, scale: target.scale).map { ink -> MaskBounds in
    func pixel(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int {
      Int(max(-1e9, min(1e9, (v * target.scale).rounded(rule))))
    }
    return MaskBounds(
      minX: pixel(ink.minX, .down) - bounds.x - 2, minY: pixel(ink.minY, .down) - bounds.y - 2,
      maxX: pixel(ink.maxX, .up) - bounds.x + 2, maxY: pixel(ink.maxY, .up) - bounds.y + 2)
  }

  // The layer's own blur, into a second surface: the pixels composited from here on.
  var blurredBuffer: ScratchBuffers.Buffer?
  defer { if let blurredBuffer { pool.give(blurredBuffer, cleaned: cleaned) } }
  var blurred: ImageSurface?
  defer { blurred?.finish() }
  var blurredReach: MaskBounds?
  if layer.blur > 0 {
    let buffer = pool.take(bytes: contentStride * bounds.height)
    blurredBuffer = buffer
    let surface = try ImageSurface(
      format: CAIRO_FORMAT_ARGB32, data: buffer.pointer, width: bounds.width, height: bounds.height,
      stride: contentStride)
    blurred = surface
    let kernel = GaussianKernel(sigma: layer.blur)
    content.withPixels { source in
      surface.withPixels { destination in
        guard let source, let destination else { return }
        blurredReach = blurPremultiplied(
          argb: UnsafePointer(source), argbStride: content.stride, width: bounds.width, height: bounds.height,
          kernel: kernel, into: destination, outputStride: surface.stride, inkRegion: inkRegion)
      }
    }
  }
  let image = blurred ?? content

  // The shadow's mask, cast by the (blurred) pixels. Zero-filled when taken (see
  // ScratchBuffers), so the blur writes only where the mask is inked.
  var maskBuffer: ScratchBuffers.Buffer?
  defer { if let maskBuffer { pool.give(maskBuffer, cleaned: cleaned) } }
  var mask: ImageSurface?
  defer { mask?.finish() }
  var maskReach: MaskBounds?
  if let shadow = layer.shadow, layer.blur == 0 || blurredReach != nil {
    let buffer = pool.take(bytes: maskStride * bounds.height)
    maskBuffer = buffer
    let surface = try ImageSurface(
      format: CAIRO_FORMAT_A8, data: buffer.pointer, width: bounds.width, height: bounds.height, stride: maskStride)
    mask = surface
    let kernel = GaussianKernel(sigma: shadow.sigma)
    // A layer drawn exactly as before (a static part of the animation) has the same mask.
    let key = BlurredMasks.Key(
      items: items, scale: target.scale, sigma: shadow.sigma, bounds: bounds, layerBlur: layer.blur)
    let region = layer.blur > 0 ? blurredReach : inkRegion
    surface.withPixels { destination in
      guard let destination else { return }
      if let stored = target.cache.masks.copy(key, into: destination, stride: surface.stride) {
        maskReach = stored
        return
      }
      image.withPixels { source in
        guard let source else { return }
        maskReach = blurAlpha(
          argb: UnsafePointer(source), argbStride: image.stride, width: bounds.width, height: bounds.height,
          kernel: kernel, into: destination, maskStride: surface.stride, maskIsClear: true,
          inkRegion: region)
      }
      if let maskReach {
        target.cache.masks.store(key, from: UnsafePointer(destination), stride: surface.stride, reach: maskReach)
      }
    }
  }

  // Where the composited pixels can be non-zero: the blur's reach (which holds all the content),
  // else the shadow mask's (which does too).
  guard let reach = layer.blur > 0 ? blurredReach : maskReach else {
    // No ink: neither the shadow nor the content changes a pixel, except that a
    // destination-in layer keeps nothing of what is beneath.
    if layer.mode == .destinationIn {
      clearTarget(target)
      try target.context.check("clearing beneath a destination-in layer")
    }
    return
  }

  // Both paints are clipped to where they can change pixels: the mask's reach (which holds all
  // the content), moved by the shadow offset and grown by a pixel for its resampling, and the
  // content's reach. Outside, the mask and the content are 0 and OVER leaves the target as it
  // is, so the clips change no pixel; they only keep pixman from compositing the empty rest of
  // the layer. Another blend mode gets the two in a group painted with its operator.
  let cr = target.context.handle
  cairo_save(cr)
  var pixels = target.pixelMatrix
  cairo_set_matrix(cr, &pixels)
  let grouped = layer.mode != .normal
  if grouped {
    if layer.mode.isBoundedBySource {
      // The surface's rectangle, and where its shadow lands (moved by the offset, a pixel to
      // spare for the resampling): nothing of the layer reaches farther.
      var x0 = Double(bounds.x), y0 = Double(bounds.y)
      var x1 = x0 + Double(bounds.width), y1 = y0 + Double(bounds.height)
      if let shadow = layer.shadow {
        x0 = min(x0, (x0 + shadow.offsetX).rounded(.down) - 1)
        y0 = min(y0, (y0 + shadow.offsetY).rounded(.down) - 1)
        x1 = max(x1, (x1 + shadow.offsetX).rounded(.up) + 1)
        y1 = max(y1, (y1 + shadow.offsetY).rounded(.up) + 1)
      }
      cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0)
      cairo_clip(cr)
    }
    cairo_push_group(cr)
  }
  if let shadow = layer.shadow, let mask, let maskReach {
    let reachX = Double(bounds.x + maskReach.minX), reachY = Double(bounds.y + maskReach.minY)
    let reachWidth = Double(maskReach.maxX - maskReach.minX + 1)
    let reachHeight = Double(maskReach.maxY - maskReach.minY + 1)
    cairo_save(cr)
    cairo_rectangle(
      cr, (reachX + shadow.offsetX).rounded(.down) - 1, (reachY + shadow.offsetY).rounded(.down) - 1,
      reachWidth + 3, reachHeight + 3)
    cairo_clip(cr)
    let c = shadow.color
    cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * layer.opacity)
    cairo_mask_surface(cr, mask.handle, Double(bounds.x) + shadow.offsetX, Double(bounds.y) + shadow.offsetY)
    cairo_restore(cr)
  }
  cairo_rectangle(
    cr, Double(bounds.x + reach.minX), Double(bounds.y + reach.minY), Double(reach.maxX - reach.minX + 1),
    Double(reach.maxY - reach.minY + 1))
  cairo_clip(cr)
  cairo_set_source_surface(cr, image.handle, Double(bounds.x), Double(bounds.y))
  cairo_paint_with_alpha(cr, layer.opacity)
  if grouped {
    cairo_pop_group_to_source(cr)
    cairo_set_operator(cr, layer.mode.cairoOperator)
    cairo_paint(cr)
  }
  cairo_restore(cr)
  try target.context.check("compositing \(what)")

  // Every non-zero byte of the buffers lies within the reaches: zero them and the buffers are
  // clean.
  content.finish()
  blurred?.finish()
  mask?.finish()
  var clean = reach
  if let maskReach {
    clean = MaskBounds(
      minX: min(clean.minX, maskReach.minX), minY: min(clean.minY, maskReach.minY),
      maxX: max(clean.maxX, maskReach.maxX), maxY: max(clean.maxY, maskReach.maxY))
  }
  let argbBuffers = [contentBuffer] + (blurredBuffer.map { [$0] } ?? [])
  for y in clean.minY...clean.maxY {
    for buffer in argbBuffers {
      (buffer.pointer + y * contentStride + 4 * clean.minX).initializeMemory(
        as: UInt8.self, repeating: 0, count: 4 * (clean.maxX - clean.minX + 1))
    }
    if let maskBuffer {
      (maskBuffer.pointer + y * maskStride + clean.minX).initializeMemory(
        as: UInt8.self, repeating: 0, count: clean.maxX - clean.minX + 1)
    }
  }
  cleaned = true
}
