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
}
