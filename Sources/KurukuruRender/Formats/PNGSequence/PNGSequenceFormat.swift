import Foundation
import KurukuruCodecs
import KurukuruCore

// MARK: - PNGSequenceFormat

/// A folder of straight-RGBA PNG frames named `NAME0.png`, `NAME1.png`, … (`NAME0@2x.png` at
/// scale 2), as `UIImage.animatedImageNamed(_:duration:)` expects.
///
/// The folder is staged beside the destination and moved into place only when every frame was
/// written; frames of an earlier, longer render of the same name are removed.
public struct PNGSequenceFormat: OutputFormat {
  public static let name = "png"
  public static let summary = "a folder of PNG frames NAME0.png, NAME1.png, … (full alpha)"
  public static let options: [FormatOption] = []

  /// libdeflate level of the sequence frames that `PNG.encodeFast` hands to libdeflate (those
  /// with more than 3 % unmatched bytes), 1…12: `PNG.fastLevel` (4). The others take the pixel
  /// matcher, and a frame equal to one already written is copied; `scripts/bench png` measures
  /// the whole (figures in `scripts/bench.d/README.md`).
  public static let compressionLevel = PNG.fastLevel

  public init() {}

  public init(options: FormatOptionValues) throws {}

  public var writesFolder: Bool { true }

  /// `NAME`, `NAME@2x`: a folder.
  public func defaultPath(name: String, scale: Double) -> String {
    name + OutputNaming.suffix(forScale: scale)
  }

  /// The file name of frame `index`: `NAME12.png`, `NAME12@2x.png`.
  public static func fileName(name: String, index: Int, scale: Double) -> String {
    "\(name)\(index)\(OutputNaming.suffix(forScale: scale)).png"
  }

  public func write(_ renderer: Renderer, to target: OutputTarget) throws -> OutputSummary {
    let name = renderer.scene.name, scale = renderer.scale
    let suffix = OutputNaming.suffix(forScale: scale)
    let staging = try StagingDirectory(destination: target)
    let count = renderer.frameCount
    let sizes = SizeCounter()
    let written = PNGWrittenFrames { earlier in staging.read(named: earlier) }
    // Each worker borrows an encoder (which remembers the last frame it encoded, so it matches
    // again only what changed); the bytes never depend on which encoder or thread.
    let encoders = FastPNGEncoderPool()
    try renderer.forEachFrame(in: 0..<count) { i, frame in
      let file = PNGSequenceFormat.fileName(name: name, index: i, scale: scale)
      // A frame equal to one already written (still phases, loops that repeat) gets a copy of
      // that file's bytes instead of being deflated again; the bytes are the same either way, so
      // the result does not depend on which thread wrote first.
      let (bytes, key) = try encoders.withEncoder {
        try $0.encode(frame, level: PNGSequenceFormat.compressionLevel, reusing: written)
      }
      try staging.write(bytes, named: file)
      written.add(file, key: key)
      sizes.add(bytes.count)
      renderer.onEncoded?()
    }
    try staging.commit { file in
      guard file.hasPrefix(name), file.hasSuffix(suffix + ".png") else { return false }
      let middle = file.dropFirst(name.count).dropLast(suffix.count + 4)
      return !middle.isEmpty && middle.allSatisfy(\.isNumber)
    }
    let files = (0..<count).map { PNGSequenceFormat.fileName(name: name, index: $0, scale: scale) }
    return OutputSummary(path: target.path, frames: count, bytes: sizes.total, files: files)
  }
}

extension OutputFormat where Self == PNGSequenceFormat {
  /// A folder of PNG frames.
  public static func pngSequence() -> PNGSequenceFormat { PNGSequenceFormat() }
}

/// A byte count added to from several threads.
private final class SizeCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var sum = 0
  func add(_ n: Int) { lock.lock(); sum += n; lock.unlock() }
  var total: Int { lock.lock(); defer { lock.unlock() }; return sum }
}
