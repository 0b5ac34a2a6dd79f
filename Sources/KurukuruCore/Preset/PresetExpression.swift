import Foundation

// MARK: - PresetExpression

/// A numeric expression from a preset, such as `"0.15 + i/5"` or `"size / 10 - 2"`.
///
/// Grammar: numbers, percentages (`50%` is 0.5: a `%` written directly after a number literal,
/// when what follows cannot start an operand), identifiers (parameters and `ForEach` indices),
/// `+ - * / %` (`%` is the floored remainder), unary `-`, parentheses, comparisons
/// (`== != < <= > >=`, giving 1 or 0), `&&`, `||`, `!`, the conditional `c ? a : b`, indexed
/// array literals (`[0.72, 1.02, 1.28][i]`, a whole index from 0), the constant `pi`, and
/// functions `sin cos tan` (radians), `sind cosd` (degrees),
/// `abs floor ceil round sqrt min max pow clamp`, and `random(seed, n)` (`PresetRandom`).
/// Expressions have no access to time: animation is expressed with animations and keyframes,
/// so that every frame is a pure function of time and the loop period can be computed.
package struct PresetExpression: Equatable, Sendable {
  indirect enum Node: Equatable, Sendable {
    case number(Double)
    case variable(String, offset: Int)
    case unary(Character, Node)
    case binary(String, Node, Node)
    case conditional(Node, Node, Node)
    case call(String, [Node], offset: Int)
    /// `[a, b, c][index]`; `offset` is where the index expression starts.
    case element([Node], index: Node, offset: Int)
  }

  /// The source text.
  package let text: String
  let root: Node

  /// An error with the 0-based character offset into the expression text.
  package struct SyntaxError: Error, Equatable, Sendable {
    package var offset: Int
    package var message: String
  }

  static let functions: [String: Int] = [
    "sin": 1, "cos": 1, "tan": 1, "sind": 1, "cosd": 1, "abs": 1, "floor": 1, "ceil": 1,
    "round": 1, "sqrt": 1, "min": 2, "max": 2, "pow": 2, "clamp": 3, "random": 2,
  ]

  /// Parses an expression.
  /// - Throws: `PresetExpression.SyntaxError` with the offset of the problem.
  package init(_ text: String) throws {
    self.text = text
    var parser = PresetExpressionParser(Array(text))
    root = try parser.parseAll()
  }

  /// The most levels of operations an expression may have (its tree's height): evaluating and
  /// releasing the tree recurse once per level, and `1 + 1 + …` is as tall as it is long.
  static let maxHeight = 256

  /// Names that expressions read as constants (`pi`, π): no parameter and no `ForEach` index
  /// may take one, or the constant would hide it.
  static let constants: [String: Double] = ["pi": .pi]

  /// Why `name` cannot name a number that expressions read (a parameter, a `ForEach` index),
  /// or nil when it can: it must not be a constant.
  static func reservedNameProblem(_ name: String) -> String? {
    constants[name] == nil ? nil : "\(quoted: name) is a constant in expressions; choose another name"
  }

  /// Every identifier the expression reads, other than function names and `pi`.
  package var variables: Set<String> {
    var out = Set<String>()
    func walk(_ n: Node) {
      switch n {
      case .number: break
      case .variable(let name, _): out.insert(name)
      case .unary(_, let a): walk(a)
      case .binary(_, let a, let b): walk(a); walk(b)
      case .conditional(let a, let b, let c): walk(a); walk(b); walk(c)
      case .call(_, let args, _): args.forEach(walk)
      case .element(let items, let index, _): items.forEach(walk); walk(index)
      }
    }
    walk(root)
    return out
  }

  /// Evaluates with the given variables.
  /// - Throws: `PresetExpression.SyntaxError` for an unknown variable (with a suggestion) or a
  ///   result that is not a finite number.
  package func evaluate(_ variables: [String: Double]) throws -> Double {
    let v = try eval(root, variables)
    guard v.isFinite else { throw SyntaxError(offset: 0, message: "\(quoted: text) is not a finite number") }
    return v
  }

  /// Why `index` cannot pick one of `count` array values (nil when it can): it must be a whole
  /// number in 0..<count.
  static func indexProblem(_ index: Double, count: Int) -> String? {
    guard index.isFinite, index == index.rounded() else {
      return "array index \(fmt(index)) is not a whole number"
    }
    guard index >= 0, index < Double(count) else {
      let valid = count == 1 ? "1 value, index 0" : "\(count) values, indices 0…\(count - 1)"
      return "array index \(fmt(index)) is out of range: the array has \(valid)"
    }
    return nil
  }

  private func eval(_ node: Node, _ vars: [String: Double]) throws -> Double {
    switch node {
    case .number(let v):
      return v
    case .variable(let name, let offset):
      if let constant = PresetExpression.constants[name] { return constant }
      guard let v = vars[name] else {
        throw SyntaxError(
          offset: offset,
          message: "unknown name \(quoted: name)" + Suggestion.hint(for: name, in: Array(vars.keys).sorted()))
      }
      return v
    case .unary(let op, let a):
      let x = try eval(a, vars)
      return op == "-" ? -x : (x == 0 ? 1 : 0)
    case .binary(let op, let a, let b):
      let x = try eval(a, vars)
      if op == "&&" { return x != 0 ? (try eval(b, vars) != 0 ? 1 : 0) : 0 }
      if op == "||" { return x != 0 ? 1 : (try eval(b, vars) != 0 ? 1 : 0) }
      let y = try eval(b, vars)
      switch op {
      case "+": return x + y
      case "-": return x - y
      case "*": return x * y
      case "/": return x / y
      case "%": return y == 0 ? .nan : x - y * (x / y).rounded(.down)
      case "==": return x == y ? 1 : 0
      case "!=": return x != y ? 1 : 0
      case "<": return x < y ? 1 : 0
      case "<=": return x <= y ? 1 : 0
      case ">": return x > y ? 1 : 0
      default: return x >= y ? 1 : 0
      }
    case .conditional(let c, let a, let b):
      return try eval(c, vars) != 0 ? eval(a, vars) : eval(b, vars)
    case .element(let items, let indexNode, let offset):
      // Only the chosen value is evaluated, as with `c ? a : b`.
      let index = try eval(indexNode, vars)
      if let problem = PresetExpression.indexProblem(index, count: items.count) {
        throw SyntaxError(offset: offset, message: problem)
      }
      return try eval(items[Int(index)], vars)
    case .call(let name, let args, _):
      let x = try args.map { try eval($0, vars) }
      switch name {
      case "sin": return sin(x[0])
      case "cos": return cos(x[0])
      case "tan": return tan(x[0])
      case "sind": return sin(x[0] * .pi / 180)
      case "cosd": return cos(x[0] * .pi / 180)
      case "abs": return abs(x[0])
      case "floor": return x[0].rounded(.down)
      case "ceil": return x[0].rounded(.up)
      case "round": return x[0].rounded()
      case "sqrt": return x[0].squareRoot()
      case "min": return min(x[0], x[1])
      case "max": return max(x[0], x[1])
      case "pow": return pow(x[0], x[1])
      case "random": return PresetRandom.value(x[0], x[1])
      default: return min(max(x[0], x[1]), x[2])  // clamp(v, lo, hi)
      }
    }
  }
}

