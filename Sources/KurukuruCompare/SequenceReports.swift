import Foundation
import KurukuruCore

// MARK: - Reports

extension SequenceComparison {
  /// The summary line of two compared images (one position, both present), e.g.
  /// `12 mismatched pixels (0.03% of 200×200)`, `identical: 0 mismatched pixels (200×200)` or
  /// `image sizes differ: 200×200 vs 100×100 pixels`; `summary` for anything else.
  public var imageSummary: String {
    guard let p = frames.first, let sa = p.sizeA, let sb = p.sizeB else { return summary }
    if p.sizeMismatch { return "image sizes differ: \(sa) vs \(sb) pixels" }
    if p.mismatchedPixels == 0 { return "identical: 0 mismatched pixels (\(sa))" }
    let share = sa.area > 0 ? 100 * Double(p.mismatchedPixels) / Double(sa.area) : 0
    return "\(p.mismatchedPixels) mismatched pixel\(p.mismatchedPixels == 1 ? "" : "s") "
      + "(\(String(format: "%.2f", share))% of \(sa))"
  }

  /// The comparison as `kurukuru compare --json` prints it: the inputs, `kind` (`image` or
  /// `sequence`), `identical`, `mismatchedPixels`, frame counts, `diff` and one object per
  /// position (delays in centiseconds, `null` where a side has none).
  /// - Parameters:
  ///   - a: how the first input is named (its path).
  ///   - b: how the second input is named.
  ///   - images: whether two single images were compared.
  ///   - diff: where the diff image or folder was written, if anywhere.
  package func json(a: String, b: String, images: Bool, diff: String?) -> JSONOut {
    let positions: [JSONOut] = frames.map { p in
      var m: [(String, JSONOut)] = [
        ("index", .int(p.index)), ("mismatchedPixels", .int(p.mismatchedPixels)),
        ("delayA", p.delayA.map { .int($0) } ?? .null), ("delayB", p.delayB.map { .int($0) } ?? .null),
        ("presentInA", .bool(p.presentInA)), ("presentInB", .bool(p.presentInB)),
        ("sizeMismatch", .bool(p.sizeMismatch)),
      ]
      if let s = p.sizeA ?? p.sizeB { m += [("width", .int(s.width)), ("height", .int(s.height))] }
      return .object(m)
    }
    return .object([
      ("a", .string(a)), ("b", .string(b)), ("kind", .string(images ? "image" : "sequence")),
      ("identical", .bool(!differs)), ("mismatchedPixels", .int(totalMismatched)),
      ("frameCountA", .int(frameCountA)), ("frameCountB", .int(frameCountB)),
      ("differingFrames", .int(differingFrames)),
      ("diff", diff.map { .string($0) } ?? .null),
      ("frames", .array(positions)),
    ])
  }
}
