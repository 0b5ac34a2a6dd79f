import FuzzSupport
import KurukuruCodecs
import KurukuruCompare
import KurukuruCore
import KurukuruRaster
import KurukuruRender

// MARK: - WebP target

/// The WebP reader on libwebp's demuxer: `WebPDecoder.info` and `decode`, with the frame list
/// and limits checked before any canvas is allocated.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  FuzzSupport.run(data, size) { bytes in
    let info = try? WebPDecoder.info(bytes)
    let webp = try WebPDecoder.decode(bytes)
    if let info {
      precondition(info.width == webp.width && info.height == webp.height)
    }
    for frame in webp.frames { precondition(frame.pixels.count == webp.width * webp.height * 4) }
  }
}
