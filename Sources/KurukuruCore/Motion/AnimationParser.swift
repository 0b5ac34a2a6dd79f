import Foundation

// MARK: - AnimationParser

/// Parses animations and timing curves written the SwiftUI way (Presets/README.md; ARCHITECTURE.md §4), e.g.
/// `timingCurve(0.5, 0.15 + i/5, 0.25, 1, duration: 1.5).repeatForever(autoreverses: false)`.
///
/// Grammar (whitespace allowed anywhere between tokens; an optional leading `.` or `Animation.`):
///
///     animation := base ("." modifier)*
///     base      := linear | easeIn | easeOut | easeInOut        (each optionally "(duration: x)")
///                | timingCurve(c0x, c0y, c1x, c1y, duration: x)  (duration optional)
///                | spring | spring(response:, dampingFraction:, blendDuration:)
///                | spring(duration:, bounce:, blendDuration:)
///                | interpolatingSpring(mass:, stiffness:, damping:, initialVelocity:)
///                | interpolatingSpring(duration:, bounce:, initialVelocity:)
///                | default | smooth | snappy | bouncy   (the last three optionally
///                  "(duration:, extraBounce:)")
///                | CSS: ease | ease-in | ease-out | ease-in-out | step-start | step-end
///                  (each optionally "(duration: x)")
///                | cubic-bezier(c0x, c0y, c1x, c1y, duration: x)
///                | steps(n, jump-start|jump-end|jump-none|jump-both|start|end, duration: x)
///     modifier  := repeatForever(autoreverses: Bool) | repeatCount(n, autoreverses: Bool)
///                | delay(seconds) | speed(factor)
///                | direction(normal | alternate | alternate-reverse)
///
/// Defaults (SwiftUI's): duration 0.35 s for the Bézier curves; `spring` response 0.55 s,
/// dampingFraction 0.825; `spring(duration:bounce:)` duration 0.5 s, bounce 0; `default` is
/// spring(response 0.55, dampingFraction 1) (iOS 17); `smooth`, `snappy`, `bouncy` are
/// spring(duration 0.5, bounce 0, 0.15, 0.3) plus `extraBounce`; `interpolatingSpring` mass 1,
/// initialVelocity 0 (the only one supported). `blendDuration` is evaluated and ignored. A spring's
/// pass lasts its `settlingDuration`. `autoreverses` defaults to true.
///
/// Modifiers: `delay` adds seconds (negative delays are phase offsets); `speed(x)` divides the
/// pass duration and the delay accumulated *before* it — `.delay(1).speed(2)` waits 0.5 s,
/// `.speed(2).delay(1)` waits 1 s. As in SwiftUI, a delay written *before* the repeat modifier
/// is repeated with every pass (`easeOut.delay(0.2).repeatForever()` waits 0.2 s before each
/// pass: `Animation.pause`), while one written *after* it delays the start once (a phase offset
/// for `repeatForever`). Only one repeat is allowed. A negative delay, wherever it is written,
/// starts the animation part-way through (CSS): a phase offset, never a pause.
///
/// CSS curves have CSS's control points (`ease` = 0.25, 0.1, 0.25, 1; `ease-in` = 0.42, 0, 1, 1;
/// `ease-out` = 0, 0, 0.58, 1; `ease-in-out` = 0.42, 0, 0.58, 1), defined apart from SwiftUI's
/// names; `steps` defaults to `jump-end`; their default duration is SwiftUI's 0.35 s.
/// `direction` (CSS `animation-direction`, applied after all other modifiers) needs a repeat and
/// replaces its `autoreverses:`: `alternate` autoreverses, `normal` does not,
/// `alternate-reverse` (only with `repeatForever`) autoreverses starting with a backward pass —
/// a phase offset of one pass. `reverse` is rejected with the recipe to write it.
package enum AnimationParser {
  /// SwiftUI's default animation duration, in seconds.
  package static let defaultDuration = 0.35

  /// Base animation names, in suggestion order.
  package static let animationNames = [
    "linear", "easeIn", "easeOut", "easeInOut", "timingCurve", "spring", "interpolatingSpring",
    "default", "smooth", "snappy", "bouncy",
  ] + cssCurveNames

  /// Timing curve names accepted by `parseCurve`, in suggestion order.
  package static let curveNames = [
    "linear", "easeIn", "easeOut", "easeInOut", "default", "timingCurve", "spring",
    "interpolatingSpring", "smooth", "snappy", "bouncy",
  ] + cssCurveNames + ["path"]

  /// CSS timing functions accepted as curves and as animations (with an optional `duration:`).
  package static let cssCurveNames = [
    "ease", "ease-in", "ease-out", "ease-in-out", "cubic-bezier", "steps", "step-start", "step-end",
  ]

  /// Modifier names, in suggestion order.
  package static let modifierNames = ["repeatForever", "repeatCount", "delay", "speed", "direction"]

  /// CSS `animation-direction` values accepted by `.direction(…)`.
  package static let directionNames = ["normal", "alternate", "alternate-reverse", "reverse"]

  // MARK: - Animations

  /// Parses an animation written the SwiftUI way.
  /// - Parameters:
  ///   - text: e.g. `"easeInOut(duration: 0.8).repeatForever()"`.
  ///   - number: evaluates one numeric argument's expression text (trimmed, without its label);
  ///     called once for every numeric argument, in order. If it throws an
  ///     `AnimationSyntaxError`, its offset is taken as relative to the argument and shifted into
  ///     `text`; any other error is reported at the argument with its description as message.
  /// - Returns: the resolved animation.
  /// - Throws: `AnimationSyntaxError` with the 0-based character offset of the problem.
  package static func parse(
    _ text: String, number: (String) throws -> Double, warn: (Int, String) -> Void = { _, _ in }
  ) throws -> AnimationSpec {
    var scanner = AnimationScanner(text)
    skipPrefix(&scanner)
    var animation = try base(&scanner, number: number)
    var repeats = false
    /// The repeat's `autoreverses:` when written out, and its offset.
    var writtenAutoreverses: (value: Bool, offset: Int)?
    var direction: (name: String, offset: Int)?
    while !scanner.atEnd {
      scanner.skipSpace()
      guard scanner.consume(".") else {
        throw AnimationSyntaxError(
          offset: scanner.position,
          message:
            "unexpected '\(scanner.excerpt(at: scanner.position))' — expected '.' and a modifier")
      }
      guard let (name, offset) = scanner.identifier() else {
        throw AnimationSyntaxError(
          offset: scanner.position, message: "expected a modifier name after '.'")
      }
      guard modifierNames.contains(name) else {
        throw AnimationSyntaxError(
          offset: offset, message: unknown("modifier", name, among: modifierNames))
      }
      scanner.skipSpace()
      guard scanner.current == "(" else {
        throw AnimationSyntaxError(
          offset: scanner.position, message: "expected '(' after '\(name)'")
      }
      let list = try scanner.argumentList()
      switch name {
      case "repeatForever", "repeatCount":
        if repeats {
          throw AnimationSyntaxError(
            offset: offset, message: "animation already repeats: '\(name)' is a second repeat")
        }
        repeats = true
        // SwiftUI repeats a delay written before the repeat with every pass; a negative one
        // starts the animation part-way through instead (CSS), a phase offset.
        if animation.delay > 0 {
          animation.pause = animation.delay
          animation.delay = 0
        }
        if name == "repeatForever" {
          let call = try Call(name, offset, list, [.labelled("autoreverses")])
          animation.repeatMode = .forever(autoreverses: try call.bool(0, default: true))
          if call.bound[0] != nil { writtenAutoreverses = (try call.bool(0, default: true), call.offset(0)) }
        } else {
          let call = try Call(
            name, offset, list, [.unlabelled("count"), .labelled("autoreverses")])
          let count = try call.number(0, default: 1, number)
          guard count == count.rounded(), count >= 1, count <= 1_000_000 else {
            throw AnimationSyntaxError(
              offset: call.offset(0),
              message: "repeat count must be a whole number from 1 to 1000000")
          }
          animation.repeatMode = .count(Int(count), autoreverses: try call.bool(1, default: true))
          if call.bound[1] != nil { writtenAutoreverses = (try call.bool(1, default: true), call.offset(1)) }
        }
      case "delay":
        let call = try Call(name, offset, list, [.unlabelled("seconds")])
        animation.delay += try call.number(0, default: 0, number)
      case "direction":
        if direction != nil {
          throw AnimationSyntaxError(offset: offset, message: "the direction is already set")
        }
        let call = try Call(name, offset, list, [.unlabelled("direction")])
        let value = call.bound[0]?.text ?? ""
        guard directionNames.contains(value) else {
          throw AnimationSyntaxError(
            offset: call.offset(0), message: unknown("direction", value, among: directionNames))
        }
        if value == "reverse" {
          throw AnimationSyntaxError(
            offset: call.offset(0),
            message: "direction 'reverse' is not supported: swap 'from' and 'to' (or reverse 'values' and use 1 − keyTimes) and mirror the curve, cubic-bezier(1 − c1x, 1 − c1y, 1 − c0x, 1 − c0y)")
        }
        direction = (value, call.offset(0))
      default:  // speed
        let call = try Call(name, offset, list, [.unlabelled("speed")])
        let speed = try call.number(0, default: 1, number)
        guard speed > 0 else {
          throw AnimationSyntaxError(
            offset: call.offset(0), message: "speed must be greater than 0")
        }
        animation.duration /= speed
        animation.delay /= speed
        animation.pause /= speed
      }
    }
    if let direction {
      try apply(direction: direction.name, at: direction.offset, to: &animation)
      // The direction wins, as documented; saying the opposite in the repeat is a slip.
      if let written = writtenAutoreverses, written.value != (direction.name != "normal") {
        warn(
          direction.offset,
          "direction '\(direction.name)' contradicts 'autoreverses: \(written.value)' and replaces it: the animation \(written.value ? "does not autoreverse" : "autoreverses"); drop one of them")
      }
    }
    return animation
  }

  /// Applies a CSS direction to a repeating animation: `normal` and `alternate` set
  /// autoreverse (replacing the repeat's `autoreverses:`); `alternate-reverse` also starts
  /// with a backward pass, which for `repeatForever` is a phase offset of one pass.
  private static func apply(direction: String, at offset: Int, to animation: inout AnimationSpec)
    throws
  {
    switch animation.repeatMode {
    case .once:
      throw AnimationSyntaxError(
        offset: offset,
        message: "'direction' needs a repeat: add .repeatForever() (CSS 'infinite') or .repeatCount(n)")
    case .count(let n, _):
      guard direction != "alternate-reverse" else {
        throw AnimationSyntaxError(
          offset: offset, message: "direction 'alternate-reverse' needs .repeatForever()")
      }
      animation.repeatMode = .count(n, autoreverses: direction == "alternate")
    case .forever:
      animation.repeatMode = .forever(autoreverses: direction != "normal")
      if direction == "alternate-reverse" { animation.delay += animation.passLength }
    }
  }

  /// Parses the base animation (before any modifier).
  private static func base(
    _ scanner: inout AnimationScanner, number: (String) throws -> Double
  ) throws -> AnimationSpec {
    guard let (name, offset) = scanner.hyphenatedName() else {
      let found = scanner.atEnd ? "nothing" : "'\(scanner.excerpt(at: scanner.position))'"
      throw AnimationSyntaxError(
        offset: scanner.position, message: "expected an animation, found \(found)")
    }
    let list = try optionalArgumentList(&scanner)
    switch name {
    case "linear", "easeIn", "easeOut", "easeInOut", "ease", "ease-in", "ease-out", "ease-in-out",
      "step-start", "step-end":
      var duration = defaultDuration
      if let list = list {
        let call = try Call(name, offset, list, [.labelled("duration", optional: false)])
        duration = try call.positive(0, default: defaultDuration, number)
      }
      return AnimationSpec(curve: namedBezier(name), duration: duration)
    case "steps":
      let (curve, call) = try steps(offset, list, withDuration: true, number)
      return AnimationSpec(curve: curve, duration: try call.positive(2, default: defaultDuration, number))
    case "timingCurve", "cubic-bezier":
      let call = try timingCurveCall(name, offset, list, withDuration: true)
      let curve = try bezier(call, number)
      return AnimationSpec(
        curve: curve, duration: try call.positive(4, default: defaultDuration, number))
    case "default":
      if let list = list {
        throw AnimationSyntaxError(offset: list.open, message: "'default' takes no arguments")
      }
      return springAnimation(SpringCurve(response: 0.55, dampingFraction: 1))
    default:
      guard let spring = try springNamed(name, offset, list, number) else {
        throw AnimationSyntaxError(
          offset: offset, message: unknown("animation", name, among: animationNames))
      }
      return springAnimation(spring)
    }
  }

  // MARK: - Curves

  /// Parses a bare timing curve, as used by keyframe segments.
  ///
  /// Accepts `linear`, `easeIn`, `easeOut`, `easeInOut`, `default` (Core Animation's default
  /// curve 0.25, 0.1, 0.25, 1 — not the `default` spring animation), `timingCurve(a, b, c, d)`,
  /// the `spring` forms, `interpolatingSpring` and `smooth`/`snappy`/`bouncy`, and CSS's `ease`,
  /// `ease-in`, `ease-out`, `ease-in-out`, `cubic-bezier(a, b, c, d)`, `steps(n[, position])`,
  /// `step-start`, `step-end`, with an optional leading `.`; no durations and no modifiers.
  /// - Parameters:
  ///   - text: e.g. `"timingCurve(0.2, 0.68, 0.18, 1.08)"`.
  ///   - number: evaluates one numeric argument's expression text, as for `parse`.
  /// - Returns: the curve.
  /// - Throws: `AnimationSyntaxError` with the 0-based character offset of the problem.
  package static func parseCurve(_ text: String, number: (String) throws -> Double) throws
    -> TimingCurve
  {
    var scanner = AnimationScanner(text)
    _ = scanner.consume(".")
    guard let (name, offset) = scanner.hyphenatedName() else {
      let found = scanner.atEnd ? "nothing" : "'\(scanner.excerpt(at: scanner.position))'"
      throw AnimationSyntaxError(
        offset: scanner.position, message: "expected a timing curve, found \(found)")
    }
    if name == "path" { return try pathCurve(text, after: scanner.position) }
    let list = try optionalArgumentList(&scanner)
    let curve: TimingCurve
    switch name {
    case "linear", "easeIn", "easeOut", "easeInOut", "default", "ease", "ease-in", "ease-out",
      "ease-in-out", "step-start", "step-end":
      if let list = list {
        throw AnimationSyntaxError(
          offset: list.open, message: "the timing curve '\(name)' takes no arguments")
      }
      curve = name == "default" ? .caDefault : namedBezier(name)
    case "steps":
      curve = try steps(offset, list, withDuration: false, number).curve
    case "timingCurve", "cubic-bezier":
      curve = try bezier(try timingCurveCall(name, offset, list, withDuration: false), number)
    default:
      guard let spring = try springNamed(name, offset, list, number) else {
        throw AnimationSyntaxError(
          offset: offset, message: unknown("timing curve", name, among: curveNames))
      }
      curve = .spring(spring)
    }
    guard scanner.atEnd else {
      scanner.skipSpace()
      throw AnimationSyntaxError(
        offset: scanner.position,
        message: "unexpected '\(scanner.excerpt(at: scanner.position))' after the timing curve")
    }
    return curve
  }

  /// `path(DATA)`: Android's `pathInterpolator` path data (`PathCurve`), the rest of `text`
  /// after the name `path` at `start` (a character offset), up to a closing `)` that ends it.
  private static func pathCurve(_ text: String, after start: Int) throws -> TimingCurve {
    let chars = Array(text)
    var i = start
    while i < chars.count, chars[i] == " " { i += 1 }
    guard i < chars.count, chars[i] == "(" else {
      throw AnimationSyntaxError(offset: i, message: "a path curve is written path(M0,0 C x1,y1 x2,y2 1,1)")
    }
    var end = chars.count - 1
    while end > i, chars[end] == " " { end -= 1 }
    guard end > i, chars[end] == ")" else {
      throw AnimationSyntaxError(offset: chars.count, message: "a path curve ends with ')'")
    }
    do {
      return .path(try PathCurve(pathData: String(chars[(i + 1)..<end])))
    } catch let e as AnimationSyntaxError {
      throw AnimationSyntaxError(offset: e.offset + i + 1, message: e.message)
    }
  }

  // MARK: - Pieces

  /// Skips an optional leading `.` or `Animation.`.
  private static func skipPrefix(_ scanner: inout AnimationScanner) {
    var probe = scanner
    if let (name, _) = probe.identifier(), name == "Animation", probe.consume(".") {
      scanner = probe
      return
    }
    _ = scanner.consume(".")
  }

  /// Reads `( … )` if the next non-blank character opens one.
  private static func optionalArgumentList(_ scanner: inout AnimationScanner) throws
    -> ArgumentList?
  {
    var probe = scanner
    probe.skipSpace()
    guard probe.current == "(" else { return nil }
    scanner = probe
    return try scanner.argumentList()
  }

  /// The curve named `linear`, `easeIn`, `easeOut`, `easeInOut` (SwiftUI's), or `ease`,
  /// `ease-in`, `ease-out`, `ease-in-out`, `step-start`, `step-end` (CSS's).
  private static func namedBezier(_ name: String) -> TimingCurve {
    switch name {
    case "easeIn": return .easeIn
    case "easeOut": return .easeOut
    case "easeInOut": return .easeInOut
    case "ease": return .cssEase
    case "ease-in": return .cssEaseIn
    case "ease-out": return .cssEaseOut
    case "ease-in-out": return .cssEaseInOut
    case "step-start": return .stepStart
    case "step-end": return .stepEnd
    default: return .linear
    }
  }

  /// Binds `timingCurve(c0x, c0y, c1x, c1y[, duration:])` or the same as `cubic-bezier`.
  private static func timingCurveCall(
    _ name: String, _ offset: Int, _ list: ArgumentList?, withDuration: Bool
  ) throws -> Call {
    guard let list = list else {
      throw AnimationSyntaxError(
        offset: offset,
        message: "'\(name)' needs its control points: \(name)(c0x, c0y, c1x, c1y)")
    }
    var parameters: [AnimationParameter] = ["c0x", "c0y", "c1x", "c1y"].map { .unlabelled($0) }
    if withDuration { parameters.append(.labelled("duration")) }
    return try Call(name, offset, list, parameters)
  }

  /// Binds and builds CSS `steps(count[, position][, duration:])`; the duration, when
  /// `withDuration`, is parameter 2 of the returned call.
  private static func steps(
    _ offset: Int, _ list: ArgumentList?, withDuration: Bool, _ number: (String) throws -> Double
  ) throws -> (curve: TimingCurve, call: Call) {
    guard let list = list else {
      throw AnimationSyntaxError(
        offset: offset, message: "'steps' needs a count: steps(n) or steps(n, jump-start)")
    }
    var parameters: [AnimationParameter] = [.unlabelled("count"), .unlabelled("position", optional: true)]
    if withDuration { parameters.append(.labelled("duration")) }
    let call = try Call("steps", offset, list, parameters)
    var position = StepPosition.jumpEnd
    if let argument = call.bound[1] {
      let names = StepPosition.allCases.map(\.rawValue) + ["start", "end"]
      guard let p = StepPosition(css: argument.text) else {
        throw AnimationSyntaxError(
          offset: argument.offset, message: unknown("step position", argument.text, among: names))
      }
      position = p
    }
    let count = try call.number(0, default: 1, number)
    let least = position == .jumpNone ? 2.0 : 1.0
    guard count == count.rounded(), count >= least, count <= 10_000 else {
      throw AnimationSyntaxError(
        offset: call.offset(0),
        message: "the step count must be a whole number from \(Int(least)) to 10000\(position == .jumpNone ? " with jump-none" : ""), got \(fmt(count))")
    }
    return (.steps(Int(count), position), call)
  }

  /// Evaluates the four control-point arguments of a bound `timingCurve` call.
  private static func bezier(_ call: Call, _ number: (String) throws -> Double) throws
    -> TimingCurve
  {
    var values: [Double] = []
    for index in 0..<4 {
      let value = try call.number(index, default: 0, number)
      if index % 2 == 0 && !(0...1).contains(value) {
        let which = index == 0 ? "c0x" : "c1x"
        throw AnimationSyntaxError(
          offset: call.offset(index), message: "control point \(which) must be in 0…1, got \(fmt(value))"
        )
      }
      values.append(value)
    }
    return .bezier(UnitBezier(values[0], values[1], values[2], values[3]))
  }

  /// A spring animation whose pass lasts the spring's settling duration.
  private static func springAnimation(_ spring: SpringCurve) -> AnimationSpec {
    AnimationSpec(curve: .spring(spring), duration: spring.settlingDuration)
  }

  /// The spring named `spring`, `interpolatingSpring`, `smooth`, `snappy` or `bouncy` with its
  /// arguments; nil for any other name. Rejects springs that never settle.
  private static func springNamed(
    _ name: String, _ offset: Int, _ list: ArgumentList?, _ number: (String) throws -> Double
  ) throws -> SpringCurve? {
    guard let spring = try springFromArguments(name, offset, list, number) else { return nil }
    guard spring.settlingDuration.isFinite else {
      throw AnimationSyntaxError(offset: offset, message: "the spring '\(name)' never settles")
    }
    return spring
  }

  /// The spring named `name` built from its arguments; nil when `name` is no spring.
  private static func springFromArguments(
    _ name: String, _ offset: Int, _ list: ArgumentList?, _ number: (String) throws -> Double
  ) throws -> SpringCurve? {
    let arguments = list ?? ArgumentList(arguments: [], open: offset, close: offset + name.count)
    let firstLabel = arguments.arguments.first?.label
    switch name {
    case "spring":
      if firstLabel == "duration" || firstLabel == "bounce" {
        let call = try Call(
          name, offset, arguments,
          [.labelled("duration"), .labelled("bounce"), .labelled("blendDuration")])
        return try durationBounceSpring(call, bounceOffset: 0, number)
      }
      let call = try Call(
        name, offset, arguments,
        [.labelled("response"), .labelled("dampingFraction"), .labelled("blendDuration")])
      let response = try call.positive(0, default: 0.55, number)
      let fraction = try call.number(1, default: 0.825, number)
      guard fraction > 0 else {
        throw AnimationSyntaxError(
          offset: call.offset(1),
          message: "dampingFraction must be greater than 0 (an undamped spring never settles)")
      }
      _ = try call.nonNegative(2, default: 0, number)
      return SpringCurve(response: response, dampingFraction: fraction)
    case "interpolatingSpring":
      if firstLabel == "mass" || firstLabel == "stiffness" || firstLabel == "damping" {
        let call = try Call(
          name, offset, arguments,
          [
            .labelled("mass"), .labelled("stiffness", optional: false),
            .labelled("damping", optional: false), .labelled("initialVelocity"),
          ])
        let mass = try call.positive(0, default: 1, number)
        let stiffness = try call.positive(1, default: 1, number)
        let damping = try call.positive(2, default: 1, number)
        try zeroVelocity(call, 3, number)
        let omega = (stiffness / mass).squareRoot()
        return SpringCurve(
          response: 2 * Double.pi / omega,
          dampingFraction: damping / (2 * (stiffness * mass).squareRoot()))
      }
      let call = try Call(
        name, offset, arguments,
        [.labelled("duration"), .labelled("bounce"), .labelled("initialVelocity")])
      let spring = try durationBounceSpring(call, bounceOffset: 0, number)
      try zeroVelocity(call, 2, number)
      return spring
    case "smooth", "snappy", "bouncy":
      let base = name == "smooth" ? 0 : name == "snappy" ? 0.15 : 0.3
      let call = try Call(
        name, offset, arguments, [.labelled("duration"), .labelled("extraBounce")])
      return try durationBounceSpring(call, bounceOffset: base, number)
    default:
      return nil
    }
  }

  /// `Spring(duration:bounce:)` from arguments 0 (duration, default 0.5 s) and 1 (bounce,
  /// default 0, plus `bounceOffset`).
  private static func durationBounceSpring(
    _ call: Call, bounceOffset: Double, _ number: (String) throws -> Double
  ) throws -> SpringCurve {
    let duration = try call.positive(0, default: 0.5, number)
    let bounce = bounceOffset + (try call.number(1, default: 0, number))
    guard bounce > -1 && bounce < 1 else {
      throw AnimationSyntaxError(
        offset: call.offset(1),
        message: "bounce must be greater than -1 and less than 1 (1 never settles), got \(fmt(bounce))")
    }
    if call.name == "spring" { _ = try call.nonNegative(2, default: 0, number) }
    return SpringCurve(duration: duration, bounce: bounce)
  }

  /// Checks that the `initialVelocity:` argument, if given, is 0.
  private static func zeroVelocity(
    _ call: Call, _ index: Int, _ number: (String) throws -> Double
  ) throws {
    guard try call.number(index, default: 0, number) == 0 else {
      throw AnimationSyntaxError(
        offset: call.offset(index), message: "initialVelocity other than 0 is not supported")
    }
  }

  /// "unknown KIND 'name'", with a suggestion when one is close (a hyphenated name prefers the
  /// hyphenated CSS names, `ease-inout` → `ease-in-out`, not `easeInOut`).
  private static func unknown(_ kind: String, _ name: String, among names: [String]) -> String {
    let ordered = name.contains("-")
      ? names.filter { $0.contains("-") } + names.filter { !$0.contains("-") } : names
    let hint = Suggestion.closest(to: name, in: ordered).map { " — did you mean '\($0)'?" } ?? ""
    return "unknown \(kind) \(quoted: name)\(hint)"
  }
}