// MARK: - Parser

private struct PresetExpressionParser {
  typealias Node = PresetExpression.Node
  let chars: [Character]
  var i = 0
  /// Nesting of sub-expressions (parentheses, arrays, arguments, unary operators) so far.
  var depth = 0
  /// Deeper nesting is an error rather than a deep recursion.
  static let maxDepth = 200
  /// The height of the tree under the node parsed last (a number or a name is 1).
  var height = 0
  init(_ chars: [Character]) { self.chars = chars }

  /// Sets `height` for a node over children of heights `children`; an error past
  /// `PresetExpression.maxHeight`, before the node is built.
  mutating func node(over children: Int...) throws {
    height = 1 + (children.max() ?? 0)
    guard height <= PresetExpression.maxHeight else {
      throw PresetExpression.SyntaxError(
        offset: i, message: "expression has more than \(PresetExpression.maxHeight) levels of operations (use an array for long tables)")
    }
  }

  mutating func enter() throws {
    depth += 1
    if depth > PresetExpressionParser.maxDepth {
      throw PresetExpression.SyntaxError(offset: i, message: "expression nested deeper than \(PresetExpressionParser.maxDepth) levels")
    }
  }

  mutating func parseAll() throws -> Node {
    skip()
    if i >= chars.count { throw PresetExpression.SyntaxError(offset: 0, message: "empty expression") }
    let n = try conditional()
    skip()
    if i < chars.count { throw PresetExpression.SyntaxError(offset: i, message: "unexpected '\(chars[i])'") }
    return n
  }

