import FuzzSupport
import KurukuruCodecs
import KurukuruCompare
import KurukuruCore
import KurukuruRaster
import KurukuruRender

// MARK: - Expression target

/// The small languages inside presets, without the JSON around them: number expressions
/// (`PresetExpression`), animation strings (`AnimationParser.parse`), timing curves
/// (`parseCurve`) and colours (`ColorSyntax`). Byte 0 picks the parser; the rest is the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  FuzzSupport.run(data, size) { bytes in
    var input = FuzzInput(bytes)
    let which = input.byte()
    let text = String(decoding: input.rest(), as: UTF8.self)
    let variables: [String: Double] = ["i": 3, "n": 8, "t": 0.25, "size": 100, "zero": 0, "huge": 1e308]
    // Numeric arguments of animations are expressions too, as in presets.
    let number: (String) throws -> Double = { try PresetExpression($0).evaluate(variables) }
    switch which % 4 {
    case 0:
      let e = try PresetExpression(text)
      _ = e.variables
      _ = try e.evaluate(variables)
    case 1:
      let spec = try AnimationParser.parse(text, number: number)
      _ = String(describing: spec)
    case 2:
      let curve = try AnimationParser.parseCurve(text, number: number)
      _ = String(describing: curve)
    default:
      _ = ColorSyntax.parse(text) { $0 == "accent" ? RGBAColor.clear : nil }
    }
  }
}
