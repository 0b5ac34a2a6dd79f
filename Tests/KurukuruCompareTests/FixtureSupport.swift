import Foundation
import KurukuruCore
import KurukuruCodecs
import KurukuruCompare
import XCTest

// MARK: - Fixtures

/// The pixelmatch v7.2.0 test fixtures (ISC licence, see Fixtures/LICENSE.pixelmatch).
enum Fixtures {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// Decodes `Fixtures/<name>.png` with `PNG.decode`.
  static func frame(_ name: String) throws -> Frame {
    let data = try Data(contentsOf: directory.appendingPathComponent("\(name).png"))
    return try PNG.decode([UInt8](data))
  }

  /// One row of CASES.tsv.
  struct Case {
    let image1: String
    let image2: String
    let diff: String
    let options: PixelmatchOptions
    let mismatched: Int
  }

  /// Every case of CASES.tsv, with its options parsed (`name=value` words; others are comments).
  static func cases() throws -> [Case] {
    let text = try String(contentsOf: directory.appendingPathComponent("CASES.tsv"), encoding: .utf8)
    var cases: [Case] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("img1") {
      let fields = line.split(separator: "\t").map(String.init)
      guard fields.count == 5, let count = Int(fields[4]) else {
        throw CaseError.badLine(String(line))
      }
      cases.append(
        Case(image1: fields[0], image2: fields[1], diff: fields[2], options: try parseOptions(fields[3]),
             mismatched: count))
    }
    return cases
  }

  enum CaseError: Error { case badLine(String), badOption(String) }

  private static func parseOptions(_ text: String) throws -> PixelmatchOptions {
    var options = PixelmatchOptions()
    for word in text.split(separator: " ") where word.contains("=") {
      let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
      let (name, value) = (parts[0], parts[1])
      switch name {
      case "threshold": options.threshold = try number(value)
      case "alpha": options.alpha = try number(value)
      case "includeAA": options.includeAA = value == "true"
      case "diffMask": options.diffMask = value == "true"
      case "checkerboard": options.checkerboard = value == "true"
      case "aaColor": options.aaColor = try color(value)
      case "diffColor": options.diffColor = try color(value)
      case "diffColorAlt": options.diffColorAlt = try color(value)
      default: throw CaseError.badOption(String(word))
      }
    }
    return options
  }

  private static func number(_ text: String) throws -> Double {
    guard let value = Double(text) else { throw CaseError.badOption(text) }
    return value
  }

  private static func color(_ text: String) throws -> RGBA8 {
    let parts = text.split(separator: ",").compactMap { UInt8($0) }
    guard parts.count == 3 else { throw CaseError.badOption(text) }
    return RGBA8(r: parts[0], g: parts[1], b: parts[2])
  }
}

/// 64-bit FNV-1a of bytes (to compare decoded pixels with values computed outside libpng).
func fnv1a(_ bytes: [UInt8]) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
  return hash
}
