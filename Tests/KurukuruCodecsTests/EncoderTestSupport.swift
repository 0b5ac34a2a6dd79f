import KurukuruCore
@testable import KurukuruCodecs

// MARK: - Encoders fed with their own delay units

/// The APNG and WebP encoders fed frames with delays in their own units (tests only): fcTL
/// fractions and milliseconds become `TimedFrames` durations, which the encoders turn back into
/// the same values.
extension APNGEncoder {
  /// Encodes in-memory frames with one fcTL delay each.
  static func encode(_ frames: [Frame], delays: [APNGDelay], options: APNGOptions = APNGOptions()) throws -> [UInt8] {
    try encode(TimedFrames(frames, durations: delays.map(\.rational)), options: options)
  }

  /// Encodes frames from a provider with one fcTL delay each.
  static func encode(width: Int, height: Int, delays: [APNGDelay], options: APNGOptions = APNGOptions(),
                     cacheBudget: Int = ChangeCache.budget,
                     frames: @escaping (Range<Int>) throws -> [Frame]) throws -> [UInt8] {
    let timing = FrameTiming.durations(delays.map(\.rational))
    return try encode(TimedFrames(width: width, height: height, timing: timing, frames: frames), options: options,
                      cacheBudget: cacheBudget)
  }
}

extension WebPEncoder {
  /// Encodes frames from a provider with durations in milliseconds.
  static func encode(width: Int, height: Int, durations: [Int], options: WebPOptions = WebPOptions(),
                     frames: @escaping (Range<Int>) throws -> [Frame]) throws -> WebPEncoding {
    try encode(TimedFrames(width: width, height: height, timing: .milliseconds(durations), frames: frames),
               options: options)
  }

  /// `encode(width:height:durations:options:frames:)` through our writer or libwebp's.
  static func encode(width: Int, height: Int, durations: [Int], options: WebPOptions, libwebpAnimation: Bool,
                     frames: @escaping (Range<Int>) throws -> [Frame]) throws -> WebPEncoding {
    try encode(TimedFrames(width: width, height: height, timing: .milliseconds(durations), frames: frames),
               options: options, libwebpAnimation: libwebpAnimation)
  }
}

extension FrameTiming {
  /// Durations given in milliseconds.
  static func milliseconds(_ durations: [Int]) -> FrameTiming {
    .durations(durations.map { Rational($0, 1000) }, unit: Rational(1, 1000))
  }

  /// `count` frames at `fps` frames per second, exactly.
  static func fps(_ fps: Int, count: Int) -> FrameTiming {
    .uniform(count: count, frameDuration: Rational(1, fps))
  }
}