// MARK: - Calls

/// A call whose arguments are bound to its parameters.
struct Call {
  /// The function's name.
  let name: String
  /// Offset of the name.
  let nameOffset: Int
  /// For each parameter, its argument (nil when left out).
  let bound: [AnimationArgument?]

  init(_ name: String, _ offset: Int, _ list: ArgumentList, _ parameters: [AnimationParameter])
    throws
  {
    self.name = name
    self.nameOffset = offset
    self.parameters = parameters
    self.bound = try bindArguments(list.arguments, to: parameters, call: name, close: list.close)
  }

  /// The signature the arguments were bound to.
  let parameters: [AnimationParameter]

  /// Whether parameter `index` is a time in seconds (`duration:`, `delay`'s seconds), which
  /// also takes CSS's `0.5s` and `500ms` (`TimeUnits`).
  func isTime(_ index: Int) -> Bool {
    parameters.indices.contains(index) && (parameters[index].label == "duration" || parameters[index].name == "seconds")
  }

  /// Offset of parameter `index`'s value, or of the call's name when it was left out.
  func offset(_ index: Int) -> Int { bound[index]?.offset ?? nameOffset }

  /// Evaluates parameter `index`, or returns `defaultValue` when it was left out.
  func number(_ index: Int, default defaultValue: Double, _ number: (String) throws -> Double)
    throws -> Double
  {
    guard let argument = bound[index] else { return defaultValue }
    let value: Double
    let time = isTime(index)
    func hint(_ message: String) -> String {
      time && (message.hasPrefix("unexpected 's'") || message.hasPrefix("unexpected 'm'")) ? TimeUnits.hint : ""
    }
    do {
      if time, let seconds = TimeUnits.seconds(argument.text) { value = seconds } else { value = try number(argument.text) }
    } catch let error as AnimationSyntaxError {
      throw AnimationSyntaxError(offset: argument.offset + error.offset, message: error.message + hint(error.message))
    } catch {
      throw AnimationSyntaxError(offset: argument.offset, message: "\(error)" + hint("\(error)"))
    }
    guard value.isFinite else {
      throw AnimationSyntaxError(
        offset: argument.offset, message: "\(quoted: argument.text) is not a finite number")
    }
    return value
  }

