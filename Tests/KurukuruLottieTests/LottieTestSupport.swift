import CZlib
import Foundation
import KurukuruCore
import KurukuruRaster
import XCTest

@testable import KurukuruLottie

// MARK: - Documents

/// Small Lottie documents written by hand, as JSON text. Every shape and layer takes the
/// specification's defaults for what is not given.
enum LottieJSON {
  /// A document of `w`×`h` points at `fr` frames per second from `ip` to `op`.
  static func document(
    w: Double = 100, h: Double = 100, fr: Double = 10, ip: Double = 0, op: Double = 20, layers: [String], assets: [String] = []
  ) -> String {
    """
    {"v": "5.7.0", "fr": \(fr), "ip": \(ip), "op": \(op), "w": \(w), "h": \(h), "ddd": 0,
     "assets": [\(assets.joined(separator: ", "))], "layers": [\(layers.joined(separator: ", "))]}
    """
  }

  /// A shape layer; `ks` is the transform object, `extra` more members (`"ind": 1, "td": 1`).
  static func shapeLayer(_ shapes: [String], ks: String = "{}", ip: Double = 0, op: Double = 1000, extra: String = "") -> String {
    """
    {"ty": 4, "ks": \(ks), "ip": \(ip), "op": \(op), "st": 0\(extra.isEmpty ? "" : ", " + extra), "shapes": [\(shapes.joined(separator: ", "))]}
    """
  }

  /// A rectangle centred at (`x`, `y`), `w`×`h`, corner radius `r`.
  static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, r: Double = 0) -> String {
    #"{"ty": "rc", "p": {"a": 0, "k": [\#(x), \#(y)]}, "s": {"a": 0, "k": [\#(w), \#(h)]}, "r": {"a": 0, "k": \#(r)}}"#
  }

  /// The rectangle from (`x0`, `y0`) to (`x1`, `y1`) as a closed path value.
  static func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> String {
    polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
  }

  /// A path value through `points`, straight segments, closed unless `closed` is false.
  static func polygon(_ points: [(Double, Double)], closed: Bool = true) -> String {
    let v = points.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ")
    let z = points.map { _ in "[0, 0]" }.joined(separator: ", ")
    return #"{"c": \#(closed), "v": [\#(v)], "i": [\#(z)], "o": [\#(z)]}"#
  }

  /// A path shape item of a constant path value.
  static func path(_ value: String) -> String { #"{"ty": "sh", "ks": {"a": 0, "k": \#(value)}}"# }

  /// A solid fill of r, g, b in 0…1 at `opacity` percent; `rule` 1 non-zero, 2 even-odd.
  static func fill(_ r: Double, _ g: Double, _ b: Double, opacity: Double = 100, rule: Int = 1) -> String {
    #"{"ty": "fl", "c": {"a": 0, "k": [\#(r), \#(g), \#(b), 1]}, "o": {"a": 0, "k": \#(opacity)}, "r": \#(rule)}"#
  }

  /// A stroke of `width`, cap `lc` (1 butt, 2 round, 3 square); `extra` more members.
  static func stroke(_ r: Double, _ g: Double, _ b: Double, width: Double, lc: Int = 1, extra: String = "") -> String {
    #"{"ty": "st", "c": {"a": 0, "k": [\#(r), \#(g), \#(b), 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": \#(width)}, "lc": \#(lc), "lj": 1"#
      + (extra.isEmpty ? "" : ", " + extra) + "}"
  }

  /// A group of `items` with a transform (`tr` members, e.g. `"s": {"a": 0, "k": [200, 200]}`).
  static func group(_ items: [String], tr: String = "") -> String {
    #"{"ty": "gr", "it": [\#((items + [#"{"ty": "tr"\#(tr.isEmpty ? "" : ", " + tr)}"#]).joined(separator: ", "))]}"#
  }

  static let red = fill(1, 0, 0)
}

// MARK: - Loading and rendering

