import XCTest

@testable import KurukuruCore

final class ExpressionTests: XCTestCase {
  func eval(_ text: String, _ vars: [String: Double] = [:]) throws -> Double {
    try PresetExpression(text).evaluate(vars)
  }

  func testArithmeticAndPrecedence() throws {
    XCTAssertEqual(try eval("0.15 + i/5", ["i": 2]), 0.55, accuracy: 1e-12)
    XCTAssertEqual(try eval("1 - 2 * 3 + 4"), -1)
    XCTAssertEqual(try eval("-(2 + 3) * 2"), -10)
    XCTAssertEqual(try eval("7 % 3"), 1)
    XCTAssertEqual(try eval("-1 % 3"), 2, "floored remainder")
    XCTAssertEqual(try eval("2e-1 * 10"), 2, accuracy: 1e-12)
    XCTAssertEqual(try eval("i % 2 == 0 ? 0.2 : 0", ["i": 4]), 0.2)
    XCTAssertEqual(try eval("i % 2 == 0 ? 0.2 : 0", ["i": 3]), 0)
    XCTAssertEqual(try eval("min(3, max(1, 2)) + abs(-1)"), 3)
    XCTAssertEqual(try eval("cosd(180) + sind(90)"), 0, accuracy: 1e-12)
    XCTAssertEqual(try eval("clamp(5, 0, 1) + round(0.4)"), 1)
    XCTAssertEqual(try eval("1 < 2 && 2 < 1 || !0"), 1)
    XCTAssertEqual(try eval("pi"), Double.pi)
  }

  func testVariablesAreReported() throws {
    XCTAssertEqual(try PresetExpression("a * b + sin(c) + pi").variables, ["a", "b", "c", "pi"])
  }

  func testErrorsCarryOffsets() {
    func error(_ text: String, _ vars: [String: Double] = [:]) -> PresetExpression.SyntaxError? {
      do { _ = try PresetExpression(text).evaluate(vars); return nil } catch { return error as? PresetExpression.SyntaxError }
    }
    XCTAssertEqual(error("1 +"), PresetExpression.SyntaxError(offset: 3, message: "unexpected end of expression"))
    XCTAssertEqual(error("(1"), PresetExpression.SyntaxError(offset: 2, message: "expected ')'"))
    XCTAssertEqual(error("2 * cout", ["count": 5]), PresetExpression.SyntaxError(offset: 4, message: "unknown name 'cout' — did you mean 'count'?"))
    XCTAssertEqual(error("sine(1)"), PresetExpression.SyntaxError(offset: 0, message: "unknown function 'sine' — did you mean 'sin'?"))
    XCTAssertEqual(error("min(1)"), PresetExpression.SyntaxError(offset: 0, message: "'min' takes 2 arguments, got 1"))
    XCTAssertEqual(error("1 / 0")?.message, "'1 / 0' is not a finite number")
    XCTAssertEqual(error(""), PresetExpression.SyntaxError(offset: 0, message: "empty expression"))
    XCTAssertEqual(error("1 $ 2"), PresetExpression.SyntaxError(offset: 2, message: "unexpected '$'"))
  }

  // MARK: - Array literals

  func testIndexedArrayLiteralsPickOneValue() throws {
    for i in 0..<4 {
      XCTAssertEqual(try eval("[0.72, 1.02, 1.28, 1.42][i]", ["i": Double(i)]), [0.72, 1.02, 1.28, 1.42][i])
    }
    XCTAssertEqual(try eval("[1, 2 * k, k + 3][ (k + 1) % 3 ] * 10", ["k": 1]), 40, "elements and index are expressions")
    XCTAssertEqual(try eval("[[1, 2][1], 5][0]"), 2, "an element may itself be an indexed array")
    XCTAssertEqual(try eval("-[3][0]"), -3)
    XCTAssertEqual(try eval("[1/0, 2][1]"), 2, "only the chosen value is evaluated, as with ?:")
    XCTAssertEqual(try PresetExpression("[a, b][c]").variables, ["a", "b", "c"])
  }

  func testArrayIndexErrorsNameTheIndex() {
    XCTAssertEqual(error("[1, 2, 3][i]", ["i": 3]), PresetExpression.SyntaxError(
      offset: 10, message: "array index 3 is out of range: the array has 3 values, indices 0…2"))
    XCTAssertEqual(error("[1, 2][ -1 ]"), PresetExpression.SyntaxError(
      offset: 8, message: "array index -1 is out of range: the array has 2 values, indices 0…1"))
    XCTAssertEqual(error("[7][i / 2]", ["i": 1]), PresetExpression.SyntaxError(
      offset: 4, message: "array index 0.5 is not a whole number"))
    XCTAssertEqual(error("[7][1]"), PresetExpression.SyntaxError(
      offset: 4, message: "array index 1 is out of range: the array has 1 value, index 0"))
    XCTAssertEqual(error("[1, 2]"), PresetExpression.SyntaxError(offset: 6, message: "an array must be indexed, e.g. [0.5, 1, 1.5][i]"))
    XCTAssertEqual(error("[][0]"), PresetExpression.SyntaxError(offset: 0, message: "an array needs at least one value"))
    XCTAssertEqual(error("[1, 2 3][0]"), PresetExpression.SyntaxError(offset: 6, message: "expected ',' or ']' in the array"))
    XCTAssertEqual(error("[1, 2][0"), PresetExpression.SyntaxError(offset: 8, message: "expected ']' after the index"))
  }

