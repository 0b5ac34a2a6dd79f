import Foundation
import FuzzSupport
import KurukuruCodecs
import KurukuruCompare
import KurukuruCore
import KurukuruRaster
import KurukuruRender

// MARK: - Lottie target

/// Lottie export of decoded presets: preset text → `Preset(text:file:)` → `scene(limits:)` with
/// tight limits → `LottieFormat.document(for:)`, which must produce JSON that Foundation reads
/// back (or throw one of the export's own errors). Loops are kept short (≤ 120 frames): export
/// time grows with frames × keyframes, and a 300-frame loop with a 0.05 s cycle (now a seed)
/// took seconds under AddressSanitizer, past libFuzzer's timeout.
let limits: Limits = {
  var l = Limits()
  l.maxCanvasPoints = 512
  l.maxFPS = 60
  l.maxPeriod = 10
  l.maxDuration = 10
  l.maxFrames = 120
  l.maxViews = 200
  l.maxDepth = 16
  return l
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  FuzzSupport.run(data, size) { bytes in
    guard let text = String(validating: bytes, as: UTF8.self) else { return }
    let scene = try Preset(text: text, file: "fuzz.json").scene(limits: limits)
    let document = try LottieFormat.document(for: scene)
    precondition((try? JSONSerialization.jsonObject(with: Data(document))) != nil, "the export is not JSON")
  }
}