  /// Like `number`, requiring a value > 0.
  func positive(_ index: Int, default defaultValue: Double, _ number: (String) throws -> Double)
    throws -> Double
  {
    let value = try self.number(index, default: defaultValue, number)
    guard value > 0 else {
      let what = bound[index]?.label ?? "value"
      throw AnimationSyntaxError(
        offset: offset(index), message: "\(what) in '\(name)' must be greater than 0, got \(fmt(value))")
    }
    return value
  }

  /// Like `number`, requiring a value ≥ 0.
  func nonNegative(_ index: Int, default defaultValue: Double, _ number: (String) throws -> Double)
    throws -> Double
  {
    let value = try self.number(index, default: defaultValue, number)
    guard value >= 0 else {
      let what = bound[index]?.label ?? "value"
      throw AnimationSyntaxError(
        offset: offset(index), message: "\(what) in '\(name)' must not be negative, got \(fmt(value))")
    }
    return value
  }

  /// Parameter `index` as `true` / `false`, or `defaultValue` when it was left out.
  func bool(_ index: Int, default defaultValue: Bool) throws -> Bool {
    guard let argument = bound[index] else { return defaultValue }
    switch argument.text {
    case "true": return true
    case "false": return false
    default:
      let what = argument.label.map { "'\($0):'" } ?? "the argument"
      throw AnimationSyntaxError(
        offset: argument.offset,
        message: "expected true or false for \(what) in '\(name)', got \(quoted: argument.text)")
    }
  }
}
