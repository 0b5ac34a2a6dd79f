import FuzzSupport
import KurukuruCodecs
import KurukuruCompare
import KurukuruCore
import KurukuruRaster
import KurukuruRender

// MARK: - GIF target

/// The GIF decoder: `GIFDecoder.info` (the walk without LZW decoding) and `decode` (every
/// frame composited). Both bound sizes before allocating; `-rss_limit_mb` catches any that don't.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  FuzzSupport.run(data, size) { bytes in
    let info = try? GIFDecoder.info(bytes)
    let gif = try GIFDecoder.decode(bytes)
    // What `info` saw and what `decode` produced must agree.
    if let info {
      precondition(info.frames == gif.frames.count && info.width == gif.width && info.height == gif.height)
    }
    for frame in gif.frames { precondition(frame.pixels.count == gif.width * gif.height * 4) }
  }
}
