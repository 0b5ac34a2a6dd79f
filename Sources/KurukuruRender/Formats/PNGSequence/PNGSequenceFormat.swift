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

  /// zlib level of sequence frames. Measured on circle-progress at 30 fps, scale 3 (1,800
  /// frames, release build): level 1 took 4.5 s for 42.0 MB, level 3 5.4 s for 40.9 MB, level 6
  /// 8.3 s for 35.0 MB. Compression dominates a PNG-sequence render, and app builds
  /// recompress PNGs anyway (Xcode's "Compress PNG Files"), so speed wins: level 1.
  public static let compressionLevel = 1

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

  public func write(_ renderer: Renderer, to path: String) throws -> OutputSummary {
    let name = renderer.scene.name, scale = renderer.scale
    let suffix = OutputNaming.suffix(forScale: scale)
    let staging = try StagingDirectory(destination: path)
    let count = renderer.frameCount
    let sizes = SizeCounter()
    try renderer.forEachFrame(in: 0..<count) { i, frame in
      let bytes = try PNG.encode(frame, compressionLevel: PNGSequenceFormat.compressionLevel)
      try staging.write(bytes, named: PNGSequenceFormat.fileName(name: name, index: i, scale: scale))
      sizes.add(bytes.count)
    }
    try staging.commit { file in
      guard file.hasPrefix(name), file.hasSuffix(suffix + ".png") else { return false }
      let middle = file.dropFirst(name.count).dropLast(suffix.count + 4)
      return !middle.isEmpty && middle.allSatisfy(\.isNumber)
    }
    let files = (0..<count).map { PNGSequenceFormat.fileName(name: name, index: $0, scale: scale) }
    return OutputSummary(path: path, frames: count, bytes: sizes.total, files: files)
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
