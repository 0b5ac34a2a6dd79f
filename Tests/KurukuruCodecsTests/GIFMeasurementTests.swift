import Foundation
import KurukuruCore
@testable import KurukuruCodecs
import XCTest

/// Size, quality and speed figures for the dithering choice. Runs only when the environment
/// variable `KURUKURU_GIF_MEASURE` names a folder: it writes the raw frames (`NAME.rgba`) and our
/// GIFs there, and scores any `NAME-*.gif` already there (e.g. made by ffmpeg) the same way.
final class GIFMeasurementTests: XCTestCase {
  private struct AnimationSpec {
    var name: String
    var size: Int
    var frames: [Frame]
    var options: GIFOptions
  }

  private func animations() -> [AnimationSpec] {
    let n = 36  // 1.2 s at 30 fps
    let dark = (0.1, 0.1, 0.12)
    func dots(_ i: Int) -> Frame {
      // Five orbiting dots whose size pulses: an activity indicator.
      let size = 120
      var frame = Frame(width: size, height: size)
      for k in 0..<5 {
        let t = Double(i) / Double(n) + Double(k) * 0.07
        let angle = 2 * Double.pi * t - Double.pi / 2
        let cx = 60 + 40 * cos(angle), cy = 60 + 40 * sin(angle)
        let r = 10 * (1 - Double(k) / 6)
        for y in 0..<size {
          for x in 0..<size {
            let d = hypot(Double(x) + 0.5 - cx, Double(y) + 0.5 - cy) - r
            let a = Synthetic.coverage(d)
            guard a > 0 else { continue }
            let old = Double(frame[x, y].a) / 255
            frame[x, y] = Synthetic.pixel((1, 0.584, 0), a + old * (1 - a))
          }
        }
      }
      return frame
    }
    return [
      AnimationSpec(name: "arc-transparent", size: 120, frames: (0..<n).map { Synthetic.arc(size: 120, frame: $0, of: n) },
                options: GIFOptions()),
      AnimationSpec(name: "arc-opaque", size: 120,
                frames: (0..<n).map { Synthetic.arc(size: 120, frame: $0, of: n, background: dark) },
                options: GIFOptions(transparency: .flatten(matte: RGBA8(r: 255, g: 255, b: 255)))),
      AnimationSpec(name: "dots-transparent", size: 120, frames: (0..<n).map(dots), options: GIFOptions()),
      AnimationSpec(name: "arc-large", size: 240, frames: (0..<n).map { Synthetic.arc(size: 240, frame: $0, of: n) },
                options: GIFOptions()),
    ]
  }

  private func score(_ bytes: [UInt8], _ animation: AnimationSpec) throws -> (min: Double, mean: Double) {
    let decoded = try GIFDecoder.decode(bytes)
    var values: [Double] = []
    // Frames may have been merged or dropped by other encoders: score by display time.
    var shown: [Frame] = []
    for (frame, delay) in zip(decoded.frames, decoded.delays) {
      for _ in 0..<max(1, Int((Double(delay) / (100.0 / 30)).rounded())) { shown.append(frame) }
    }
    for (i, frame) in animation.frames.enumerated() where i < shown.count {
      let matte = animation.options.matte ?? RGBA8(r: 255, g: 255, b: 255)
      values.append(Reference.psnr(Reference.onMatte(shown[i], matte), Reference.onMatte(frame, matte)))
    }
    return (values.min() ?? 0, values.reduce(0, +) / Double(max(1, values.count)))
  }

  func testMeasureDithering() throws {
    guard let folder = ProcessInfo.processInfo.environment["KURUKURU_GIF_MEASURE"] else {
      throw XCTSkip("set KURUKURU_GIF_MEASURE to a folder to measure")
    }
    let directory = URL(fileURLWithPath: folder)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var report = ""
    for animation in animations() {
      let raw = animation.frames.flatMap(\.pixels)
      try Data(raw).write(to: directory.appendingPathComponent("\(animation.name).rgba"))
      let delays = GIFDelays.centiseconds(.fps(30, count: animation.frames.count))
      // Settings to try: "COLOURS:ERROR[:THRESHOLD],…" (maxColors, maxColorError, alphaThreshold).
      let settings: [(Int, Double, Int)] = (ProcessInfo.processInfo.environment["KURUKURU_GIF_SETTINGS"] ?? "255:0")
        .split(separator: ",").compactMap { item in
          let parts = item.split(separator: ":")
          guard parts.count >= 2, let c = Int(parts[0]), let e = Double(parts[1]) else { return nil }
          return (c, e, parts.count > 2 ? Int(parts[2]) ?? 8 : 8)
        }
      for dither in GIFDither.allCases {
        for (colors, error, threshold) in settings {
        var options = animation.options
        options.dither = dither
        options.maxColors = colors
        options.maxColorError = error
        if case .matte(let matte, _) = options.transparency { options.transparency = .matte(matte, threshold: threshold) }
        let start = Date()
        let bytes = try GIFEncoder.encode(animation.frames, delays: delays, options: options)
        let seconds = Date().timeIntervalSince(start)
        try Data(bytes).write(to: directory.appendingPathComponent("\(animation.name)-ours-\(dither)-\(colors)-e\(error)-t\(threshold).gif"))
        let decoded = try GIFDecoder.decode(bytes)
        try Data(decoded.frames.flatMap(\.pixels)).write(
          to: directory.appendingPathComponent("\(animation.name)-ours-\(dither)-\(colors)-e\(error)-t\(threshold).decoded"))
        let (low, mean) = try score(bytes, animation)
        report += String(format: "%@ ours-%@-%d-e%.1f-t%d: %d bytes, PSNR min %.2f mean %.2f dB, %.2f ms/frame\n",
                         animation.name, dither.rawValue, colors, error, threshold, bytes.count, low, mean,
                         seconds * 1000 / Double(animation.frames.count))
        XCTAssertGreaterThanOrEqual(low, 30)
        }
      }
      let others = try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { $0.hasPrefix("\(animation.name)-") && $0.hasSuffix(".gif") && !$0.contains("-ours-") }.sorted()
      for name in others {
        let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
        let (low, mean) = try score(bytes, animation)
        report += String(format: "%@: %d bytes, PSNR min %.2f mean %.2f dB\n", name, bytes.count, low, mean)
      }
    }
    print(report)
    try report.write(to: directory.appendingPathComponent("report.txt"), atomically: true, encoding: .utf8)
  }
}
