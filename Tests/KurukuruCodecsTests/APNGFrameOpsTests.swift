import KurukuruCore
import XCTest

@testable import KurukuruCodecs

// MARK: - Dispose and blend ops

/// fcTL's `dispose_op` and `blend_op` as `APNGDispose` and `APNGBlend`: the bytes the spec
/// defines and no others, written by the encoder and read back by the decoder.
final class APNGFrameOpsTests: XCTestCase {
  func testRawValuesRoundTripAndOnlyTheSpecsAreCases() {
    XCTAssertEqual(APNGDispose.allCases.map(\.rawValue), [0, 1, 2])
    XCTAssertEqual(APNGBlend.allCases.map(\.rawValue), [0, 1])
    for op in APNGDispose.allCases { XCTAssertEqual(APNGDispose(rawValue: op.rawValue), op) }
    for op in APNGBlend.allCases { XCTAssertEqual(APNGBlend(rawValue: op.rawValue), op) }
    XCTAssertNil(APNGDispose(rawValue: 3))
    XCTAssertNil(APNGDispose(rawValue: 255))
    XCTAssertNil(APNGBlend(rawValue: 2))
  }

  /// Animations whose best encodings use every dispose op and both blend ops: each fcTL's two
  /// bytes are cases of the enums, and the file decodes to exactly the frames.
  func testEncodedOpsAreTheEnumsAndDecodeToTheFrames() throws {
    var used = Set<String>()
    for frames in [Self.blinking(), Self.moving(), Self.returning()] {
      let bytes = try APNGEncoder.encode(TimedFrames(frames, frameDuration: Rational(1, 30)),
                                         options: APNGOptions(mergeIdenticalFrames: false, threads: 1))
      XCTAssertEqual(try APNGDecoder.decode(bytes).frames, frames)
      for (dispose, blend) in Self.ops(in: bytes) {
        let d = try XCTUnwrap(APNGDispose(rawValue: dispose), "dispose_op \(dispose)")
        let b = try XCTUnwrap(APNGBlend(rawValue: blend), "blend_op \(blend)")
        used.insert("\(d)"); used.insert("\(b)")
      }
    }
    XCTAssertEqual(used, ["none", "background", "previous", "source", "over"])
  }

  // MARK: - Helpers

  /// Each fcTL's (dispose_op, blend_op) bytes, in order.
  static func ops(in png: [UInt8]) -> [(UInt8, UInt8)] {
    var out: [(UInt8, UInt8)] = []
    var at = 8
    while at + 8 <= png.count {
      let length = png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
      if String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self) == "fcTL" {
        out.append((png[at + 8 + 24], png[at + 8 + 25]))
      }
      at += 12 + length
    }
    return out
  }

  /// A 16 × 16 canvas with an opaque square of `side` at (x, y).
  static func square(x: Int, y: Int, side: Int = 4, color: RGBA8 = RGBA8(r: 220, g: 60, b: 20)) -> Frame {
    var f = Frame(width: 16, height: 16)
    for j in y..<min(16, y + side) { for i in x..<min(16, x + side) { f[i, j] = color } }
    return f
  }

  /// A square that appears and vanishes on a transparent canvas.
  static func blinking() -> [Frame] { [square(x: 2, y: 2), Frame(width: 16, height: 16), square(x: 2, y: 2), Frame(width: 16, height: 16)] }

  /// A square moving right, half transparent in between.
  static func moving() -> [Frame] {
    (0..<6).map { k in square(x: k * 2, y: 6, color: RGBA8(r: 20, g: 90, b: 200, a: k % 2 == 0 ? 255 : 128)) }
  }

  /// A background bar with a dot over it that goes and comes back (the bar shows again where the
  /// dot was: what dispose PREVIOUS restores).
  static func returning() -> [Frame] {
    func frame(dotAt x: Int?) -> Frame {
      var f = Frame(width: 16, height: 16)
      for j in 0..<16 { for i in 0..<16 where (i + j) % 3 == 0 { f[i, j] = RGBA8(r: 10, g: 10, b: UInt8(16 * (i % 16)), a: 200) } }
      if let x { for j in 6..<10 { for i in x..<(x + 4) { f[i, j] = RGBA8(r: 250, g: 250, b: 0) } } }
      return f
    }
    return [frame(dotAt: nil), frame(dotAt: 3), frame(dotAt: nil), frame(dotAt: 9), frame(dotAt: nil), frame(dotAt: 3)]
  }
}
