import FuzzSupport
import KurukuruCore
import KurukuruLottie

// MARK: - Lottie import target

/// The Lottie reader on its own: bytes (a Lottie JSON document or a dotLottie archive, told apart
/// by their first bytes as `LottieAnimation.load` does) → `LottieAnimation.read(bytes:file:)` with
/// the default limits, which must succeed or throw a `LottieError` (the stage's one documented
/// error type) whose description is one line naming the file; anything else is a finding. Seeds
/// are real files (`Fuzz/Corpus/lottieimport/`, links to the test fixtures) and small documents
/// in every dialect the reader accepts. Unsupported features are allowed, so the reader goes on
/// past them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  FuzzSupport.run(data, size) { bytes in
    do {
      let animation = try LottieAnimation.read(bytes: bytes, file: "fuzz.json", allowUnsupported: true)
      precondition(animation.timeline.frameCount >= 1, "a loop of no frames")
      _ = animation.warnings
    } catch let error as LottieError {
      let line = error.description
      precondition(line.hasPrefix("fuzz.json") && !line.contains("\n"), "not one line naming the file: \(line)")
    } catch {
      preconditionFailure("not a LottieError: \(error)")
    }
  }
}
