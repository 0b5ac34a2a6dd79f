import CCairo
import KurukuruCore

// MARK: - Clip groups

/// Draws a clip group: `cairo_save`, the clip path under the target's point matrix × the
/// group's transform, `cairo_clip` (non-zero, or even-odd when `evenOdd`; antialiased as Cairo's
/// clips are, with the context's `CAIRO_ANTIALIAS_GOOD`), the children, `cairo_restore`.
///
/// Everything the children composite goes through the clip, offscreen layers and masks
/// included, so a `destinationIn` or `destinationOut` layer inside changes only pixels inside
/// the clip. A clip path that cannot be drawn (empty, not finite, a singular transform) encloses
/// nothing: the children are not drawn.
/// - Parameters:
///   - clip: the clip path, its transform and fill rule, and the children.
///   - target: where to draw.
/// - Throws: `RasterError` from the children, or `.cairo`.
func draw(_ clip: ClipGroup, on target: RenderTarget) throws {
  guard !clip.items.isEmpty, clip.shape.isDrawable(scale: target.scale) else { return }
  let cr = target.context.handle
  cairo_save(cr)
  var base = target.pointMatrix
  cairo_set_matrix(cr, &base)
  var local = cairo_matrix_t(clip.transform)
  cairo_transform(cr, &local)
  setPath(clip.path, on: cr)
  cairo_set_fill_rule(cr, clip.evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
  cairo_clip(cr)
  do {
    try drawItems(clip.items, on: target)
  } catch {
    cairo_restore(cr)
    throw error
  }
  cairo_restore(cr)
  try target.context.check("drawing a clipped group")
}

// MARK: - Mask groups

extension MaskGroup {
  /// The rectangle, in canvas pixels, of a mask group's offscreen surfaces on a target: the
  /// target's rectangle cut to the children's ink box and, unless the mask is inverted, to the
  /// mask items' ink box (both `inkExtent`, 2 pixels to spare). Outside it the children have no
  /// ink, or the mask no coverage, so the group changes no pixel there.
  /// - Parameters:
  ///   - target: the target's rectangle in canvas pixels.
  ///   - scale: pixels per point.
  /// - Returns: the rectangle, or nil when the group changes no pixel of the target.
  /// - Throws: `RasterError.layerTooLarge` past `Rasterizer.maximumLayerSide` a side (only a
  ///   target larger than the limit can give one).
  func region(on target: PixelRect, scale: Double) throws -> PixelRect? {
    var box = PixelBox(target)
    // An unbounded extent (no finite box) cuts nothing.
    for extent in [inkExtent(items, scale: scale)] + (inverted ? [] : [inkExtent(mask, scale: scale)]) {
      if extent == .empty { return nil }
      if let ink = extent.pixels(scale: scale) { box = box.intersection(ink) }
    }
    guard !box.isEmpty else { return nil }
    return try box.checkedLayerRect()
  }
}

/// Draws a mask group: the children into one ARGB32 surface and the mask items into another,
/// both on `MaskGroup.region(on:scale:)`; the mask turned into an A8 coverage surface
/// (`maskCoverage`); the children composited onto the target through it with
/// `cairo_mask_surface` (OVER). The surfaces come from the cache's scratch buffers.
/// - Parameters:
///   - group: the children, the mask items and how the mask counts.
///   - target: where to draw.
/// - Throws: `RasterError.layerTooLarge` or `.cairo`, or errors of the items.
func draw(_ group: MaskGroup, on target: RenderTarget) throws {
  guard let r = try group.region(on: target.rect, scale: target.scale) else { return }
  let pool = target.cache.scratch
  let argbStride = ImageSurface.stride(of: CAIRO_FORMAT_ARGB32, width: r.width)
  let a8Stride = ImageSurface.stride(of: CAIRO_FORMAT_A8, width: r.width)
  guard argbStride > 0, a8Stride > 0 else {
    throw RasterError.layerTooLarge(width: r.width, height: r.height, limit: Rasterizer.maximumLayerSide)
  }

  /// A pooled surface the size of the region, its buffer given back (not clean) when done.
  func surface(_ format: cairo_format_t, stride: Int, _ body: (ImageSurface) throws -> Void) throws {
    let buffer = pool.take(bytes: stride * r.height)
    defer { pool.give(buffer) }
    let surface = try ImageSurface(format: format, data: buffer.pointer, width: r.width, height: r.height, stride: stride)
    defer { surface.finish() }
    try body(surface)
  }
  /// Draws items onto a surface of the region.
  func drawInto(_ surface: ImageSurface, _ items: [DisplayItem], _ what: String) throws {
    let context = try CairoContext(surface: surface)
    let offscreen = RenderTarget(
      context: context, originX: r.x, originY: r.y, width: r.width, height: r.height, scale: target.scale,
      cache: target.cache)
    try drawItems(items, on: offscreen)
    try context.check("drawing \(what)")
  }

  try surface(CAIRO_FORMAT_ARGB32, stride: argbStride) { children in
    try drawInto(children, group.items, "the children of a mask group")
    try surface(CAIRO_FORMAT_A8, stride: a8Stride) { coverage in
      try surface(CAIRO_FORMAT_ARGB32, stride: argbStride) { mask in
        try drawInto(mask, group.mask, "the items of a mask")
        mask.withPixels { source in
          coverage.withPixels { destination in
            guard let source, let destination else { return }
            maskCoverage(
              argb: UnsafePointer(source), argbStride: mask.stride, width: r.width, height: r.height,
              source: group.source, inverted: group.inverted, into: destination, maskStride: coverage.stride)
          }
        }
      }
      let cr = target.context.handle
      cairo_save(cr)
      var pixels = target.pixelMatrix
      cairo_set_matrix(cr, &pixels)
      cairo_set_source_surface(cr, children.handle, Double(r.x), Double(r.y))
      cairo_mask_surface(cr, coverage.handle, Double(r.x), Double(r.y))
      cairo_restore(cr)
      try target.context.check("compositing a mask group")
    }
  }
}

/// Turns a mask's premultiplied ARGB32 pixels into A8 coverage, pixel by pixel:
/// - `.alpha`: the alpha byte;
/// - `.luminance`: (2126 R + 7152 G + 722 B + 5000) / 10000 of the premultiplied bytes, which is
///   the straight colour's luminance (0.2126, 0.7152, 0.0722: Rec. 709, as CSS `mask-type:
///   luminance`) times alpha, rounded to the nearest level;
/// - `inverted`: 255 minus that, so a pixel the mask items leave clear has coverage 255.
/// - Parameters:
///   - argb: first byte of the mask (native-endian 32-bit words, alpha in the top byte).
///   - argbStride: bytes per mask row.
///   - width: width in pixels.
///   - height: height in pixels.
///   - source: what of the mask counts.
///   - inverted: whether coverage is one minus that.
///   - mask: first byte of the A8 output (same size).
///   - maskStride: bytes per output row.
func maskCoverage(
  argb: UnsafePointer<UInt8>, argbStride: Int, width: Int, height: Int, source: MaskGroup.Source, inverted: Bool,
  into mask: UnsafeMutablePointer<UInt8>, maskStride: Int
) {
  let flip: UInt32 = inverted ? 255 : 0
  for y in 0..<height {
    let row = UnsafeRawPointer(argb + y * argbStride)
    let out = mask + y * maskStride
    switch source {
    case .alpha:
      for x in 0..<width {
        let a = row.load(fromByteOffset: 4 * x, as: UInt32.self) >> 24
        out[x] = UInt8(truncatingIfNeeded: a ^ flip)
      }
    case .luminance:
      for x in 0..<width {
        let p = row.load(fromByteOffset: 4 * x, as: UInt32.self)
        let luminance = (2126 * (p >> 16 & 0xFF) + 7152 * (p >> 8 & 0xFF) + 722 * (p & 0xFF) + 5000) / 10000
        out[x] = UInt8(truncatingIfNeeded: luminance ^ flip)
      }
    }
  }
}
