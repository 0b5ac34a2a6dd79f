import CCairo
import KurukuruCore

// Cairo handles owned by small Swift types (ARCHITECTURE.md §8): each wrapper frees its handle in
// `deinit`, and every constructor checks the Cairo status and throws `RasterError.cairo`.

// MARK: - Status

/// Throws `RasterError.cairo` unless `status` is success.
/// - Parameters:
///   - status: the status reported by Cairo.
///   - operation: what was being done, for the message (e.g. "creating the canvas surface").
/// - Throws: `RasterError.cairo` naming `operation` and Cairo's own message.
func checkCairo(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws {
  guard status != CAIRO_STATUS_SUCCESS else { return }
  let message = cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
  throw RasterError.cairo(operation: operation(), status: message)
}

// MARK: - ImageSurface

/// An owned Cairo image surface (`cairo_surface_t`) with direct access to its pixels.
final class ImageSurface {
  /// The Cairo handle; valid for the wrapper's lifetime.
  let handle: OpaquePointer
  /// Width in pixels.
  let width: Int
  /// Height in pixels.
  let height: Int
  /// Bytes from one row to the next.
  let stride: Int

  /// Creates a zero-filled (transparent) image surface.
  /// - Parameters:
  ///   - format: `CAIRO_FORMAT_ARGB32` (premultiplied, native-endian) or `CAIRO_FORMAT_A8`.
  ///   - width: width in pixels (≥ 0).
  ///   - height: height in pixels (≥ 0).
  /// - Throws: `RasterError.cairo` when Cairo cannot create it (for example out of memory).
  init(format: cairo_format_t, width: Int, height: Int) throws {
    guard let surface = cairo_image_surface_create(format, Int32(width), Int32(height)) else {
      throw RasterError.cairo(operation: "creating a \(width)×\(height) image surface", status: "no surface")
    }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      try checkCairo(status, "creating a \(width)×\(height) image surface")
      throw RasterError.cairo(operation: "creating an image surface", status: "unknown")
    }
    handle = surface
    self.width = width
    self.height = height
    stride = Int(cairo_image_surface_get_stride(surface))
  }

  /// Bytes per row Cairo needs for `width` pixels of `format` (a multiple of 4).
  /// - Parameters:
  ///   - format: the pixel format.
  ///   - width: width in pixels (≥ 1).
  /// - Returns: the stride in bytes, or -1 when the width is too large for the format.
  static func stride(of format: cairo_format_t, width: Int) -> Int {
    Int(cairo_format_stride_for_width(format, Int32(clamping: width)))
  }

  /// Creates a surface drawing into memory the caller owns (no allocation by Cairo).
  ///
  /// The memory must stay valid, and must not be used otherwise, until `finish()` has been called
  /// or the surface is released. Its content is the initial picture (zeros: transparent).
  /// - Parameters:
  ///   - format: `CAIRO_FORMAT_ARGB32` or `CAIRO_FORMAT_A8`.
  ///   - data: `height * stride` bytes, 4-byte aligned.
  ///   - width: width in pixels (≥ 1).
  ///   - height: height in pixels (≥ 1).
  ///   - stride: bytes per row; must equal `ImageSurface.stride(of: format, width: width)`.
  /// - Throws: `RasterError.cairo` when Cairo rejects the memory, stride or size.
  init(format: cairo_format_t, data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) throws {
    let operation = "wrapping a \(width)×\(height) pixel buffer"
    guard stride > 0, stride == ImageSurface.stride(of: format, width: width), Int(bitPattern: data) % 4 == 0 else {
      throw RasterError.cairo(operation: operation, status: "unsupported layout")
    }
    let bytes = data.assumingMemoryBound(to: UInt8.self)
    guard let surface = cairo_image_surface_create_for_data(bytes, format, Int32(width), Int32(height), Int32(stride))
    else {
      throw RasterError.cairo(operation: operation, status: "no surface")
    }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      try checkCairo(status, operation)
      throw RasterError.cairo(operation: operation, status: "unknown")
    }
    handle = surface
    self.width = width
    self.height = height
    self.stride = stride
  }

  deinit { cairo_surface_destroy(handle) }

  /// Completes pending drawing and detaches the surface from its memory: afterwards Cairo never
  /// reads or writes the pixels again (drawing on it puts contexts into an error state).
  func finish() {
    cairo_surface_flush(handle)
    cairo_surface_finish(handle)
  }

  /// Gives read/write access to the pixel rows after flushing Cairo's pending drawing; marks the
  /// surface dirty afterwards so Cairo sees the changes.
  /// - Parameter body: receives the first byte of row 0 (`height * stride` bytes), or `nil` for
  ///   an empty surface.
  /// - Returns: whatever `body` returns.
  func withPixels<R>(_ body: (UnsafeMutablePointer<UInt8>?) throws -> R) rethrows -> R {
    cairo_surface_flush(handle)
    let data = cairo_image_surface_get_data(handle)
    defer { cairo_surface_mark_dirty(handle) }
    return try body(data)
  }
}