  mutating func conditional() throws -> Node {
    try enter()
    defer { depth -= 1 }
    let c = try or()
    let hc = height
    skip()
    guard peek("?") else { return c }
    i += 1
    let a = try conditional()
    let ha = height
    skip()
    guard peek(":") else { throw PresetExpression.SyntaxError(offset: i, message: "expected ':' in conditional") }
    i += 1
    let b = try conditional()
    try node(over: hc, ha, height)
    return .conditional(c, a, b)
  }

  mutating func or() throws -> Node {
    var n = try and()
    while match("||") {
      let hn = height
      let b = try and()
      try node(over: hn, height)
      n = .binary("||", n, b)
    }
    return n
  }

  mutating func and() throws -> Node {
    var n = try comparison()
    while match("&&") {
      let hn = height
      let b = try comparison()
      try node(over: hn, height)
      n = .binary("&&", n, b)
    }
    return n
  }

  mutating func comparison() throws -> Node {
    var n = try additive()
    while true {
      if let op = ["==", "!=", "<=", ">=", "<", ">"].first(where: { match($0) }) {
        let hn = height
        let b = try additive()
        try node(over: hn, height)
        n = .binary(op, n, b)
      } else {
        return n
      }
    }
  }

  mutating func additive() throws -> Node {
    var n = try multiplicative()
    while true {
      skip()
      if peek("+") || peek("-") {
        let op = String(chars[i]); i += 1
        let hn = height
        let b = try multiplicative()
        try node(over: hn, height)
        n = .binary(op, n, b)
      } else {
        return n
      }
    }
  }

  mutating func multiplicative() throws -> Node {
    var n = try unary()
    while true {
      skip()
      if peek("*") || peek("/") || peek("%") {
        let op = String(chars[i]); i += 1
        let hn = height
        let b = try unary()
        try node(over: hn, height)
        n = .binary(op, n, b)
      } else {
        return n
      }
    }
  }

  mutating func unary() throws -> Node {
    skip()
    let negate = peek("-"), plus = peek("+"), not = peek("!") && !(i + 1 < chars.count && chars[i + 1] == "=")
    guard negate || plus || not else { return try primary() }
    try enter()
    defer { depth -= 1 }
    i += 1
    let operand = try unary()
    if plus { return operand }
    try node(over: height)
    return .unary(negate ? "-" : "!", operand)
  }

  mutating func primary() throws -> Node {
    skip()
    guard i < chars.count else { throw PresetExpression.SyntaxError(offset: i, message: "unexpected end of expression") }
    let c = chars[i]
    if c == "(" {
      i += 1
      let n = try conditional()
      skip()
      guard peek(")") else { throw PresetExpression.SyntaxError(offset: i, message: "expected ')'") }
      i += 1
      return n
    }
    if c.isNumber || c == "." {
      let start = i
      while i < chars.count, chars[i].isNumber || chars[i] == "." { i += 1 }
      if i < chars.count, chars[i] == "e" || chars[i] == "E" {
        var j = i + 1
        if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
        if j < chars.count, chars[j].isNumber {
          i = j
          while i < chars.count, chars[i].isNumber { i += 1 }
        }
      }
      guard let v = NumberText.parse(String(chars[start..<i])) else {
        throw PresetExpression.SyntaxError(offset: start, message: "bad number \(quoted: String(chars[start..<i]))")
      }
      height = 1
      if percentFollows() {
        i += 1
        return .number(v / 100)
      }
      return .number(v)
    }
    if c == "[" {
      return try element()
    }
    if c.isLetter || c == "_" {
      let start = i
      while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" { i += 1 }
      let name = String(chars[start..<i])
      skip()
      if peek("(") {
        guard let arity = PresetExpression.functions[name] else {
          throw PresetExpression.SyntaxError(
            offset: start,
            message: "unknown function \(quoted: name)" + Suggestion.hint(for: name, in: PresetExpression.functions.keys.sorted()))
        }
        i += 1
        var args: [Node] = []
        var tallest = 0
        skip()
        if !peek(")") {
          while true {
            args.append(try conditional())
            tallest = max(tallest, height)
            skip()
            if peek(",") { i += 1; continue }
            break
          }
        }
        guard peek(")") else { throw PresetExpression.SyntaxError(offset: i, message: "expected ')' after arguments of '\(name)'") }
        i += 1
        guard args.count == arity else {
          throw PresetExpression.SyntaxError(offset: start, message: "'\(name)' takes \(arity) argument\(arity == 1 ? "" : "s"), got \(args.count)")
        }
        try node(over: tallest)
        return .call(name, args, offset: start)
      }
      height = 1
      return .variable(name, offset: start)
    }
    throw PresetExpression.SyntaxError(offset: i, message: "unexpected '\(c)'")
  }

