import Foundation
import Kurukuru
import KurukuruCodecs
import XCTest

// MARK: - Running the built binary (compare tests only)

/// What one run of `kurukuru` produced.
struct CompareRun {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// The built `kurukuru` executable, next to the test bundle in the products folder.
private func kurukuruBinary() throws -> URL {
  let fm = FileManager.default
  var candidates = [
    Bundle.main.bundleURL.appendingPathComponent("kurukuru"),
    Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("kurukuru"),
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kurukuru"),
  ]
  for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
    candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("kurukuru"))
  }
  guard let found = candidates.first(where: { fm.isExecutableFile(atPath: $0.path) }) else {
    throw XCTSkip("the kurukuru binary is not built next to the tests (looked at \(candidates.map(\.path)))")
  }
  return found
}

/// Holds bytes read on another thread; read only after that thread's group was waited for.
private final class DataBox: @unchecked Sendable {
  var data = Data()
}

/// Runs `kurukuru args…` and returns its exit status, stdout and stderr.
func runKurukuru(_ args: [String]) throws -> CompareRun {
  let process = Process()
  process.executableURL = try kurukuruBinary()
  process.arguments = args
  let out = Pipe(), err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  // Read both pipes to the end before waiting, so a large output cannot block the child.
  let errBox = DataBox()
  let group = DispatchGroup()
  DispatchQueue.global().async(group: group) { errBox.data = err.fileHandleForReading.readDataToEndOfFile() }
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  group.wait()
  let errData = errBox.data
  process.waitUntilExit()
  return CompareRun(
    status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
    stderr: String(decoding: errData, as: UTF8.self))
}

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
    let bytes = try GIFEncoder.encode(
      width: frames[0].width, height: frames[0].height, frameCount: frames.count, delays: delays,
      frames: { Array(frames[$0]) })
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
