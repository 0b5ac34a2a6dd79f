import CCairo
import KurukuruCore

// MARK: - Rasterizer

/// Draws display lists with Cairo into straight-alpha RGBA frames (ARCHITECTURE.md §2, step 4).
///
/// Each call to `render(_:)` draws on its own Cairo surface and context; what it keeps for later
/// frames (canvases of static first items, blurred shadow masks, offscreen buffers) goes into
/// `cache`, which is locked, so one rasterizer may be used from many threads at once. Copies of a
/// rasterizer share its cache. Antialiasing is `CAIRO_ANTIALIAS_GOOD` (on Cairo's image backend
/// the same coverage rasterizer as the default), and the output is deterministic: the same list
/// and scale give the same bytes on every run, whatever the cache holds.
public struct Rasterizer: Sendable {
  /// Largest canvas side, in pixels.
  public static let maximumCanvasSide = 8192
  /// Largest side of an offscreen surface (a shadowed, blurred or blended layer, a mask group),
  /// in pixels.
  public static let maximumLayerSide = 12288

  /// Pixels per point (> 0). Default 1.
  public let scale: Double
  /// What frames keep for later frames, with its budgets (at most 112 MiB of pixels); shared by
  /// copies of this rasterizer and by any other rasterizer given the same cache. Default: a new
  /// cache of its own.
  public let cache: RasterCache

  /// Creates a rasterizer.
  /// - Parameters:
  ///   - scale: pixels per point (> 0). Default 1. An invalid scale makes `render(_:)` throw.
  ///   - cache: where frames keep what later frames reuse; pass one to share it with other
  ///     rasterizers (frames are the same bytes either way). Default: a new, empty cache.
  public init(scale: Double = 1, cache: RasterCache = RasterCache()) {
    self.scale = scale
    self.cache = cache
  }

  /// Canvas size in pixels for a display list: `Int((points * scale).rounded())` per side.
  /// - Parameter list: the display list (its `size` is in points).
  /// - Returns: width and height in pixels; 0 for sides that are negative or not a number.
  public func pixelSize(of list: DisplayList) -> (width: Int, height: Int) {
    (pixelLength(list.size.width), pixelLength(list.size.height))
  }

  /// The canvas of a scene in pixels, checked against the rasterizer's limits: what every frame
  /// of `size` points renders to.
  /// - Parameter size: the canvas in points.
  /// - Returns: width and height in pixels, `Int((points * scale).rounded())` per side.
  /// - Throws: `RasterError.invalidScale`, `.emptyCanvas` (a side under 1 pixel) or
  ///   `.canvasTooLarge` (a side over `maximumCanvasSide` pixels).
  public func canvasSize(for size: Size) throws -> (width: Int, height: Int) {
    guard scale.isFinite, scale > 0 else { throw RasterError.invalidScale(scale) }
    let (width, height) = (pixelLength(size.width), pixelLength(size.height))
    let limit = Rasterizer.maximumCanvasSide
    guard width <= limit, height <= limit else {
      throw RasterError.canvasTooLarge(width: width, height: height, limit: limit, scale: scale)
    }
    guard width >= 1, height >= 1 else { throw RasterError.emptyCanvas(width: width, height: height, scale: scale) }
    return (width, height)
  }

