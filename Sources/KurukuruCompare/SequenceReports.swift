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
  /// `sequence`), `identical`, `mismatchedPixels`, frame counts, `comparedBy` (`index` or
  /// `displayTime`), each side's total `durationA`/`durationB` (seconds, `null` without timing)
  /// and `durationsDiffer`, `diff`, and one object per position in display order: `index`,
  /// `frameA`/`frameB` (the frame each side shows, `null` when missing), `time` and `duration`
  /// (seconds, `null` without timing), `mismatchedPixels`, `delayA`/`delayB` (each frame's
  /// duration in centiseconds, rounded; `null` without timing), `presentInA`/`presentInB`,
  /// `sizeMismatch`, `width`, `height`.
  /// - Parameters:
  ///   - a: how the first input is named (its path).
  ///   - b: how the second input is named.
  ///   - images: whether two single images were compared.
  ///   - diff: where the diff image or folder was written, if anywhere.
  package func json(a: String, b: String, images: Bool, diff: String?) -> JSONOut {
    func seconds(_ value: Double?) -> JSONOut { value.map { .number($0) } ?? .null }
    func centiseconds(_ value: Double?) -> JSONOut { value.map { .int(Int(($0 * 100).rounded())) } ?? .null }
    func index(_ value: Int?) -> JSONOut { value.map { .int($0) } ?? .null }
    let positions: [JSONOut] = frames.map { p in
      var m: [(String, JSONOut)] = [
        ("index", .int(p.index)), ("frameA", index(p.frameA)), ("frameB", index(p.frameB)),
        ("time", seconds(p.time)), ("duration", seconds(p.duration)), ("mismatchedPixels", .int(p.mismatchedPixels)),
        ("delayA", centiseconds(p.durationA)), ("delayB", centiseconds(p.durationB)),
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
      ("differingFrames", .int(differingFrames)), ("comparedBy", .string(rule.rawValue)),
      ("durationA", seconds(durationA)), ("durationB", seconds(durationB)),
      ("durationsDiffer", .bool(durationsDiffer)),
      ("diff", diff.map { .string($0) } ?? .null),
      ("frames", .array(positions)),
    ])
  }
}
