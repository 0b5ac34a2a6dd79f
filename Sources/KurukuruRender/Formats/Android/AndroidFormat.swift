import Foundation
import KurukuruCore

// MARK: - AndroidFormat

/// An Android frame animation: `res/drawable/NAME.xml`, an `<animation-list>` that loops
/// (`android:oneshot="false"`) over `@drawable/NAME_0`, `NAME_1`, …, and the frames as PNGs in
/// `res/drawable-{mdpi,hdpi,xhdpi,xxhdpi,xxxhdpi}/` at 1, 1.5, 2, 3 and 4 pixels per point
/// (one point = one dp). Copy `res/` into a module's `src/main/` and play it with
/// `AnimationDrawable`, e.g. `imageView.setBackgroundResource(R.drawable.NAME)`.
///
/// Durations are whole milliseconds with the rounding carried (frame i starts at
/// round(1000·i / fps) ms), so they add up to the loop. Resource names must be lowercase ASCII
/// letters, digits and `_`, starting with a letter: see `resourceName(for:)`.
///
/// `--scale` does not apply (the bundle holds every density); a scale other than 1 is noted.
/// The tree is staged beside the destination and moved in only when complete; frames of an
/// earlier, longer render of the same name are removed, other resources in `res/` stay.
public struct AndroidFormat: OutputFormat {
  public static let name = "android"
  public static let displayName = "Android bundle"
  public static let summary =
    "Android res/ folder: drawable/NAME.xml (<animation-list>) and PNG frames in drawable-mdpi … drawable-xxxhdpi"
  public static let options: [FormatOption] = []

  /// Density folders and their pixels per dp, from mdpi (the baseline) to xxxhdpi.
  public static let densities: [(folder: String, scale: Double)] = [
    ("drawable-mdpi", 1), ("drawable-hdpi", 1.5), ("drawable-xhdpi", 2), ("drawable-xxhdpi", 3),
    ("drawable-xxxhdpi", 4),
  ]

  /// zlib level of the frames: 1, as for PNG sequences (the Android build crunches PNGs again).
  public static let compressionLevel = 1

  /// The prefix given to names that do not start with a letter, or are Java keywords.
  public static let namePrefix = "anim_"

  public init() {}

  public init(options: FormatOptionValues) throws {}

  public var writesFolder: Bool { true }

  /// `NAME-android`, a folder holding `res/`, whatever the scale.
  public func defaultPath(name: String, scale: Double) -> String { name + "-android" }

  // MARK: - Names

  /// The Android resource name of a scene name: ASCII letters lowercased, every other ASCII
  /// character that is not a letter, digit or `_` replaced by `_` (`activity-indicator` →
  /// `activity_indicator`), and `anim_` put before a name that starts with a digit or `_` or is
  /// a Java keyword (`3dots` → `anim_3dots`), since resource names become `R.drawable` fields.
  /// - Throws: `RenderError.cannotBundle` for an empty name or one with non-ASCII characters.
  public static func resourceName(for name: String) throws -> String {
    guard !name.isEmpty else {
      throw RenderError.cannotBundle(format: Self.name, reason: "the scene has an empty name")
    }
    var mapped = ""
    for scalar in name.unicodeScalars {
      guard scalar.isASCII else {
        throw RenderError.cannotBundle(
          format: Self.name,
          reason: "cannot make an Android resource name of \(quoted: name): '\(scalar)' is not an ASCII character; "
            + "set \"name\" in the preset (letters, digits, - and _)")
      }
      switch scalar {
      case "a"..."z", "0"..."9", "_": mapped.unicodeScalars.append(scalar)
      case "A"..."Z": mapped += String(scalar).lowercased()
      default: mapped += "_"
      }
    }
    let startsWithLetter = mapped.first.map { ("a"..."z").contains($0) } ?? false
    if !startsWithLetter || javaKeywords.contains(mapped) { mapped = namePrefix + mapped }
    return mapped
  }

  /// Java's reserved words and literals: not valid as `R.drawable` field names.
  static let javaKeywords: Set<String> = [
    "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
    "default", "do", "double", "else", "enum", "extends", "false", "final", "finally", "float", "for", "goto", "if",
    "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "null", "package", "private",
    "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
    "throw", "throws", "transient", "true", "try", "void", "volatile", "while",
  ]

  /// `res/drawable-xhdpi/NAME_12.png` for a resource name, density folder and frame index.
  public static func framePath(resource: String, folder: String, index: Int) -> String {
    "res/\(folder)/\(resource)_\(index).png"
  }

  // MARK: - XML

  /// The `<animation-list>` drawable: one `<item>` per frame with its duration in ms.
  public static func animationList(resource: String, durations: [Int]) -> String {
    var xml = """
      <?xml version="1.0" encoding="utf-8"?>
      <animation-list xmlns:android="http://schemas.android.com/apk/res/android"
          android:oneshot="false">

      """
    for (i, ms) in durations.enumerated() {
      xml += "    <item android:drawable=\"@drawable/\(resource)_\(i)\" android:duration=\"\(ms)\"/>\n"
    }
    return xml + "</animation-list>\n"
  }

  // MARK: - Writing

  public func write(_ renderer: Renderer, to target: OutputTarget) throws -> OutputSummary {
    let resource = try AndroidFormat.resourceName(for: renderer.scene.name)
    let densities = AndroidFormat.densities
    let renderers = try AppBundle.renderers(renderer, scales: densities.map(\.scale))
    let timeline = renderer.scene.timeline
    let count = renderer.frameCount
    let tree = try StagingTree(destination: target)
    let xmlPath = "res/drawable/\(resource).xml"
    let xml = AndroidFormat.animationList(resource: resource, durations: AppBundle.durationsInMilliseconds(timeline))
    try tree.write(Array(xml.utf8), at: xmlPath)
    try AppBundle.writeFrames(renderers, into: tree, compressionLevel: AndroidFormat.compressionLevel) { s, i in
      AndroidFormat.framePath(resource: resource, folder: densities[s].folder, index: i)
    }
    let bytes = tree.totalBytes
    try tree.commit { relative in
      let parts = relative.split(separator: "/")
      guard parts.count == 3, parts[0] == "res", densities.contains(where: { $0.folder == parts[1] }) else {
        return false
      }
      let file = parts[2]
      guard file.hasPrefix(resource + "_"), file.hasSuffix(".png") else { return false }
      let middle = file.dropFirst(resource.count + 1).dropLast(4)
      return !middle.isEmpty && middle.allSatisfy(\.isASCII) && middle.allSatisfy(\.isNumber)
    }
    var files = [xmlPath]
    for density in densities {
      files += (0..<count).map { AndroidFormat.framePath(resource: resource, folder: density.folder, index: $0) }
    }
    var notes = AppBundle.scaleNotes(renderer, format: AndroidFormat.name, scales: densities.map(\.scale))
    if resource != renderer.scene.name {
      notes.append("android: resource name \(resource) (R.drawable.\(resource)) for '\(renderer.scene.name)'")
    }
    return OutputSummary(path: target.path, frames: count, bytes: bytes, files: files, notes: notes)
  }
}

extension OutputFormat where Self == AndroidFormat {
  /// An Android `res/` folder with an `<animation-list>` and frames at every density.
  public static func android() -> AndroidFormat { AndroidFormat() }
}
