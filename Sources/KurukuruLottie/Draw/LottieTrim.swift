import Foundation
import KurukuruCore

// MARK: - Trim paths

/// Lottie's trim paths (`tm`), by arc length: start and end in percent (swapped when start >
/// end, clamped to 0…100, rounded to 1e-4 as lottie-web does), offset in degrees (360 = one
/// length, wrapping). Equal start and end draw nothing; 0…100 leaves the paths as they are. A
/// trimmed part that runs past the end continues from the start; on a closed path the two parts
/// are one subpath, so the join where they meet is drawn as a join.
///
/// `eachPath` (`m: 1`) trims every path on its own; `sequence` (`m: 2`) trims all the paths as
/// one, one after another in order. The result has one path per input path (empty where
/// nothing of it is left).
enum LottieTrim {
  static func trimmed(_ paths: [BezierPath], start: Double, end: Double, offset: Double, mode: Lottie.Trim.Mode) -> [BezierPath] {
    func unit(_ v: Double) -> Double { (min(max(v, 0), 100) / 100 * 1e4).rounded() / 1e4 }
    let a = unit(min(start, end)), b = unit(max(start, end))
    if a >= b { return paths.map { _ in BezierPath() } }
    if a <= 0 && b >= 1 { return paths }
    let turns = offset / 360
    let shift = turns - turns.rounded(.down)
    var from = a + shift, to = b + shift
    if from >= 1 { from -= 1; to -= 1 }
    switch mode {
    case .eachPath:
      return paths.map { part($0, from: from, to: to) ?? BezierPath() }
    case .sequence:
      let lengths = paths.map(\.length)
      let total = lengths.reduce(0, +)
      guard total > 0 else { return paths.map { _ in BezierPath() } }
      var out: [BezierPath] = []
      var cursor = 0.0
      for (path, length) in zip(paths, lengths) {
        defer { cursor += length }
        var piece = BezierPath()
        defer { out.append(piece) }
        guard length > 0 else { continue }
        // The parts of [from, to] (and its wrapped tail) that fall on this path, as fractions of it.
        var pieces: [(Double, Double)] = []
        for (lo, hi) in [(from, min(to, 1)), (0, max(0, to - 1))] where hi > lo {
          let s = (lo * total - cursor) / length, e = (hi * total - cursor) / length
          let cs = max(0, s), ce = min(1, e)
          if ce > cs { pieces.append((cs, ce)) }
        }
        for (cs, ce) in pieces { piece.elements += path.trimmed(from: cs, to: ce).elements }
      }
      return out
    }
  }

  /// The part of one path from fraction `from` to `to` of its length (`to` may pass 1: the rest
  /// continues from the start).
  static func part(_ path: BezierPath, from: Double, to: Double) -> BezierPath? {
    if to <= 1 {
      let p = path.trimmed(from: from, to: to)
      return p.isEmpty ? nil : p
    }
    let head = path.trimmed(from: from, to: 1), tail = path.trimmed(from: 0, to: to - 1)
    if head.isEmpty { return tail.isEmpty ? nil : tail }
    if tail.isEmpty { return head }
    let closed = path.elements.contains(.close)
    var joined = head
    if closed {
      // The tail begins where the head ends (the path's start): continue without a move.
      joined.elements.removeAll { $0 == .close }
      joined.elements += tail.elements.drop { if case .move = $0 { return true } else { return false } }
    } else {
      joined.elements += tail.elements
    }
    return joined
  }
}
