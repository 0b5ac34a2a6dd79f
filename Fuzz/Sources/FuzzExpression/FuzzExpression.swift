import Foundation
import FuzzSupport
import KurukuruCodecs
import KurukuruCompare
import KurukuruCore
import KurukuruRaster
import KurukuruRender

// MARK: - Expression target

/// The small languages inside presets: number expressions, animation strings, timing curves and
/// colours. Byte 0 picks the language; the rest is the text, placed (JSON-escaped) where a preset
/// takes it and read through `Preset(text:)` (the languages' parsers are internal to the core),
/// then resolved and evaluated.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  FuzzSupport.run(data, size) { bytes in
    var input = FuzzInput(bytes)
    let which = input.byte()
    let text = quoted(String(decoding: input.rest(), as: UTF8.self))
    let modifier: String
    switch which % 4 {
    case 0: modifier = #"{"opacity": \#(text)}"#
    case 1: modifier = #"{"opacity": {"from": 0, "to": 1, "animation": \#(text)}}"#
    case 2: modifier = #"{"opacity": {"values": [0, 1], "curves": [\#(text)], "animation": "linear(duration: 1)"}}"#
    default: modifier = #"{"foregroundStyle": \#(text)}"#
    }
    let preset = try Preset(
      text: """
        {"width": 10, "height": 10, "parameters": {"n": {"default": 8}, "size": {"default": 100}, "huge": {"default": 1e308},
         "accent": {"default": "red"}},
         "view": {"ForEach": {"range": 3, "content": [{"Circle": {}, "modifiers": [\(modifier)]}]}}}
        """, file: "fuzz.json")
    let scene = try preset.scene()
    _ = scene.displayList(at: 0.25)
  }
}

/// `text` as a JSON string literal.
private func quoted(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    default:
      if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
    }
  }
  return out + "\""
}
