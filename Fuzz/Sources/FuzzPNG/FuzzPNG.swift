import FuzzSupport
import KurukuruCodecs
import KurukuruCompare
import KurukuruCore
import KurukuruRaster
import KurukuruRender

// MARK: - PNG target

/// The PNG decoder (libpng through `CKurukuruPNG`, whose `setjmp` stays on the C side).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  FuzzSupport.run(data, size) { bytes in
    let frame = try PNG.decode(bytes)
    precondition(frame.pixels.count == frame.width * frame.height * 4)
    precondition(frame.width <= PNG.maximumSide && frame.height <= PNG.maximumSide)
  }
}