extension XCTestCase {
  /// Reads `text` as a Lottie document.
  func lottie(_ text: String, limits: LottieLimits = LottieLimits(), file: StaticString = #filePath, line: UInt = #line) throws
    -> LottieAnimation
  {
    do {
      return try LottieAnimation(text: text, file: "test.json", limits: limits)
    } catch {
      XCTFail("\(error)", file: file, line: line)
      throw error
    }
  }

  /// The error reading `text` throws, or nil (a failure) when it reads.
  func lottieError(_ text: String, limits: LottieLimits = LottieLimits(), file: StaticString = #filePath, line: UInt = #line)
    -> LottieError?
  {
    do {
      _ = try LottieAnimation(text: text, file: "test.json", limits: limits)
      XCTFail("expected an error", file: file, line: line)
    } catch let error as LottieError {
      return error
    } catch {
      XCTFail("not a LottieError: \(error)", file: file, line: line)
    }
    return nil
  }

  /// The animation drawn at Lottie frame `frame` (the time `(frame − ip) / fr` of the loop).
  func render(_ animation: LottieAnimation, frame: Double = 0) throws -> Frame {
    let t = (frame - animation.model.inPoint) / animation.model.frameRate
    return try Rasterizer().render(animation.displayList(at: t))
  }

  /// The document drawn at `frame`.
  func render(_ text: String, frame: Double = 0) throws -> Frame {
    try render(try lottie(text), frame: frame)
  }

  /// Checks that pixel (`x`, `y`) is `expected` (r, g, b, a) within `tolerance` per channel.
  func assertPixel(
    _ f: Frame, _ x: Int, _ y: Int, _ expected: (UInt8, UInt8, UInt8, UInt8), tolerance: Int = 2, _ what: String = "",
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let p = f[x, y]
    let got = [p.r, p.g, p.b, p.a].map(Int.init), want = [expected.0, expected.1, expected.2, expected.3].map(Int.init)
    let ok = zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }
    XCTAssertTrue(ok, "pixel (\(x), \(y)) is \(got), expected \(want) \(what)", file: file, line: line)
  }

  /// Checks that pixel (`x`, `y`) is fully transparent.
  func assertClear(_ f: Frame, _ x: Int, _ y: Int, _ what: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(f[x, y].a, 0, "pixel (\(x), \(y)) should be clear \(what)", file: file, line: line)
  }

  /// Checks that pixel (`x`, `y`) is opaque red.
  func assertRed(_ f: Frame, _ x: Int, _ y: Int, _ what: String = "", file: StaticString = #filePath, line: UInt = #line) {
    assertPixel(f, x, y, (255, 0, 0, 255), what, file: file, line: line)
  }
}

// MARK: - ZIP archives

/// Writes ZIP archives for the dotLottie tests: entries stored or deflated (zlib's raw deflate),
/// with a declared size that may lie.
enum TestZip {
  struct Entry {
    var name: String
    var data: [UInt8]
    var deflated = true
    /// The uncompressed size written in the headers (default the real one).
    var declaredSize: UInt32?
    /// The deflated data when already made (default: deflated when written).
    var payload: [UInt8]?
  }

  static func entry(_ name: String, _ text: String, deflated: Bool = true) -> Entry {
    Entry(name: name, data: Array(text.utf8), deflated: deflated)
  }

  /// A dotLottie archive: `manifest.json` listing `ids`, then `entries`.
  static func dotLottie(ids: [String], _ entries: [Entry]) -> [UInt8] {
    let list = ids.map { #"{"id": "\#($0)"}"# }.joined(separator: ", ")
    return archive([entry("manifest.json", #"{"version": "1", "animations": [\#(list)]}"#)] + entries)
  }

  static func archive(_ entries: [Entry]) -> [UInt8] {
    var out: [UInt8] = [], directory: [UInt8] = []
    func u16(_ v: Int, _ into: inout [UInt8]) { into += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func u32(_ v: UInt32, _ into: inout [UInt8]) { for k in 0..<4 { into.append(UInt8(v >> (8 * UInt32(k)) & 0xFF)) } }
    for e in entries {
      let payload = e.deflated ? e.payload ?? deflate(e.data) : e.data
      let crc = e.data.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
      let name = Array(e.name.utf8)
      let offset = UInt32(out.count)
      func header(_ into: inout [UInt8]) {
        u16(20, &into); u16(0, &into); u16(e.deflated ? 8 : 0, &into); u16(0, &into); u16(0, &into)
        u32(crc, &into); u32(UInt32(payload.count), &into); u32(e.declaredSize ?? UInt32(e.data.count), &into)
        u16(name.count, &into); u16(0, &into)
      }
      u32(0x0403_4B50, &out)
      header(&out)
      out += name + payload
      u32(0x0201_4B50, &directory)
      u16(20, &directory)
      header(&directory)
      u16(0, &directory); u16(0, &directory); u16(0, &directory); u32(0, &directory); u32(offset, &directory)
      directory += name
    }
    let start = out.count
    out += directory
    u32(0x0605_4B50, &out)
    u16(0, &out); u16(0, &out); u16(entries.count, &out); u16(entries.count, &out)
    u32(UInt32(directory.count), &out); u32(UInt32(start), &out); u16(0, &out)
    return out
  }

  /// Raw deflate (no zlib header), as ZIP stores it.
  static func deflate(_ input: [UInt8]) -> [UInt8] {
    var stream = z_stream()
    precondition(deflateInit2_(&stream, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 16)
    var input = input
    let written: Int = input.withUnsafeMutableBufferPointer { inBuf in
      output.withUnsafeMutableBufferPointer { outBuf in
        stream.next_in = inBuf.baseAddress
        stream.avail_in = UInt32(inBuf.count)
        stream.next_out = outBuf.baseAddress
        stream.avail_out = UInt32(outBuf.count)
        precondition(CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END)
        return Int(stream.total_out)
      }
    }
    return Array(output.prefix(written))
  }
}
