import Foundation
import KurukuruCore

// MARK: - LoopTiming

/// How long a renderer takes to evaluate and rasterize every frame of its loop, without
/// encoding (`kurukuru debug time-render`, for `scripts/bench`).
package struct LoopTiming: Sendable {
  /// Frames rendered in all: the loop's frames × passes.
  package var frames: Int
  /// Seconds of monotonic wall-clock time (unaffected by changes of the system clock).
  package var seconds: Double
  /// Seconds of the process's CPU time (with one job, the one rendering thread's).
  package var cpuSeconds: Double

  /// What `kurukuru debug time-render --help` says it measures.
  package static let help = """
    Evaluates and rasterizes every frame of the loop K times (no encoding) and prints
    'frames=N seconds=S fps=F cpu=C': N frames in all, S seconds of monotonic wall-clock time,
    F = N / S, C seconds of the process's CPU time (with --jobs 1, the one rendering thread's).
    """

  /// `--hash`: what `hash(_:)` prints.
  package static let hashHelp = """
    after timing, render the loop once more and print 'hash=H', the FNV-1a 64-bit hash of
    all RGBA8 frames in order (the same hash as 'cairo-direct DUMP --hash')
    """

  /// Renders the loop of `renderer` `passes` times and measures it.
  package init(_ renderer: Renderer, passes: Int) throws {
    let started = LoopTiming.clock(CLOCK_MONOTONIC), startedCPU = LoopTiming.clock(CLOCK_PROCESS_CPUTIME_ID)
    for _ in 0..<passes {
      try renderer.forEachFrame(in: 0..<renderer.frameCount) { _, _ in }
    }
    seconds = LoopTiming.clock(CLOCK_MONOTONIC) - started
    cpuSeconds = LoopTiming.clock(CLOCK_PROCESS_CPUTIME_ID) - startedCPU
    frames = renderer.frameCount * passes
  }

  /// `frames=N seconds=S fps=F cpu=C`, with F = N / S (0 when S is 0) and six decimals of seconds.
  package var line: String {
    let fps = seconds > 0 ? Double(frames) / seconds : 0
    return "frames=\(frames) seconds=\(String(format: "%.6f", seconds)) fps=\(String(format: "%.2f", fps)) "
      + "cpu=\(String(format: "%.6f", cpuSeconds))"
  }

  /// The FNV-1a 64-bit hash of every frame of the loop's RGBA8 pixels, in order (the hash
  /// `scripts/bench.d/cairo-direct DUMP --hash` prints), in lowercase hexadecimal.
  package static func hash(_ renderer: Renderer) throws -> String {
    var h = FNV1a64()
    for i in 0..<renderer.frameCount { try renderer.frame(i).pixels.withUnsafeBytes { h.add($0) } }
    return String(h.value, radix: 16)
  }

  /// Seconds on `clock` (`CLOCK_MONOTONIC`, `CLOCK_PROCESS_CPUTIME_ID`, …).
  private static func clock(_ clock: clockid_t) -> Double {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}
