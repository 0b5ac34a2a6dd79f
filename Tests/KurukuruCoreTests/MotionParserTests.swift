import XCTest

@testable import KurukuruCore

/// AnimationParser: the documented examples, every name and modifier, and every error with its place.
final class MotionParserTests: XCTestCase {
  private struct EvaluationFailure: Error, CustomStringConvertible {
    var text: String
    var description: String { "cannot evaluate '\(text)'" }
  }

  /// Numbers, plus the few expressions the tests use (with i = 2); records every call.
  private final class Evaluator {
    var calls: [String] = []
    func callAsFunction(_ text: String) throws -> Double {
      calls.append(text)
      if let value = Double(text) { return value }
      switch text {
      case "0.15 + i/5": return 0.55
      case "-(1)": return -1
      case "1/0": return .infinity
      case "min(1, 2)": return 1
      case "bad + 1": throw AnimationSyntaxError(offset: 0, message: "unknown variable 'bad'")
      case "1 + oops": throw AnimationSyntaxError(offset: 4, message: "unknown variable 'oops'")
      default: throw EvaluationFailure(text: text)
      }
    }
  }

  private func parse(_ text: String) throws -> AnimationSpec {
    let evaluator = Evaluator()
    return try AnimationParser.parse(text) { try evaluator($0) }
  }

  private func curve(_ text: String) throws -> TimingCurve {
    let evaluator = Evaluator()
    return try AnimationParser.parseCurve(text) { try evaluator($0) }
  }