  func testDeepNestingIsAnErrorNotADeepRecursion() throws {
    XCTAssertEqual(try eval(String(repeating: "(", count: 150) + "1" + String(repeating: ")", count: 150)), 1)
    XCTAssertEqual(error(String(repeating: "[", count: 300) + "1")?.message, "expression nested deeper than 200 levels")
    XCTAssertEqual(error(String(repeating: "-", count: 100_000) + "1")?.message, "expression nested deeper than 200 levels")
    // A long chain is as tall as it is long: evaluating 300,000 additions used to overflow the stack.
    XCTAssertEqual(
      error(Array(repeating: "1", count: 300_000).joined(separator: "+"))?.message,
      "expression has more than 256 levels of operations (use an array for long tables)")
    XCTAssertEqual(try eval(Array(repeating: "1", count: 256).joined(separator: "+")), 256, "255 additions: 256 levels")
    XCTAssertNotNil(error(Array(repeating: "1", count: 257).joined(separator: "+")))
    let table = "[" + (0..<5000).map(String.init).joined(separator: ", ") + "][i]"
    XCTAssertEqual(try eval(table, ["i": 4321]), 4321, "a long array is wide, not tall")
  }

  // MARK: - Percentages

  func testPercentLiteralsAndTheRemainderOperator() throws {
    XCTAssertEqual(try eval("50%"), 0.5)
    XCTAssertEqual(try eval(" 12.5% "), 0.125)
    XCTAssertEqual(try eval("100% - 25%"), 0.75)
    XCTAssertEqual(try eval("-50% * 2"), -1)
    XCTAssertEqual(try eval("[0%, 40%, 100%][1]"), 0.4)
    XCTAssertEqual(try eval("min(50%, 1)"), 0.5)
    XCTAssertEqual(try eval("i < 2 ? 10% : 20%", ["i": 3]), 0.2)
    // `%` followed by an operand stays the floored remainder.
    XCTAssertEqual(try eval("7%3"), 1)
    XCTAssertEqual(try eval("7 % 3"), 1)
    XCTAssertEqual(try eval("7%n", ["n": 4]), 3)
    XCTAssertEqual(try eval("9%(2+2)"), 1)
    XCTAssertEqual(try eval("i%2", ["i": 5]), 1, "after a name % is always the remainder")
    XCTAssertEqual(error("i%"), PresetExpression.SyntaxError(offset: 2, message: "unexpected end of expression"))
    XCTAssertEqual(error("50%%"), PresetExpression.SyntaxError(offset: 4, message: "unexpected end of expression"))
  }

  // MARK: - random(seed, n)

  func testRandomIsSplitMix64OfTheBitPatterns() throws {
    // The reference values come from an independent implementation of the formula in
    // Presets/README.md §3 (Python, 64-bit integers masked by hand).
    XCTAssertEqual(SplitMix64.mix(0), 0xE220_A839_7B1D_CDAF, "SplitMix64's first output for state 0")
    XCTAssertEqual(try eval("random(0, 0)"), 0.6524484863740322)
    XCTAssertEqual(try eval("random(1, 0)"), 0.5527267908469196)
    XCTAssertEqual(try eval("random(1, 1)"), 0.6478326283837885)
    XCTAssertEqual(try eval("random(seed, i)", ["seed": 7, "i": 3]), 0.09396863161535085)
    XCTAssertEqual(try eval("random(-0, 2)"), 0.9810574185844778, "-0 reads as +0")
    XCTAssertEqual(try eval("random(0.5, -2)"), 0.6497130070573653)
    XCTAssertEqual(error("random(1/0, 2)")?.message, "'random(1/0, 2)' is not a finite number")
  }

  func testRandomIsSpreadOverTheUnitInterval() throws {
    var values: [Double] = []
    for seed in 0..<4 {
      for i in 0..<1000 { values.append(try eval("random(seed, i)", ["seed": Double(seed), "i": Double(i)])) }
    }
    XCTAssertTrue(values.allSatisfy { $0 >= 0 && $0 < 1 })
    XCTAssertEqual(Set(values).count, values.count, "no repeats among 4000 values")
    var buckets = [Int](repeating: 0, count: 10)
    for v in values { buckets[Int(v * 10)] += 1 }
    XCTAssertTrue(buckets.allSatisfy { (320...480).contains($0) }, "\(buckets)")
  }

  private func error(_ text: String, _ vars: [String: Double] = [:]) -> PresetExpression.SyntaxError? {
    do { _ = try PresetExpression(text).evaluate(vars); return nil } catch { return error as? PresetExpression.SyntaxError }
  }
}
