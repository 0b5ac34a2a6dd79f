import Foundation
import KurukuruCore
import KurukuruCodecs
import XCTest

// MARK: - Fixtures written on the fly

/// A temporary folder removed by `cleanUp()`.
final class CompareScratch {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "kk-compare-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func cleanUp() { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `frame` as a PNG named `name` and returns its path.
  @discardableResult
  func png(_ name: String, _ frame: Frame) throws -> String {
    let p = path + "/" + name
    try FileManager.default.createDirectory(
      atPath: URL(fileURLWithPath: p).deletingLastPathComponent().path, withIntermediateDirectories: true)
    try Data(try PNG.encode(frame)).write(to: URL(fileURLWithPath: p))
    return p
  }

  /// Writes an animated GIF of `frames` with `delays` (centiseconds) and returns its path.
  func gif(_ name: String, _ frames: [Frame], delays: [Int]) throws -> String {
    let p = path + "/" + name
    let bytes = try GIFEncoder.encode(TimedFrames(frames, durations: delays.map { Rational($0, 100) }))
    try Data(bytes).write(to: URL(fileURLWithPath: p))
    return p
  }
}

/// A 24 × 16 opaque test frame: a coloured bar whose position depends on `index`.
func compareFrame(_ index: Int, color: RGBA8 = RGBA8(r: 0, g: 0, b: 200)) -> Frame {
  var f = Frame(width: 24, height: 16, fill: RGBA8(r: 255, g: 255, b: 255))
  for y in 4..<12 {
    for x in (index * 3)..<(index * 3 + 6) where x < 24 { setPixel(&f, x, y, color) }
  }
  return f
}

/// Sets one pixel of `frame`.
func setPixel(_ frame: inout Frame, _ x: Int, _ y: Int, _ c: RGBA8) {
  let i = (y * frame.width + x) * 4
  frame.pixels[i] = c.r
  frame.pixels[i + 1] = c.g
  frame.pixels[i + 2] = c.b
  frame.pixels[i + 3] = c.a
}