  /// Draws the list into a new frame (straight RGBA8).
  /// - Parameter list: what to draw, in points.
  /// - Returns: a frame of `pixelSize(of: list)` pixels.
  /// - Throws: `RasterError.invalidScale`, `.canvasTooLarge` (more than `maximumCanvasSide` pixels
  ///   a side), `.layerTooLarge`, `.projectionTooLarge`, or `.cairo` when Cairo fails (for example out of memory).
  public func render(_ list: DisplayList) throws -> Frame {
    guard scale.isFinite, scale > 0 else { throw RasterError.invalidScale(scale) }
    let (width, height) = pixelSize(of: list)
    let limit = Rasterizer.maximumCanvasSide
    guard width <= limit, height <= limit else {
      throw RasterError.canvasTooLarge(width: width, height: height, limit: limit, scale: scale)
    }
    if width == 0 || height == 0 { return Frame(width: width, height: height) }

    // When the list starts with items that earlier frames drew too (see StaticPrefixes), the
    // other items are drawn on a working copy of the canvas those left, kept warm from frame to
    // frame (restored where the frame changed it), and the frame is written once from it: the
    // cached canvas's straight pixels where nothing changed, converted pixels elsewhere.
    // Otherwise Cairo draws straight into the frame's own buffer, which is then converted in
    // place: one allocation and no copy per frame (a separate Cairo surface of the same size
    // doubled the memory traffic and, for large canvases, made malloc return and re-fault pages
    // each frame).
    let count = width * height * 4
    let canvas = StaticPrefixes.Canvas(width: width, height: height, scale: scale, background: list.background)
    let prefix = try cache.prefixes.prefix(of: list.items, on: canvas) { items, data in
      try draw(items, background: list.background, width: width, height: height, into: data)
    }
    if let prefix {
      let rest = Array(list.items[prefix.items.count...])
      let workspace = prefix.takeWorkspace()
      do {
        if !rest.isEmpty {
          try draw(rest, background: .clear, width: width, height: height, into: workspace)
        }
      } catch {
        workspace.deallocate()  // drawn on halfway: not the prefix's canvas any more
        throw error
      }
      let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        if let data = buffer.baseAddress { convert(workspace, into: data, over: prefix) }
        initialized = count
      }
      prefix.giveWorkspace(workspace)
      return Frame(width: width, height: height, pixels: pixels)
    }
    let pixels = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      guard let data = buffer.baseAddress else {
        throw RasterError.cairo(operation: "allocating a \(width)×\(height) frame", status: "no memory")
      }
      buffer.initialize(repeating: 0)
      initialized = count
      try draw(list.items, background: list.background, width: width, height: height, into: data)
      if list.background.alpha > 0 {
        // A painted background leaves no clear pixel to skip.
        convertRows(from: UnsafeRawPointer(data), stride: width * 4, width: width, height: height, into: data)
      } else {
        convertInPlace(data, width: width, height: height)
      }
    }
    return Frame(width: width, height: height, pixels: pixels)
  }

  /// Draws items onto a premultiplied ARGB32 buffer and detaches Cairo from it.
  /// - Parameters:
  ///   - items: what to draw, in order.
  ///   - background: painted first when not fully transparent.
  ///   - width: canvas width in pixels (≥ 1).
  ///   - height: canvas height in pixels (≥ 1).
  ///   - data: `width * height * 4` bytes, rows `width * 4` bytes apart, holding the canvas to
  ///     draw on (zeros: transparent).
  /// - Throws: `RasterError` from layers or Cairo.
  private func draw(
    _ items: [DisplayItem], background: RGBAColor, width: Int, height: Int, into data: UnsafeMutablePointer<UInt8>
  ) throws {
    let surface = try ImageSurface(
      format: CAIRO_FORMAT_ARGB32, data: UnsafeMutableRawPointer(data), width: width, height: height, stride: width * 4)
    defer { surface.finish() }
    let context = try CairoContext(surface: surface)
    let canvas = RenderTarget(
      context: context, originX: 0, originY: 0, width: width, height: height, scale: scale, cache: cache)
    if background.alpha > 0 {
      let c = background
      cairo_set_source_rgba(context.handle, c.red, c.green, c.blue, c.alpha)
      cairo_paint(context.handle)
    }
    try drawItems(items, on: canvas)
    try context.check("drawing the display list")
  }

  /// One side in pixels: `points * scale` rounded; 0 when negative or not a number.
  private func pixelLength(_ points: Double) -> Int {
    let pixels = (points * scale).rounded()
    guard !pixels.isNaN, pixels > 0 else { return 0 }
    return pixels < 1e12 ? Int(pixels) : 1_000_000_000_000
  }
}

// MARK: - Render targets

/// A surface being drawn on: the canvas itself, or the offscreen surface of a shadowed, blurred
/// or blended layer, a mask group or a projection.
///
/// Its pixel (0, 0) is canvas pixel (`originX`, `originY`), so a layer surface may extend past
/// the canvas on every side (a shadow can be cast by content outside the canvas).
struct RenderTarget {
  /// The context drawing on the surface.
  let context: CairoContext
  /// Canvas pixel column of the surface's left edge.
  let originX: Int
  /// Canvas pixel row of the surface's top edge.
  let originY: Int
  /// Width in pixels.
  let width: Int
  /// Height in pixels.
  let height: Int
  /// Pixels per point.
  let scale: Double
  /// The rasterizer's cache: blurred masks and offscreen buffers for the layers drawn on it.
  let cache: RasterCache

  /// Canvas points → this surface's pixels; drawings add their own transform on top.
  var pointMatrix: cairo_matrix_t {
    cairo_matrix_t(xx: scale, yx: 0, xy: 0, yy: scale, x0: Double(-originX), y0: Double(-originY))
  }

  /// Canvas pixels → this surface's pixels (for compositing offscreen layers).
  var pixelMatrix: cairo_matrix_t {
    cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: Double(-originX), y0: Double(-originY))
  }

  /// The surface's rectangle in canvas pixels.
  var rect: PixelRect { PixelRect(x: originX, y: originY, width: width, height: height) }
}

// MARK: - Items

/// Draws items back to front.
/// - Parameters:
///   - items: drawings, layers, projections, clips and masks, in order.
///   - target: where to draw.
/// - Throws: `RasterError` from layers (offscreen surfaces) or Cairo.
func drawItems(_ items: [DisplayItem], on target: RenderTarget) throws {
  for item in items {
    switch item {
    case .drawing(let drawing):
      try draw(drawing, on: target)
    case .layer(let layer):
      try draw(layer, on: target)
    case .projected(let group):
      try draw(group, on: target)
    case .clipped(let clip):
      try draw(clip, on: target)
    case .masked(let group):
      try draw(group, on: target)
    }
  }
}