// MARK: - CairoContext

/// An owned drawing context (`cairo_t`) on an `ImageSurface`, which it keeps alive.
final class CairoContext {
  /// The Cairo handle; valid for the wrapper's lifetime.
  let handle: OpaquePointer
  /// The surface drawn on.
  let surface: ImageSurface

  /// Creates a context drawing on `surface`, with antialiasing set to `CAIRO_ANTIALIAS_GOOD`.
  /// - Parameter surface: the target surface.
  /// - Throws: `RasterError.cairo` when Cairo cannot create the context.
  init(surface: ImageSurface) throws {
    guard let cr = cairo_create(surface.handle) else {
      throw RasterError.cairo(operation: "creating a drawing context", status: "no context")
    }
    let status = cairo_status(cr)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_destroy(cr)
      try checkCairo(status, "creating a drawing context")
      throw RasterError.cairo(operation: "creating a drawing context", status: "unknown")
    }
    handle = cr
    self.surface = surface
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_GOOD)
  }

  deinit { cairo_destroy(handle) }

  /// Throws if the context has entered an error state.
  /// - Parameter operation: what was being done, for the message.
  /// - Throws: `RasterError.cairo`.
  func check(_ operation: @autoclosure () -> String) throws {
    try checkCairo(cairo_status(handle), operation())
  }
}

// MARK: - CairoPattern

/// An owned source pattern (`cairo_pattern_t`): gradient or mesh.
final class CairoPattern {
  /// The Cairo handle; valid for the wrapper's lifetime.
  let handle: OpaquePointer

  /// Takes ownership of a freshly created pattern.
  /// - Parameters:
  ///   - pattern: the result of a `cairo_pattern_create_*` call.
  ///   - operation: what was being done, for error messages.
  /// - Throws: `RasterError.cairo` when the pattern is in an error state (it is freed first).
  init(owning pattern: OpaquePointer?, _ operation: @autoclosure () -> String) throws {
    guard let pattern else {
      throw RasterError.cairo(operation: operation(), status: "no pattern")
    }
    let status = cairo_pattern_status(pattern)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_pattern_destroy(pattern)
      try checkCairo(status, operation())
      throw RasterError.cairo(operation: operation(), status: "unknown")
    }
    handle = pattern
  }

  deinit { cairo_pattern_destroy(handle) }

  /// Throws if building the pattern (adding stops or patches) put it into an error state.
  /// - Parameter operation: what was being done, for the message.
  /// - Throws: `RasterError.cairo`.
  func check(_ operation: @autoclosure () -> String) throws {
    try checkCairo(cairo_pattern_status(handle), operation())
  }
}

// MARK: - Matrices

extension cairo_matrix_t {
  /// The Cairo matrix of a `Transform` (same convention: x' = a·x + c·y + tx, y' = b·x + d·y + ty).
  init(_ t: Transform) {
    self.init(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
  }
}
