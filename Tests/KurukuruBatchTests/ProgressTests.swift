import Foundation
import KurukuruBatch
import KurukuruRender
import XCTest

// MARK: - Progress

final class ProgressTests: XCTestCase {
  /// The line is a pure function of the counts; the time left is elapsed × (1 − f) / f.
  func testTheLineSaysWhatIsDoneAndWhatIsLeft() {
    XCTAssertEqual(
      ProgressText.line("render", drawn: 30, encoded: 0, frames: 120, elapsed: 6),
      "render: 30/120 frames drawn · 0:06 elapsed, about 0:18 left")
    // Drawn and encoded frames are half the work each: (120 + 30) / 240 = 5/8 done after 10 s.
    XCTAssertEqual(
      ProgressText.line("render", drawn: 120, encoded: 30, frames: 120, elapsed: 10),
      "render: 120/120 frames drawn, 30 encoded · 0:10 elapsed, about 0:06 left")
    XCTAssertEqual(
      ProgressText.line("batch", outputs: (3, 12), presets: (1, 4), drawn: 0, encoded: 0, frames: 500, elapsed: 0.4),
      "batch: 3/12 outputs · 1/4 presets · 0/500 frames drawn · 0:00 elapsed")
    XCTAssertEqual(
      ProgressText.line("batch", outputs: (12, 12), presets: (4, 4), drawn: 500, encoded: 500, frames: 500, elapsed: 4000),
      "batch: 12/12 outputs · 4/4 presets · 500/500 frames drawn, 500 encoded · 1:06:40 elapsed")
    XCTAssertEqual(ProgressText.clock(59.9), "0:59")
    XCTAssertEqual(ProgressText.clock(3599), "59:59")
    XCTAssertEqual(ProgressText.clock(.nan), "0:00")
  }

  /// Every frame of every GIF, APNG, WebP and PNG output is reported encoded once: 5 frames
  /// (0.5 s at 10 fps) × (4 outputs + the dark preview GIF).
  func testEveryFormatReportsEveryFrameItWrites() throws {
    let input = try BatchTest.folder(), out = try BatchTest.folder()
    try BatchTest.write(BatchTest.dot(name: "dot"), as: "dot.json", in: input)
    let log = EventLog()
    var options = BatchOptions(inputs: [input], output: out, formats: [GIFFormat(), APNGFormat(), WebPFormat(), PNGSequenceFormat()])
    options.jobs = 3
    try Batch.run(options, onEvent: log.record)
    let encoded = log.all.filter { if case .frameEncoded = $0 { return true } else { return false } }.count
    XCTAssertEqual(encoded, 25)
    var progress = BatchProgress()
    for event in log.all { progress.record(event, at: Date()) }
    XCTAssertEqual(progress.framesEncoded, 25)
    XCTAssertEqual(progress.outputsDone, 6, "four formats, the dark preview, the contact sheet")
  }
}
