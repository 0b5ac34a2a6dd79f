import Foundation
import KurukuruCore

// MARK: - XCAssetsFormat

/// An Xcode asset catalog `NAME.xcassets` with one image set per frame, `NAME0.imageset` …,
/// each holding `NAME0.png` (1x), `NAME0@2x.png` (2x) and `NAME0@3x.png` (3x) for the
/// `universal` idiom: exactly what `UIImage.animatedImageNamed("NAME", duration: PERIOD)` loads.
/// The summary's note is that line of Swift, with the loop period in seconds.
///
/// The output path is the catalog itself when its last component ends in `.xcassets` (the
/// default, `NAME.xcassets` in the working directory), else the folder that receives
/// `NAME.xcassets` (e.g. the app's source folder); `--scale` does not apply. `Contents.json` files are written as Xcode writes
/// them: keys sorted, two-space indent, `"key" : value`. The catalog is staged beside the
/// destination and moved in only when complete; image sets of an earlier, longer render of the
/// same name are removed.
public struct XCAssetsFormat: OutputFormat {
  public static let name = "xcassets"
  public static let displayName = "Xcode asset catalog"
  public static let summary = "Xcode asset catalog NAME.xcassets: image sets NAME0, NAME1, … with 1x, 2x, 3x PNGs"
  public static let options: [FormatOption] = []

  /// Scales of each image set, in pixels per point.
  public static let scales: [Double] = [1, 2, 3]

  /// zlib level of the frames: 1, as for PNG sequences (Xcode recompresses asset catalogs).
  public static let compressionLevel = 1

  public init() {}

  public init(options: FormatOptionValues) throws {}

  public var writesFolder: Bool { true }

  /// `NAME.xcassets`: the catalog, in the working directory.
  public func defaultPath(name: String, scale: Double) -> String { "\(name).xcassets" }

  // MARK: - Names

  /// The catalog of the output `target`: the target itself when its last component ends in
  /// `.xcassets`, else `NAME.xcassets` inside it.
  /// - Throws: `RenderError.unsafePath` for a name that cannot name a folder.
  public static func catalog(for target: OutputTarget, name: String) throws -> OutputTarget {
    if let last = target.name, last.hasSuffix(".xcassets") { return target }
    return try target.appending("\(name).xcassets")
  }

  /// `NAME12.imageset/NAME12@2x.png`, relative to the catalog.
  public static func imagePath(name: String, index: Int, scale: Double) -> String {
    "\(name)\(index).imageset/\(PNGSequenceFormat.fileName(name: name, index: index, scale: scale))"
  }

  /// The Swift that plays the catalog: `UIImage.animatedImageNamed("NAME", duration: 1.2)`, the
  /// duration to six decimals at most (`7.066667` for an automatic loop of 7.0666… s).
  public static func swiftLine(name: String, duration: Double) -> String {
    let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return "UIImage.animatedImageNamed(\"\(escaped)\", duration: \(NumberText.format(duration, decimals: 6)))"
  }

  // MARK: - Contents.json

  /// The catalog's own `Contents.json`.
  public static func catalogContents() -> String {
    XcodeJSON.object([("info", info)]).text()
  }

  /// The `Contents.json` of image set `index`: its 1x, 2x and 3x files for `universal`.
  public static func imageSetContents(name: String, index: Int) -> String {
    let images = scales.map { scale in
      XcodeJSON.object([
        ("filename", .string(PNGSequenceFormat.fileName(name: name, index: index, scale: scale))),
        ("idiom", .string("universal")),
        ("scale", .string("\(AppBundle.number(scale))x")),
      ])
    }
    return XcodeJSON.object([("images", .array(images)), ("info", info)]).text()
  }

  private static let info = XcodeJSON.object([("author", .string("xcode")), ("version", .integer(1))])

  // MARK: - Writing

  public func write(_ renderer: Renderer, to target: OutputTarget) throws -> OutputSummary {
    let name = renderer.scene.name
    let scales = XCAssetsFormat.scales
    let renderers = try AppBundle.renderers(renderer, scales: scales)
    let count = renderer.frameCount
    let catalog = try XCAssetsFormat.catalog(for: target, name: name)
    let tree = try StagingTree(destination: catalog)
    var files = ["Contents.json"]
    try tree.write(Array(XCAssetsFormat.catalogContents().utf8), at: "Contents.json")
    for i in 0..<count {
      let contents = "\(name)\(i).imageset/Contents.json"
      try tree.write(Array(XCAssetsFormat.imageSetContents(name: name, index: i).utf8), at: contents)
      files.append(contents)
      files += scales.map { XCAssetsFormat.imagePath(name: name, index: i, scale: $0) }
    }
    try AppBundle.writeFrames(renderers, into: tree, compressionLevel: XCAssetsFormat.compressionLevel) { s, i in
      XCAssetsFormat.imagePath(name: name, index: i, scale: scales[s])
    }
    let bytes = tree.totalBytes
    try tree.commit { relative in
      // Anything inside NAME<digits>.imageset/ that this render did not write.
      guard let folder = relative.split(separator: "/").first, folder.hasSuffix(".imageset"), folder.hasPrefix(name)
      else { return false }
      let middle = folder.dropFirst(name.count).dropLast(".imageset".count)
      return !middle.isEmpty && middle.allSatisfy(\.isASCII) && middle.allSatisfy(\.isNumber)
    }
    let duration = AppBundle.loopSeconds(renderer.scene.timeline)
    let notes = AppBundle.scaleNotes(renderer, format: XCAssetsFormat.name, scales: scales)
      + [XCAssetsFormat.swiftLine(name: name, duration: duration)]
    return OutputSummary(path: catalog.path, frames: count, bytes: bytes, files: files, notes: notes)
  }
}

extension OutputFormat where Self == XCAssetsFormat {
  /// An Xcode asset catalog of 1x/2x/3x image sets for `UIImage.animatedImageNamed`.
  public static func xcassets() -> XCAssetsFormat { XCAssetsFormat() }
}

// MARK: - XcodeJSON

/// The JSON of asset catalogs, printed as Xcode prints it: keys in the order given (sorted by
/// the callers), two spaces per level, `"key" : value`, a newline at the end.
enum XcodeJSON {
  case string(String)
  case integer(Int)
  case array([XcodeJSON])
  indirect case object([(String, XcodeJSON)])

  /// The whole document.
  func text() -> String { render(indent: "") + "\n" }

  private func render(indent: String) -> String {
    let inner = indent + "  "
    switch self {
    case .string(let s): return XcodeJSON.quoted(s)
    case .integer(let n): return String(n)
    case .array(let items):
      if items.isEmpty { return "[\n\n\(indent)]" }
      return "[\n" + items.map { inner + $0.render(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
    case .object(let members):
      if members.isEmpty { return "{\n\n\(indent)}" }
      return "{\n" + members.map { inner + XcodeJSON.quoted($0.0) + " : " + $0.1.render(indent: inner) }
        .joined(separator: ",\n") + "\n\(indent)}"
    }
  }

  /// A JSON string literal, escaped as every JSON writer of the project escapes.
  private static func quoted(_ s: String) -> String { JSONOut.quote(s) }
}
