import FuzzSupport
import KurukuruCodecs
import KurukuruCompare
import KurukuruCore
import KurukuruRaster
import KurukuruRender

// MARK: - APNG target

/// The APNG decoder: `APNGDecoder.info` (chunks, CRCs, sequence numbers, limits) and `decode`
/// (inflate, unfilter, dispose and blend every frame). Both bound sizes before allocating.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  FuzzSupport.run(data, size) { bytes in
    let info = try? APNGDecoder.info(bytes)
    let apng = try APNGDecoder.decode(bytes)
    // What `info` saw and what `decode` produced must agree.
    if let info {
      precondition(info.width == apng.width && info.height == apng.height)
    }
    precondition(apng.delays.count == apng.frames.count)
    for frame in apng.frames { precondition(frame.pixels.count == apng.width * apng.height * 4) }
  }
}
