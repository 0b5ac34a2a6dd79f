import Foundation

// MARK: - PresetExpression

/// A numeric expression from a preset, such as `"0.15 + i/5"` or `"size / 10 - 2"`.
///
/// Grammar: numbers, identifiers (parameters and `ForEach` indices), `+ - * / %` (`%` is the
/// floored remainder), unary `-`, parentheses, comparisons (`== != < <= > >=`, giving 1 or 0),
/// `&&`, `||`, `!`, the conditional `c ? a : b`, the constant `pi`, and functions
/// `sin cos tan` (radians), `sind cosd` (degrees), `abs floor ceil round sqrt min max pow clamp`.
/// Expressions have no access to time: animation is expressed with animations and keyframes,
/// so that every frame is a pure function of time and the loop period can be computed.
public struct PresetExpression: Equatable, Sendable {
  indirect enum Node: Equatable, Sendable {
    case number(Double)
    case variable(String, offset: Int)
    case unary(Character, Node)
    case binary(String, Node, Node)
    case conditional(Node, Node, Node)
    case call(String, [Node], offset: Int)
  }

  /// The source text.
  public let text: String
  let root: Node

  /// An error with the 0-based character offset into the expression text.
  public struct SyntaxError: Error, Equatable, Sendable {
    public var offset: Int
    public var message: String
  }

  static let functions: [String: Int] = [
    "sin": 1, "cos": 1, "tan": 1, "sind": 1, "cosd": 1, "abs": 1, "floor": 1, "ceil": 1,
    "round": 1, "sqrt": 1, "min": 2, "max": 2, "pow": 2, "clamp": 3,
  ]

  /// Parses an expression.
  /// - Throws: `PresetExpression.SyntaxError` with the offset of the problem.
  public init(_ text: String) throws {
    self.text = text
    var parser = PresetExpressionParser(Array(text))
    root = try parser.parseAll()
  }

  /// Every identifier the expression reads, other than function names and `pi`.
  public var variables: Set<String> {
    var out = Set<String>()
    func walk(_ n: Node) {
      switch n {
      case .number: break
      case .variable(let name, _): out.insert(name)
      case .unary(_, let a): walk(a)
      case .binary(_, let a, let b): walk(a); walk(b)
      case .conditional(let a, let b, let c): walk(a); walk(b); walk(c)
      case .call(_, let args, _): args.forEach(walk)
      }
    }
    walk(root)
    return out
  }

  /// Evaluates with the given variables.
  /// - Throws: `PresetExpression.SyntaxError` for an unknown variable (with a suggestion) or a
  ///   result that is not a finite number.
  public func evaluate(_ variables: [String: Double]) throws -> Double {
    let v = try eval(root, variables)
    guard v.isFinite else { throw SyntaxError(offset: 0, message: "'\(text)' is not a finite number") }
    return v
  }

  private func eval(_ node: Node, _ vars: [String: Double]) throws -> Double {
    switch node {
    case .number(let v):
      return v
    case .variable(let name, let offset):
      if name == "pi" { return Double.pi }
      guard let v = vars[name] else {
        throw SyntaxError(
          offset: offset,
          message: "unknown name '\(name)'" + Suggestion.hint(for: name, in: Array(vars.keys).sorted()))
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
  init(_ chars: [Character]) { self.chars = chars }

  mutating func parseAll() throws -> Node {
    skip()
    if i >= chars.count { throw PresetExpression.SyntaxError(offset: 0, message: "empty expression") }
    let n = try conditional()
    skip()
    if i < chars.count { throw PresetExpression.SyntaxError(offset: i, message: "unexpected '\(chars[i])'") }
    return n
  }

  mutating func conditional() throws -> Node {
    let c = try or()
    skip()
    guard peek("?") else { return c }
    i += 1
    let a = try conditional()
    skip()
    guard peek(":") else { throw PresetExpression.SyntaxError(offset: i, message: "expected ':' in conditional") }
    i += 1
    let b = try conditional()
    return .conditional(c, a, b)
  }

  mutating func or() throws -> Node {
    var n = try and()
    while match("||") { n = .binary("||", n, try and()) }
    return n
  }

  mutating func and() throws -> Node {
    var n = try comparison()
    while match("&&") { n = .binary("&&", n, try comparison()) }
    return n
  }

  mutating func comparison() throws -> Node {
    var n = try additive()
    while true {
      if let op = ["==", "!=", "<=", ">=", "<", ">"].first(where: { match($0) }) {
        n = .binary(op, n, try additive())
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
        n = .binary(op, n, try multiplicative())
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
        n = .binary(op, n, try unary())
      } else {
        return n
      }
    }
  }

  mutating func unary() throws -> Node {
    skip()
    if peek("-") { i += 1; return .unary("-", try unary()) }
    if peek("+") { i += 1; return try unary() }
    if peek("!") && !(i + 1 < chars.count && chars[i + 1] == "=") { i += 1; return .unary("!", try unary()) }
    return try primary()
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
      guard let v = Double(String(chars[start..<i])) else {
        throw PresetExpression.SyntaxError(offset: start, message: "bad number '\(String(chars[start..<i]))'")
      }
      return .number(v)
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
            message: "unknown function '\(name)'" + Suggestion.hint(for: name, in: PresetExpression.functions.keys.sorted()))
        }
        i += 1
        var args: [Node] = []
        skip()
        if !peek(")") {
          while true {
            args.append(try conditional())
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
        return .call(name, args, offset: start)
      }
      return .variable(name, offset: start)
    }
    throw PresetExpression.SyntaxError(offset: i, message: "unexpected '\(c)'")
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
