import XCTest

@testable import KurukuruCore

/// CSS timing vocabulary: curves, steps, directions and negative delays, next to SwiftUI's names.
final class MotionCSSTests: XCTestCase {
  private func parse(_ text: String) throws -> AnimationSpec {
    try AnimationParser.parse(text) { text in
      guard let v = Double(text) else { throw AnimationSyntaxError(offset: 0, message: "not a number") }
      return v
    }
  }

  private func curve(_ text: String) throws -> TimingCurve {
    try AnimationParser.parseCurve(text) { text in
      guard let v = Double(text) else { throw AnimationSyntaxError(offset: 0, message: "not a number") }
      return v
    }
  }

  private func error(_ text: String, curve isCurve: Bool = false) -> AnimationSyntaxError? {
    do {
      if isCurve { _ = try curve(text) } else { _ = try parse(text) }
      return nil
    } catch {
      return error as? AnimationSyntaxError
    }
  }

  // MARK: - Curves

  func testCSSKeywordsHaveCSSControlPoints() throws {
    XCTAssertEqual(try curve("ease"), .bezier(UnitBezier(0.25, 0.1, 0.25, 1)))
    XCTAssertEqual(try curve("ease-in"), .bezier(UnitBezier(0.42, 0, 1, 1)))
    XCTAssertEqual(try curve("ease-out"), .bezier(UnitBezier(0, 0, 0.58, 1)))
    XCTAssertEqual(try curve(" ease-in-out "), .bezier(UnitBezier(0.42, 0, 0.58, 1)))
    XCTAssertEqual(try curve("cubic-bezier(0.455, 0.03, 0.515, 0.955)"), .bezier(UnitBezier(0.455, 0.03, 0.515, 0.955)))
    XCTAssertEqual(try curve("steps(4)"), .steps(4, .jumpEnd))
    XCTAssertEqual(try curve("steps(4, start)"), .steps(4, .jumpStart))
    XCTAssertEqual(try curve("steps(3, jump-both)"), .steps(3, .jumpBoth))
    XCTAssertEqual(try curve("step-start"), .steps(1, .jumpStart))
    XCTAssertEqual(try curve("step-end"), .steps(1, .jumpEnd))
    // SwiftUI's names are unchanged.
    XCTAssertEqual(try curve("easeIn"), .easeIn)
    XCTAssertEqual(try curve("easeInOut"), .easeInOut)
    XCTAssertEqual(try curve("default"), .caDefault)
  }

  func testCSSCurvesAreAnimationsWithADuration() throws {
    let a = try parse("ease-in-out(duration: 1.2).repeatForever(autoreverses: false).delay(-0.4)")
    XCTAssertEqual(a.curve, .cssEaseInOut)
    XCTAssertEqual(a.duration, 1.2)
    XCTAssertEqual(a.delay, -0.4)
    let b = try parse("cubic-bezier(0.455, 0.03, 0.515, 0.955, duration: 2)")
    XCTAssertEqual(b.curve, .bezier(UnitBezier(0.455, 0.03, 0.515, 0.955)))
    XCTAssertEqual(b.duration, 2)
    let c = try parse("steps(8, jump-start, duration: 0.8).repeatForever(autoreverses: false)")
    XCTAssertEqual(c.curve, .steps(8, .jumpStart))
    XCTAssertEqual(c.duration, 0.8)
    XCTAssertEqual(try parse("ease").duration, AnimationParser.defaultDuration)
    XCTAssertEqual(try parse("step-end(duration: 1)").curve, .stepEnd)
  }

  /// CSS Easing Functions Level 1: the output at a few inputs for each position.
  func testStepsJumpWhereCSSSays() {
    func at(_ c: TimingCurve, _ xs: [Double]) -> [Double] { xs.map { c.progress($0) } }
    let xs = [0, 0.2, 0.25, 0.5, 0.74, 0.75, 0.99, 1]
    XCTAssertEqual(at(.steps(4, .jumpEnd), xs), [0, 0, 0.25, 0.5, 0.5, 0.75, 0.75, 1])
    XCTAssertEqual(at(.steps(4, .jumpStart), xs), [0.25, 0.25, 0.5, 0.75, 0.75, 1, 1, 1])
    XCTAssertEqual(at(.steps(4, .jumpBoth), xs), [0.2, 0.2, 0.4, 0.6, 0.6, 0.8, 0.8, 1])
    XCTAssertEqual(at(.steps(3, .jumpNone), [0, 0.3, 1.0 / 3, 0.5, 2.0 / 3, 0.9, 1]), [0, 0, 0.5, 0.5, 1, 1, 1])
    XCTAssertEqual(at(.stepStart, [0, 0.5, 1]), [1, 1, 1])
    XCTAssertEqual(at(.stepEnd, [0, 0.5, 0.999, 1]), [0, 0, 0, 1])
  }