  /// True when `chars[i]` is a `%` written directly after a number literal that means percent:
  /// nothing that could start an operand follows it (a digit, `.`, a name, `(` or `[`), so
  /// `50%`, `50% + x`, `[0%, 50%][i]` are percentages while `7%3`, `7 % 3` and `7 % n` stay
  /// remainders.
  func percentFollows() -> Bool {
    guard peek("%") else { return false }
    var j = i + 1
    while j < chars.count, chars[j].isWhitespace { j += 1 }
    guard j < chars.count else { return true }
    let next = chars[j]
    return !(next.isNumber || next.isLetter || next == "_" || next == "." || next == "(" || next == "[")
  }

  /// `[a, b, …][index]`: an array literal must be indexed at once.
  mutating func element() throws -> Node {
    let open = i
    i += 1
    var items: [Node] = []
    var tallest = 0
    skip()
    if !peek("]") {
      while true {
        items.append(try conditional())
        tallest = max(tallest, height)
        skip()
        if peek(",") { i += 1; continue }
        break
      }
    }
    guard peek("]") else { throw PresetExpression.SyntaxError(offset: i, message: "expected ',' or ']' in the array") }
    i += 1
    guard !items.isEmpty else { throw PresetExpression.SyntaxError(offset: open, message: "an array needs at least one value") }
    skip()
    guard peek("[") else {
      throw PresetExpression.SyntaxError(offset: i, message: "an array must be indexed, e.g. [0.5, 1, 1.5][i]")
    }
    i += 1
    skip()
    let indexOffset = i
    let index = try conditional()
    try node(over: tallest, height)
    skip()
    guard peek("]") else { throw PresetExpression.SyntaxError(offset: i, message: "expected ']' after the index") }
    i += 1
    return .element(items, index: index, offset: indexOffset)
  }

  mutating func skip() { while i < chars.count, chars[i].isWhitespace { i += 1 } }
  func peek(_ s: Character) -> Bool { i < chars.count && chars[i] == s }
  mutating func match(_ s: String) -> Bool {
    skip()
    let t = Array(s)
    guard i + t.count <= chars.count, Array(chars[i..<(i + t.count)]) == t else { return false }
    i += t.count
    return true
  }
}

// MARK: - PresetRandom

/// `random(seed, n)`: a deterministic pseudo-random number in [0, 1) from two numbers, the same
/// on every platform and run (Presets/README.md §3 documents it for users).
///
/// With `bits(x)` the IEEE 754 binary64 bit pattern of x (−0 read as +0) and `mix` SplitMix64's
/// step (all arithmetic modulo 2⁶⁴):
///
///     mix(z) = let z = z + 0x9E3779B97F4A7C15
///              let z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
///              let z = (z ^ (z >> 27)) * 0x94D049BB133111EB
///              z ^ (z >> 31)
///     random(a, b) = (mix(mix(bits(a)) ^ bits(b)) >> 11) / 2⁵³
///
/// A non-finite argument gives NaN (which the expression reports as not finite).
package enum PresetRandom {
  /// The value for `seed` and `n`, in [0, 1).
  package static func value(_ seed: Double, _ n: Double) -> Double {
    guard seed.isFinite, n.isFinite else { return .nan }
    let z = SplitMix64.mix(SplitMix64.mix(bits(seed)) ^ bits(n))
    return Double(z >> 11) * 0x1p-53
  }

  private static func bits(_ x: Double) -> UInt64 { x == 0 ? 0 : x.bitPattern }
}
