import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruCodecs

// MARK: - FrameSource

/// Opening paths as frame sequences: folder ordering, kinds told by contents, and the one-line
/// errors that name the path.
final class FrameSourceTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "kk-framesource-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

  // MARK: - Ordering

  func testTrailingNumber() {
    XCTAssertEqual(FrameSource.trailingNumber("spin12.png"), 12)
    XCTAssertEqual(FrameSource.trailingNumber("spin12@2x.png"), 12)
    XCTAssertEqual(FrameSource.trailingNumber("spin-007.PNG"), 7)
    XCTAssertEqual(FrameSource.trailingNumber("3d-spin.png"), nil, "only a number at the end counts")
    XCTAssertEqual(FrameSource.trailingNumber("spin.png"), nil)
    XCTAssertEqual(FrameSource.trailingNumber("spin@2x.png"), nil)
  }

  /// 2 comes before 10 (not name order), `@Nx` is ignored, equal numbers go by name, names
  /// without a number come last, and other files are skipped.
  func testFolderFramesAreOrderedByTrailingNumber() throws {
    let names = [
      "spin10.png", "spin2.png", "spin1@2x.png", "b0.png", "a0.png", "zeta.png", "alpha.png", "spin11.PNG",
      "notes.txt", ".hidden3.png",
    ]
    for name in names { try write(frame(1), name) }
    let paths = try FrameSource.framePaths(inFolder: folder)
    XCTAssertEqual(
      paths.map { URL(fileURLWithPath: $0).lastPathComponent },
      ["a0.png", "b0.png", "spin1@2x.png", "spin2.png", "spin10.png", "spin11.PNG", "alpha.png", "zeta.png"])
    XCTAssertEqual(paths.first, folder + "/a0.png")
  }

  /// A folder source decodes frame i from the i-th file in number order, without delays.
  func testFolderSourceReadsFramesInOrder() throws {
    for i in [0, 1, 2, 10] { try write(frame(i), "f\(i).png") }
    let source = try FrameSource(path: folder)
    XCTAssertFalse(source.isSingleImage)
    XCTAssertEqual(source.count, 4)
    XCTAssertEqual(try source.frame(3), frame(10))
    XCTAssertEqual(try source.frame(1), frame(1))
    XCTAssertEqual(source.timing, .untimed(count: 4))
    XCTAssertEqual([source.width, source.height], [4, 4], "the first frame's size")
  }

  // MARK: - Kinds

  func testPNGAndGIFFiles() throws {
    let png = try write(frame(3), "one.png")
    let image = try FrameSource(path: png)
    XCTAssertTrue(image.isSingleImage)
    XCTAssertEqual(image.count, 1)
    XCTAssertEqual(try image.frame(0), frame(3))

    let frames = [frame(1), frame(2), frame(3)]
    let bytes = try GIFEncoder.encode(
      width: 4, height: 4, frameCount: 3, delays: [5, 7, 9], frames: { Array(frames[$0]) })
    let gifPath = folder + "/anim.dat"
    try Data(bytes).write(to: URL(fileURLWithPath: gifPath))
    let gif = try FrameSource(path: gifPath)
    XCTAssertFalse(gif.isSingleImage)
    XCTAssertEqual(gif.count, 3)
    XCTAssertEqual(gif.timing, .durations([5, 7, 9].map { Rational($0, 100) }, unit: Rational(1, 100)),
                   "told by contents, not the name")
    XCTAssertEqual(try gif.frame(2), frame(3))
  }

  /// APNG and WebP files keep their exact timing: fcTL fractions, WebP milliseconds.
  func testAPNGAndWebPTimingIsExact() throws {
    let frames = [frame(1), frame(2), frame(3)]
    let apngPath = folder + "/anim.apng", webpPath = folder + "/anim.webp"
    try Data(try APNGEncoder.encode(TimedFrames(frames, frameDuration: Rational(1, 30)))).write(to: URL(fileURLWithPath: apngPath))
    try Data(try WebPEncoder.encode(TimedFrames(frames, frameDuration: Rational(1, 30))).bytes)
      .write(to: URL(fileURLWithPath: webpPath))
    let apng = try FrameSource(path: apngPath)
    XCTAssertEqual(apng.timing, .durations([Rational](repeating: Rational(1, 30), count: 3)))
    XCTAssertEqual(try apng.frames.frames(0..<3), frames)
    let webp = try FrameSource(path: webpPath)
    XCTAssertEqual(webp.timing, .durations([33, 34, 33].map { Rational($0, 1000) }, unit: Rational(1, 1000)))
  }

  // MARK: - Errors

  func testErrorsNameThePath() throws {
    let missing = folder + "/missing.png"
    XCTAssertThrowsError(try FrameSource(path: missing)) {
      XCTAssertEqual($0 as? FrameSourceError, .notFound(path: missing))
      XCTAssertEqual("\($0)", "\(missing): no such file or folder")
    }
    let empty = folder + "/empty"
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    XCTAssertThrowsError(try FrameSource(path: empty)) {
      XCTAssertEqual("\($0)", "\(empty): the folder holds no .png frames")
    }
    let text = folder + "/notes.txt"
    try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
    XCTAssertThrowsError(try FrameSource(path: text)) {
      XCTAssertEqual("\($0)", "\(text): not a PNG, APNG, GIF or WebP file, nor a folder of PNG frames")
    }
    let gif = folder + "/bad.gif"
    try Data([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1]).write(to: URL(fileURLWithPath: gif))
    XCTAssertThrowsError(try FrameSource(path: gif)) {
      guard case .gif(let path, _)? = $0 as? FrameSourceError else { return XCTFail("\($0)") }
      XCTAssertEqual(path, gif)
      XCTAssertTrue("\($0)".hasPrefix("\(gif): gif: "), "\($0)")
    }
  }

  /// A broken frame of a folder is reported when it is read, naming the frame's file.
  func testBrokenFolderFrameNamesTheFile() throws {
    try write(frame(0), "f0.png")
    let broken = folder + "/f1.png"
    try Data([0x89, 0x50, 0x4E, 0x47, 0, 0]).write(to: URL(fileURLWithPath: broken))
    let source = try FrameSource(path: folder)
    XCTAssertEqual(try source.frame(0), frame(0))
    XCTAssertThrowsError(try source.frame(1)) {
      XCTAssertEqual($0 as? FrameSourceError, .png(path: broken, .notPNG))
      XCTAssertEqual("\($0)", "\(broken): png: not a png file (bad signature at byte 0)")
    }
  }

  // MARK: - Helpers

  /// A 4×4 opaque frame whose colour encodes `index`.
  private func frame(_ index: Int) -> Frame {
    Frame(width: 4, height: 4, fill: RGBA8(r: UInt8(index * 20), g: 100, b: 200))
  }

  @discardableResult
  private func write(_ frame: Frame, _ name: String) throws -> String {
    let path = folder + "/" + name
    try Data(try PNG.encode(frame)).write(to: URL(fileURLWithPath: path))
    return path
  }
}
