import Foundation
import Kurukuru
import XCTest

/// A render's exact timing (`Renderer.timedFrames`, `Renderer.frameTiming(of:)`) as each codec
/// turns it into its own delays: the results must be the ones the per-codec rules gave when
/// they were computed from the timeline's floating-point fps and period (`legacy…` below). The
/// codecs' own units are checked in `KurukuruCodecsTests.FrameTimingCodecTests`.
final class FrameTimingTests: XCTestCase {
  // MARK: - A render's timing

  /// A render's provider: frame i lasts period / frames exactly (1.618 s over 49 frames is
  /// 809/24500 s), and the codecs' delays add up to the period in their units.
  func testARendersTimingIsThePeriodOverTheFrames() throws {
    let timing = Renderer.frameTiming(of: Timeline(period: 1.618, frameCount: 49, fps: 49 / 1.618))
    XCTAssertEqual(timing, .uniform(count: 49, frameDuration: Rational(809, 24500)))
    XCTAssertEqual(GIFDelays.centiseconds(timing).reduce(0, +), 162)
    XCTAssertEqual(WebPDelays.milliseconds(timing).reduce(0, +), 1618)
    XCTAssertEqual(Set(APNGDelays.delays(timing)), [APNGDelay(809, 24500)])
    let still = Renderer.frameTiming(of: Timeline(period: 0, frameCount: 1, fps: 24))
    XCTAssertEqual(still, .uniform(count: 1, frameDuration: Rational(1, 24)))
  }

  // MARK: - Equal to the floating-point rules

  /// Every loop the presets can ask for (periods the timeline computes or a preset states, at
  /// the frame rates in use and the re-timed 50 and 90 fps) gets the delays the former
  /// floating-point rules gave. Frame starts may differ only where the exact start is a half
  /// centisecond or millisecond (1.7 s at 12 fps: steps of 8.5 cs), which the former rule
  /// rounded either way by floating-point error and the exact rule rounds up.
  func testExactTimingGivesTheFormerDelays() throws {
    let periods = [0.6, 0.7, 0.75, 0.8, 0.9, 1, 1.1, 1.2, 1.25, 1.3, 1.375, 1.4, 1.5, 1.6, 1.618, 1.7, 1.8, 1.9, 2,
                   2.4, 2.5, 3, 3.3, 5.4, 7, 106.0 / 15, 10, 178.0 / 15, 12.5, 30, 60]
    let rates = [1.0, 10, 12, 15, 20, 24, 25, 29.97, 30, 40, 48, 50, 60, 90, 100, 120, 144]
    var compared = 0, halves = 0
    for period in periods {
      for fps in rates {
        let frames = max(1, Int((period * fps).rounded()))
        guard frames <= 20_000 else { continue }
        let timeline = Timeline(period: period, frameCount: frames, fps: Double(frames) / period)
        let timing = Renderer.frameTiming(of: timeline)
        guard case .uniform(let each) = timing.kind, let ticks = timing.ticks else {
          return XCTFail("a render's timing is uniform")
        }
        let place = "\(period) s at \(fps) fps (\(frames) frames)"
        for unit in [100, 1000] {
          for i in 0...frames {
            let legacy = Int((Double(unit) * Double(i) / timeline.fps).rounded())
            let exact = ticks.start(i, unitsPerSecond: unit)
            guard legacy != exact else { continue }
            // 2 · unit · i · d is an odd whole number: the exact start is k + 1/2 units.
            let twice = 2 * unit * i * each.numerator
            XCTAssertTrue(twice % each.denominator == 0 && (twice / each.denominator) % 2 == 1,
                          "\(place): start \(i) is \(exact), was \(legacy) (1/\(unit) s)")
            XCTAssertEqual(exact, (twice / each.denominator + 1) / 2, "halves round up")
            halves += 1
          }
        }
        if halves == 0 {
          XCTAssertEqual(GIFDelays.centiseconds(timing), Self.legacyGIF(frames, timeline.fps), "GIF, \(place)")
          XCTAssertEqual(WebPDelays.milliseconds(timing), Self.legacyWebP(frames, timeline.fps), "WebP, \(place)")
        }
        XCTAssertEqual(APNGDelays.delays(timing), Self.legacyAPNG(frames, period, timeline.fps), "APNG, \(place)")
        compared += 1
        halves = 0
      }
    }
    XCTAssertGreaterThan(compared, 400)
  }

  // MARK: - The former rules

  /// GIF: frame i started at round(100 · i / fps) cs; slots under 2 cs merged into their group.
  static func legacyGIF(_ frameCount: Int, _ fps: Double) -> [Int] {
    func start(_ i: Int) -> Int { Int((100 * Double(i) / fps).rounded()) }
    var delays = [Int](repeating: 0, count: frameCount)
    var groupStart = 0, accumulated = 0
    var lastShown: Int?
    for i in 0..<frameCount {
      if accumulated == 0 { groupStart = i }
      accumulated += start(i + 1) - start(i)
      if accumulated >= 2 {
        delays[groupStart] = accumulated
        lastShown = groupStart
        accumulated = 0
      }
    }
    if accumulated > 0 || lastShown == nil {
      if let shown = lastShown { delays[shown] += accumulated } else { delays[0] = max(2, accumulated) }
    }
    return delays
  }

  /// WebP: frame i started at round(1000 · i / fps) ms.
  static func legacyWebP(_ frameCount: Int, _ fps: Double) -> [Int] {
    func start(_ i: Int) -> Int { Int((1000 * Double(i) / fps).rounded()) }
    return (0..<frameCount).map { start($0 + 1) - start($0) }
  }

  /// APNG: period / frames when the period is a fraction with a denominator ≤ 10,000 and the
  /// result fits 16 bits, else carried milliseconds from the floating-point period.
  static func legacyAPNG(_ frameCount: Int, _ period: Double, _ fps: Double) -> [APNGDelay] {
    if let p = Rational(approximating: period, maxDenominator: 10_000), abs(p.doubleValue - period) < 1e-9 {
      let each = Rational(p.numerator, p.denominator * frameCount)
      if each.numerator > 0, each.numerator <= 65535, each.denominator <= 65535 {
        return [APNGDelay](repeating: APNGDelay(each.numerator, each.denominator), count: frameCount)
      }
    }
    func start(_ i: Int) -> Int { Int((1000 * Double(i) * period / Double(frameCount)).rounded()) }
    return (0..<frameCount).map { i in APNGDelay(min(65535, start(i + 1) - start(i)), 1000) }
  }
}