  func testCSSErrors() {
    XCTAssertEqual(error("cubic-bezier(1.2, 0, 0.5, 1)"), AnimationSyntaxError(offset: 13, message: "control point c0x must be in 0…1, got 1.2"))
    XCTAssertEqual(error("cubic-bezier", curve: true), AnimationSyntaxError(offset: 0, message: "'cubic-bezier' needs its control points: cubic-bezier(c0x, c0y, c1x, c1y)"))
    XCTAssertEqual(error("steps(4, jump-ends)", curve: true), AnimationSyntaxError(offset: 9, message: "unknown step position 'jump-ends' — did you mean 'jump-end'?"))
    XCTAssertEqual(error("steps(1, jump-none)", curve: true), AnimationSyntaxError(offset: 6, message: "the step count must be a whole number from 2 to 10000 with jump-none, got 1"))
    XCTAssertEqual(error("steps(2.5)", curve: true), AnimationSyntaxError(offset: 6, message: "the step count must be a whole number from 1 to 10000, got 2.5"))
    XCTAssertEqual(error("ease-inout", curve: true), AnimationSyntaxError(offset: 0, message: "unknown timing curve 'ease-inout' — did you mean 'ease-in-out'?"))
    XCTAssertEqual(error("ease-in(duration: 1)", curve: true), AnimationSyntaxError(offset: 7, message: "the timing curve 'ease-in' takes no arguments"))
  }

  // MARK: - Direction and delays

  func testDirection() throws {
    XCTAssertEqual(
      try parse("ease(duration: 1).repeatForever(autoreverses: false).direction(alternate)").repeatMode,
      .forever(autoreverses: true))
    XCTAssertEqual(try parse("ease(duration: 1).repeatForever().direction(normal)").repeatMode, .forever(autoreverses: false))
    XCTAssertEqual(try parse("linear(duration: 1).repeatCount(3).direction(normal)").repeatMode, .count(3, autoreverses: false))
    // alternate-reverse: the first pass runs backwards — one pass (after speed) of phase.
    let ar = try parse("linear(duration: 1).direction(alternate-reverse).repeatForever().speed(2)")
    XCTAssertEqual(ar.repeatMode, .forever(autoreverses: true))
    XCTAssertEqual(ar.delay, 0.5)
    XCTAssertEqual(ar.progress(at: 0), 1, accuracy: 1e-12, "starts at the end")
    XCTAssertEqual(ar.progress(at: 0.125), 0.75, accuracy: 1e-12, "and runs backwards")
    XCTAssertEqual(ar.progress(at: 0.75), 0.5, accuracy: 1e-12, "then forwards")
    XCTAssertEqual(
      error("linear.direction(alternate)"),
      AnimationSyntaxError(offset: 17, message: "'direction' needs a repeat: add .repeatForever() (CSS 'infinite') or .repeatCount(n)"))
    XCTAssertEqual(
      error("linear.repeatCount(2).direction(alternate-reverse)"),
      AnimationSyntaxError(offset: 32, message: "direction 'alternate-reverse' needs .repeatForever()"))
    XCTAssertEqual(
      error("linear.repeatForever().direction(alternat)"),
      AnimationSyntaxError(offset: 33, message: "unknown direction 'alternat' — did you mean 'alternate'?"))
    XCTAssertTrue(error("linear.repeatForever().direction(reverse)")?.message.hasPrefix("direction 'reverse' is not supported: swap 'from' and 'to'") == true)
  }

  /// A negative delay starts the animation part-way through, wherever it is written: for a
  /// one-shot, 0.25 s of a 1 s pass is already done at t = 0 and it ends at 0.75 s; before a
  /// repeat it is a phase offset, not a negative pause.
  func testNegativeDelaysStartPartWayThrough() throws {
    let once = try parse("linear(duration: 1).delay(-0.25)")
    XCTAssertEqual(once.progress(at: 0), 0.25, accuracy: 1e-12)
    XCTAssertEqual(once.endTime ?? 0, 0.75, accuracy: 1e-12)
    XCTAssertEqual(once.progress(at: 0.8), 1)
    let before = try parse("linear(duration: 1).delay(-0.25).repeatForever(autoreverses: false)")
    XCTAssertEqual(before.pause, 0)
    XCTAssertEqual(before.cycle, 1)
    XCTAssertEqual(before.progress(at: 0), 0.25, accuracy: 1e-12)
    XCTAssertEqual(before.progress(at: 0.8), 0.05, accuracy: 1e-12)
    let after = try parse("linear(duration: 1).repeatForever(autoreverses: false).delay(-0.25)")
    XCTAssertEqual(after.progress(at: 0.8), before.progress(at: 0.8), accuracy: 1e-12)
    // A positive delay before the repeat is still SwiftUI's pause before every pass.
    XCTAssertEqual(try parse("linear(duration: 1).delay(0.25).repeatForever()").pause, 0.25)
  }
}
