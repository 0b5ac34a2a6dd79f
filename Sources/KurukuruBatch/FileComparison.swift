import Foundation
import KurukuruCodecs
import KurukuruCompare
import KurukuruCore
import KurukuruRender

// MARK: - FileComparison

/// Two files or folders of frames compared (`kurukuru compare`), with the diff images written
/// as every output is: atomically, inside their folder, nothing left behind on failure.
package enum FileComparison {
  /// Compares on every core and writes the diff: for two images the PNG file `diff`, otherwise
  /// the folder `diff` of `diff<i>.png`, one per pair of same-sized frames, staged and committed
  /// only when everything succeeded (stale `diff<i>.png` files of an earlier run are removed).
  package static func compare(
    _ a: FrameSource, _ b: FrameSource, options: PixelmatchOptions, diff: String?, singleImages: Bool
  ) throws -> SequenceComparison {
    let workers = ProcessInfo.processInfo.activeProcessorCount
    let (a, b) = (a.frames, b.frames)
    guard let diff else { return try SequenceCompare.compare(a, b, options: options, workers: workers) }
    if singleImages {
      var image: Frame?
      // Two images make one position: the sink is called at most once, on one thread.
      let result = try SequenceCompare.compare(a, b, options: options, workers: 1) { _, diff in image = diff }
      if let image { try AtomicFile.write(try PNG.encode(image), to: diff) }
      return result
    }
    let staging = try StagingDirectory(destination: try OutputTarget(path: diff))
    // Each call writes its own file, so the sink needs no lock.
    let result = try SequenceCompare.compare(a, b, options: options, workers: workers) { i, image in
      try staging.write(try PNG.encode(image), named: "diff\(i).png")
    }
    try staging.commit { name in
      name.hasPrefix("diff") && name.hasSuffix(".png") && name.dropFirst(4).dropLast(4).allSatisfy(\.isNumber)
    }
    return result
  }
}