  private func assertError(
    _ text: String, _ offset: Int, _ message: String, curve isCurve: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      if isCurve { _ = try curve(text) } else { _ = try parse(text) }
      XCTFail("'\(text)' parsed", file: file, line: line)
    } catch let error as AnimationSyntaxError {
      XCTAssertEqual(
        error, AnimationSyntaxError(offset: offset, message: message), "'\(text)'", file: file,
        line: line)
    } catch {
      XCTFail("'\(text)': \(error)", file: file, line: line)
    }
  }

  // MARK: - Documented examples

  func testDocumentedExample() throws {
    let evaluator = Evaluator()
    let animation = try AnimationParser.parse(
      "timingCurve(0.5, 0.15 + i/5, 0.25, 1, duration: 1.5).repeatForever(autoreverses: false)"
    ) { try evaluator($0) }
    XCTAssertEqual(
      animation,
      AnimationSpec(
        curve: .bezier(UnitBezier(0.5, 0.55, 0.25, 1)), duration: 1.5,
        repeatMode: .forever(autoreverses: false)))
    XCTAssertEqual(evaluator.calls, ["0.5", "0.15 + i/5", "0.25", "1", "1.5"])
  }

  func testSeedAnimations() throws {
    XCTAssertEqual(
      try parse(
        "Animation.timingCurve(0.1, 0.7, 0.9, 0.2, duration: 1.9).repeatForever(autoreverses: false)"
      ),
      AnimationSpec(
        curve: .bezier(UnitBezier(0.1, 0.7, 0.9, 0.2)), duration: 1.9,
        repeatMode: .forever(autoreverses: false)))
    XCTAssertEqual(
      try parse(".linear(duration: 60)"), AnimationSpec(curve: .linear, duration: 60))
    XCTAssertEqual(
      try parse(".linear(duration: 0.25).delay(0.5)"),
      AnimationSpec(curve: .linear, duration: 0.25, delay: 0.5))
  }

  // MARK: - Names

  func testBezierNames() throws {
    XCTAssertEqual(try parse("linear"), AnimationSpec(curve: .linear, duration: 0.35))
    XCTAssertEqual(try parse("easeIn"), AnimationSpec(curve: .easeIn, duration: 0.35))
    XCTAssertEqual(try parse(".easeOut"), AnimationSpec(curve: .easeOut, duration: 0.35))
    XCTAssertEqual(try parse("Animation.easeInOut"), AnimationSpec(curve: .easeInOut, duration: 0.35))
    XCTAssertEqual(
      try parse("easeInOut(duration: 0.8)"), AnimationSpec(curve: .easeInOut, duration: 0.8))
    XCTAssertEqual(
      try parse("timingCurve(0.2, 0.68, 0.18, 1.08)"),
      AnimationSpec(curve: .bezier(UnitBezier(0.2, 0.68, 0.18, 1.08)), duration: 0.35))
  }

  func testSpringNames() throws {
    func spring(_ text: String) throws -> SpringCurve {
      let animation = try parse(text)
      guard case .spring(let spring) = animation.curve else {
        XCTFail("'\(text)' is not a spring")
        return SpringCurve(response: 1, dampingFraction: 1)
      }
      XCTAssertEqual(
        animation.duration, spring.settlingDuration, "a spring's pass is its settling duration")
      XCTAssertEqual(animation.repeatMode, .once)
      return spring
    }
    let swiftUIDefault = SpringCurve(response: 0.55, dampingFraction: 0.825)
    XCTAssertEqual(try spring("spring"), swiftUIDefault)
    XCTAssertEqual(try spring(".spring()"), swiftUIDefault)
    XCTAssertEqual(
      try spring("spring(response: 0.3)"), SpringCurve(response: 0.3, dampingFraction: 0.825))
    XCTAssertEqual(
      try spring("spring(dampingFraction: 0.5)"), SpringCurve(response: 0.55, dampingFraction: 0.5))
    XCTAssertEqual(
      try spring("spring(response: 0.3, dampingFraction: 0.6, blendDuration: 0.2)"),
      SpringCurve(response: 0.3, dampingFraction: 0.6))
    XCTAssertEqual(
      try spring("spring(duration: 0.4, bounce: 0.2)"), SpringCurve(duration: 0.4, bounce: 0.2))
    XCTAssertEqual(try spring("spring(bounce: 0.2)"), SpringCurve(duration: 0.5, bounce: 0.2))
    XCTAssertEqual(try spring("default"), SpringCurve(response: 0.55, dampingFraction: 1))
    XCTAssertEqual(try spring("smooth"), SpringCurve(duration: 0.5, bounce: 0))
    XCTAssertEqual(try spring("snappy"), SpringCurve(duration: 0.5, bounce: 0.15))
    XCTAssertEqual(try spring(".bouncy"), SpringCurve(duration: 0.5, bounce: 0.3))
    XCTAssertEqual(try spring("smooth()"), SpringCurve(duration: 0.5, bounce: 0))
    XCTAssertEqual(try spring("snappy(duration: 0.3)"), SpringCurve(duration: 0.3, bounce: 0.15))
    XCTAssertEqual(
      try spring("bouncy(duration: 0.8, extraBounce: 0.1)"), SpringCurve(duration: 0.8, bounce: 0.4))
    let interpolating = try spring("interpolatingSpring(stiffness: 100, damping: 10)")
    XCTAssertEqual(interpolating.response, 2 * Double.pi / 10, accuracy: 1e-12)
    XCTAssertEqual(interpolating.dampingFraction, 0.5, accuracy: 1e-12)
    let heavy = try spring(
      "interpolatingSpring(mass: 4, stiffness: 100, damping: 10, initialVelocity: 0)")
    XCTAssertEqual(heavy.response, 2 * Double.pi / 5, accuracy: 1e-12)
    XCTAssertEqual(heavy.dampingFraction, 0.25, accuracy: 1e-12)
    XCTAssertEqual(
      try spring("interpolatingSpring(duration: 0.6, bounce: 0.1)"),
      SpringCurve(duration: 0.6, bounce: 0.1))
    XCTAssertEqual(try spring("interpolatingSpring"), SpringCurve(duration: 0.5, bounce: 0))
  }

  // MARK: - Modifiers

  func testModifiers() throws {
    XCTAssertEqual(try parse("easeIn.repeatForever()").repeatMode, .forever(autoreverses: true))
    XCTAssertEqual(
      try parse("easeIn.repeatForever(autoreverses: true)").repeatMode, .forever(autoreverses: true)
    )
    XCTAssertEqual(try parse("easeIn.repeatCount(3)").repeatMode, .count(3, autoreverses: true))
    XCTAssertEqual(
      try parse("easeIn.repeatCount(2, autoreverses: false)").repeatMode,
      .count(2, autoreverses: false))
    XCTAssertEqual(
      try parse("easeIn.delay(-0.25)").delay, -0.25, "negative delays are phase offsets")
    XCTAssertEqual(try parse("easeIn.delay(0.25).delay(0.5)").delay, 0.75)
    let fast = try parse(
      "easeIn(duration: 1).delay(1).speed(4).repeatForever(autoreverses: false).delay(1)")
    var expected = AnimationSpec(curve: .easeIn, duration: 0.25, delay: 1, repeatMode: .forever(autoreverses: false))
    expected.pause = 0.25
    XCTAssertEqual(fast, expected, "a delay before the repeat is repeated with every pass")
    XCTAssertEqual(fast.cycle, 0.5)
    // The pause holds the start of each pass: 1 s in, the cycle starts; 0.25 s of waiting.
    XCTAssertEqual(fast.progress(at: 1.1), 0)
    XCTAssertEqual(fast.progress(at: 1.5), 0, "next pass, waiting again")
    XCTAssertEqual(fast.progress(at: 1.875), TimingCurve.easeIn.progress(0.5), accuracy: 1e-12)
    let reversing = try parse("linear(duration: 1).delay(0.5).repeatForever()")
    XCTAssertEqual(reversing.cycle, 3)
    XCTAssertEqual(reversing.progress(at: 1.0), 0.5, accuracy: 1e-12)
    XCTAssertEqual(reversing.progress(at: 1.75), 1, "the reverse pass waits at the end value")
    XCTAssertEqual(reversing.progress(at: 2.5), 0.5, accuracy: 1e-12)
    let counted = try parse("linear(duration: 1).delay(0.5).repeatCount(2, autoreverses: false)")
    XCTAssertEqual(counted.endTime, 3)
    let spaced = try parse(
      "  . easeIn ( duration : 1 )\n  . repeatForever ( autoreverses : false ) ")
    XCTAssertEqual(
      spaced, AnimationSpec(curve: .easeIn, duration: 1, repeatMode: .forever(autoreverses: false)))
    XCTAssertEqual(
      try parse("linear(duration: min(1, 2))").duration, 1, "nested commas stay in one argument")
  }

  // MARK: - Errors

  func testUnknownNamesSuggestTheNearest() {
    assertError("easIn", 0, "unknown animation 'easIn' — did you mean 'easeIn'?")
    assertError(".easein(duration: 1)", 1, "unknown animation 'easein' — did you mean 'easeIn'?")
    assertError("sprign", 0, "unknown animation 'sprign' — did you mean 'spring'?")
    assertError("Animation.bouncey", 10, "unknown animation 'bouncey' — did you mean 'bouncy'?")
    assertError("wobble", 0, "unknown animation 'wobble'")
    assertError(
      "easeIn.repeatForver()", 7, "unknown modifier 'repeatForver' — did you mean 'repeatForever'?")
    assertError("easeIn.dealy(1)", 7, "unknown modifier 'dealy' — did you mean 'delay'?")
    assertError(
      "easeIn.repeatForever(autoreverse: false)", 21,
      "unknown argument label 'autoreverse:' in 'repeatForever' — did you mean 'autoreverses:'?")
    assertError(
      "spring(respons: 0.5)", 7,
      "unknown argument label 'respons:' in 'spring' — did you mean 'response:'?")
    assertError("easeIn(time: 1)", 7, "unknown argument label 'time:' in 'easeIn'")
  }

  func testArgumentErrors() {
    assertError("easeIn()", 7, "missing argument 'duration:' in 'easeIn'")
    assertError("easeIn(1)", 7, "missing argument label 'duration:' in 'easeIn'")
    assertError("timingCurve(0.5, 0.1, 0.2)", 25, "missing argument 'c1y' in 'timingCurve'")
    assertError(
      "timingCurve", 0, "'timingCurve' needs its control points: timingCurve(c0x, c0y, c1x, c1y)")
    assertError(
      "timingCurve(0.5, 0.1, 0.2, 1, 2)", 30, "missing argument label 'duration:' in 'timingCurve'")
    assertError(
      "timingCurve(0.5, 0.1, 0.2, 1, duration: 1, 2)", 43, "extra argument in 'timingCurve'")
    assertError(
      "timingCurve(duration: 1)", 12, "missing argument 'c0x' in 'timingCurve' before 'duration:'")
    assertError("timingCurve(0.5, , 0.2, 1)", 17, "empty argument")
    assertError("timingCurve(0.5, 0.1, 0.2, 1,)", 29, "empty argument")
    assertError(
      "linear(duration: 1, duration: 2)", 20, "argument 'duration:' given twice in 'linear'")
    assertError(
      "spring(dampingFraction: 0.5, response: 0.3)", 29,
      "argument 'response:' is out of order in 'spring'")
    assertError("linear(duration:)", 16, "missing value for 'duration:'")
    assertError("default()", 7, "'default' takes no arguments")
    assertError("easeIn.delay()", 13, "missing argument 'seconds' in 'delay'")
    assertError("easeIn.delay(1, 2)", 16, "extra argument in 'delay'")
    assertError(
      "easeIn.repeatCount(autoreverses: true)", 19,
      "missing argument 'count' in 'repeatCount' before 'autoreverses:'")
  }

  func testValueErrors() {
    assertError("easeIn(duration: 0)", 17, "duration in 'easeIn' must be greater than 0, got 0")
    assertError(
      "easeIn(duration: -(1))", 17, "duration in 'easeIn' must be greater than 0, got -1")
    assertError("timingCurve(1.5, 0, 0.5, 1)", 12, "control point c0x must be in 0…1, got 1.5")
    assertError("timingCurve(0.5, 0, -0.5, 1)", 20, "control point c1x must be in 0…1, got -0.5")
    assertError(
      "timingCurve(0.5, 0, 0.5, 1, duration: 0)", 38,
      "duration in 'timingCurve' must be greater than 0, got 0")
    assertError(
      "spring(response: 0.5, dampingFraction: 0)", 39,
      "dampingFraction must be greater than 0 (an undamped spring never settles)")
    assertError(
      "spring(response: 0.5, dampingFraction: 1e-300)", 0, "the spring 'spring' never settles")
    assertError("spring(response: 0)", 17, "response in 'spring' must be greater than 0, got 0")
    assertError(
      "spring(duration: 0.5, bounce: 1)", 30,
      "bounce must be greater than -1 and less than 1 (1 never settles), got 1")
    assertError(
      "bouncy(extraBounce: 0.7)", 20,
      "bounce must be greater than -1 and less than 1 (1 never settles), got 1")
    assertError(
      "spring(blendDuration: -1)", 22, "blendDuration in 'spring' must not be negative, got -1")
    assertError(
      "interpolatingSpring(stiffness: 100, damping: 10, initialVelocity: 1)", 66,
      "initialVelocity other than 0 is not supported")
    assertError(
      "interpolatingSpring(mass: 1)", 27, "missing argument 'stiffness:' in 'interpolatingSpring'")
    assertError("linear(duration: 1/0)", 17, "'1/0' is not a finite number")
    assertError("easeIn.speed(0)", 13, "speed must be greater than 0")
    assertError("easeIn.speed(-(1))", 13, "speed must be greater than 0")
    assertError(
      "easeIn.repeatCount(2.5)", 19, "repeat count must be a whole number from 1 to 1000000")
    assertError(
      "easeIn.repeatCount(0)", 19, "repeat count must be a whole number from 1 to 1000000")
    assertError(
      "easeIn.repeatForever(autoreverses: maybe)", 35,
      "expected true or false for 'autoreverses:' in 'repeatForever', got 'maybe'")
  }

  func testStructureErrors() {
    assertError("", 0, "expected an animation, found nothing")
    assertError("  ", 2, "expected an animation, found nothing")
    assertError("(1)", 0, "expected an animation, found '(1)'")
    assertError("easeIn foo", 7, "unexpected 'foo' — expected '.' and a modifier")
    assertError("easeIn.", 7, "expected a modifier name after '.'")
    assertError("easeIn.delay", 12, "expected '(' after 'delay'")
    assertError("easeIn.repeatForever", 20, "expected '(' after 'repeatForever'")
    assertError("easeIn.delay(1", 12, "missing ')' for this '('")
    assertError("easeIn.delay(min(1, 2)", 12, "missing ')' for this '('")
    assertError("easeIn.delay(1])", 14, "unexpected ']'")
    assertError(
      "easeIn.repeatForever().repeatCount(2)", 23,
      "animation already repeats: 'repeatCount' is a second repeat")
    assertError(
      "easeIn.repeatCount(2).delay(1).repeatForever(autoreverses: false)", 31,
      "animation already repeats: 'repeatForever' is a second repeat")
  }

  func testEvaluatorErrorsArePlacedInTheText() {
    // An AnimationSyntaxError from the evaluator is relative to the argument.
    assertError("linear(duration: 1 + oops)", 21, "unknown variable 'oops'")
    assertError("easeIn.delay(bad + 1)", 13, "unknown variable 'bad'")
    // Any other error is reported at the argument with its description.
    assertError("timingCurve(0.5, huh, 0.2, 1)", 17, "cannot evaluate 'huh'")
  }

  // MARK: - Curves

  func testCurves() throws {
    XCTAssertEqual(try curve("linear"), .linear)
    XCTAssertEqual(try curve("easeIn"), .easeIn)
    XCTAssertEqual(try curve(".easeOut"), .easeOut)
    XCTAssertEqual(try curve("easeInOut"), .easeInOut)
    XCTAssertEqual(try curve("default"), .caDefault, "a curve's default is Core Animation's")
    XCTAssertEqual(
      try curve(" timingCurve(0.2, 0.68, 0.18, 1.08) "), .bezier(UnitBezier(0.2, 0.68, 0.18, 1.08)))
    XCTAssertEqual(
      try curve("spring(response: 0.5, dampingFraction: 0.7)"),
      .spring(SpringCurve(response: 0.5, dampingFraction: 0.7)))
    XCTAssertEqual(
      try curve("spring(duration: 0.5, bounce: 0.3)"), .spring(SpringCurve(duration: 0.5, bounce: 0.3)))
    XCTAssertEqual(try curve("spring"), .spring(SpringCurve(response: 0.55, dampingFraction: 0.825)))
    XCTAssertEqual(try curve("snappy"), .spring(SpringCurve(duration: 0.5, bounce: 0.15)))
  }

  func testCurveErrors() {
    assertError("easIn", 0, "unknown timing curve 'easIn' — did you mean 'easeIn'?", curve: true)
    assertError(
      "easeIn(duration: 1)", 6, "the timing curve 'easeIn' takes no arguments", curve: true)
    assertError(
      "timingCurve(0.1, 0.2, 0.3, 0.4, duration: 1)", 32,
      "unknown argument label 'duration:' in 'timingCurve'", curve: true)
    assertError(
      "easeIn.repeatForever()", 6, "unexpected '.repeatForev' after the timing curve", curve: true)
    assertError("", 0, "expected a timing curve, found nothing", curve: true)
  }

  func testErrorDescription() {
    XCTAssertEqual(
      AnimationSyntaxError(offset: 3, message: "unknown animation 'x'").description,
      "at character 3: unknown animation 'x'")
  }
}
