import CFontconfig
import Foundation

// MARK: - Font description

/// SwiftUI's `Font.Weight`, from the lightest. Each maps to a fontconfig weight
/// (`FC_WEIGHT_*`); fontconfig picks the nearest face the family has.
public enum FontWeight: String, CaseIterable, Sendable {
  case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

  /// The fontconfig weight (`FC_WEIGHT_THIN` 0 … `FC_WEIGHT_BLACK` 210).
  var fontconfigWeight: Int32 {
    switch self {
    case .ultraLight: return 40
    case .thin: return 0
    case .light: return 50
    case .regular: return 80
    case .medium: return 100
    case .semibold: return 180
    case .bold: return 200
    case .heavy: return 205
    case .black: return 210
    }
  }
}

/// SwiftUI's `Font.Design`, each mapped to a family that Debian ships in `fonts-dejavu-core`
/// (Presets/README.md §4, Text): `default` and `rounded` → DejaVu Sans (no rounded face is
/// packaged; SF Rounded's metrics are SF's), `monospaced` → DejaVu Sans Mono, `serif` →
/// DejaVu Serif.
public enum FontDesign: String, CaseIterable, Sendable {
  case `default`, rounded, monospaced, serif

  /// The fontconfig family the design is drawn with.
  public var family: String {
    switch self {
    case .default, .rounded: return "DejaVu Sans"
    case .monospaced: return "DejaVu Sans Mono"
    case .serif: return "DejaVu Serif"
    }
  }
}

/// A text's font as the preset says it: SwiftUI's `.system(size:weight:design:)`, or
/// `.custom(family, size:)` when `family` is set.
public struct FontRequest: Equatable, Hashable, Sendable {
  /// Points. Default 17 (SwiftUI's `.body`).
  public var size: Double
  /// Default `.regular`.
  public var weight: FontWeight
  /// Default `.default`.
  public var design: FontDesign
  /// A fontconfig family name that replaces the design's family; nil = the design's.
  public var family: String?

  public init(size: Double = 17, weight: FontWeight = .regular, design: FontDesign = .default, family: String? = nil) {
    self.size = size
    self.weight = weight
    self.design = design
    self.family = family
  }

  /// The family fontconfig is asked for.
  public var familyName: String { family ?? design.family }
}

// MARK: - Resolved font

/// The font file a text is drawn from, as fontconfig found it: what `info` and the batch
/// manifest name, and what batch's cache keys hold (path, size, modification time), so a changed
/// font renders again.
public struct FontFile: Equatable, Hashable, Sendable, Comparable {
  /// Absolute path of the file.
  public var path: String
  /// The file's size in bytes.
  public var bytes: Int
  /// Modification time, whole seconds since 1970.
  public var modified: Int
  /// The face's family and style as the file names them, e.g. `DejaVu Sans`, `Bold`.
  public var family: String
  public var style: String

  /// `path (family style, bytes bytes)`.
  public var description: String { "\(path) (\(family) \(style), \(bytes) bytes)" }

  /// The identity batch's cache key holds: `path:bytes:modified`.
  public var key: String { "\(path):\(bytes):\(modified)" }

  public static func < (a: FontFile, b: FontFile) -> Bool { a.path < b.path }
}

/// One glyph: its advance and its outline in points, origin on the baseline at the pen
/// position, y down (screen coordinates).
public struct Glyph: Equatable, Sendable {
  /// Points the pen moves after the glyph (the font's advance, unhinted).
  public var advance: Double
  /// The outline; filled with the non-zero rule (TrueType and CFF outlines are drawn so).
  public var path: BezierPath
}

/// A font at one size with the glyphs a text needs: everything drawing needs, read once when
/// the preset is resolved, so evaluation never touches a font file.
public struct ResolvedFont: Equatable, Sendable {
  public var file: FontFile
  /// Points.
  public var size: Double
  /// Points above the baseline (the face's ascender).
  public var ascent: Double
  /// Points below the baseline (minus the face's descender), ≥ 0.
  public var descent: Double
  /// The glyph of each Unicode scalar the text may show.
  public var glyphs: [Unicode.Scalar: Glyph]

  /// Line height in points: ascent + descent (the font's line gap is not added: a single line).
  public var lineHeight: Double { ascent + descent }
}

// MARK: - Loading

/// Why a font cannot be used: one lower-case message, which the preset reader places.
struct FontProblem: Error {
  var message: String
}

/// Finds fonts with fontconfig and reads them with FreeType. The file fontconfig names is opened
/// directly (`FT_New_Face`) and its glyphs are read in font units (`FT_LOAD_NO_SCALE`, which
/// also means no hinting and no bitmaps), then scaled to points: the same file gives the same
/// outlines whatever fontconfig's rendering settings say, at any scale.
enum FontLoader {
  /// fontconfig's default configuration is loaded once; matching and FreeType's library are
  /// used under this lock (neither promises thread safety for a shared configuration).
  private static let lock = NSLock()
  nonisolated(unsafe) private static var initialized = false

  /// The file fontconfig chooses for `request`.
  /// - Throws: `FontProblem` when fontconfig has no face of the family (it would fall back to
  ///   another family) or the file it names cannot be read.
  static func file(for request: FontRequest) throws -> String {
    lock.lock()
    defer { lock.unlock() }
    return try matchLocked(request).path
  }

  /// `request` resolved with the glyphs of `scalars`.
  /// - Throws: `FontProblem` as `file(for:)`, and when the font has no glyph for one of
  ///   `scalars` (the message names the character and its code point).
  static func resolve(_ request: FontRequest, scalars: [Unicode.Scalar]) throws -> ResolvedFont {
    lock.lock()
    defer { lock.unlock() }
    let match = try matchLocked(request)
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else { throw FontProblem(message: "FreeType could not start") }
    defer { FT_Done_FreeType(library) }
    var faceOut: FT_Face?
    guard FT_New_Face(library, match.path, match.index, &faceOut) == 0, let face = faceOut else {
      throw FontProblem(message: "font file \(match.path) cannot be read by FreeType")
    }
    defer { FT_Done_Face(face) }
    let unitsPerEm = Double(face.pointee.units_per_EM)
    guard unitsPerEm > 0 else { throw FontProblem(message: "font file \(match.path) has no outlines (units per em is 0)") }
    let scale = request.size / unitsPerEm
    var glyphs: [Unicode.Scalar: Glyph] = [:]
    for scalar in scalars where glyphs[scalar] == nil {
      let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
      guard index != 0 else {
        throw FontProblem(
          message: "the font \(match.file.family) (\(match.path)) has no glyph for \(describe(scalar)); use another character or another font")
      }
      let flags = FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | FT_LOAD_IGNORE_TRANSFORM
      guard FT_Load_Glyph(face, index, Int32(flags)) == 0, let slot = face.pointee.glyph else {
        throw FontProblem(message: "the font \(match.path) cannot load the glyph of \(describe(scalar))")
      }
      let path = slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE ? outline(&slot.pointee.outline, scale: scale) : BezierPath()
      glyphs[scalar] = Glyph(advance: Double(slot.pointee.advance.x) * scale, path: path)
    }
    return ResolvedFont(
      file: match.file, size: request.size, ascent: Double(face.pointee.ascender) * scale,
      descent: max(0, -Double(face.pointee.descender) * scale), glyphs: glyphs)
  }

  /// `'…' (U+2026)`.
  static func describe(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    let printable = scalar.properties.generalCategory != .control && !scalar.properties.isWhitespace
    return printable ? "'\(Character(scalar))' (\(code))" : code
  }

  // MARK: fontconfig

  private struct Match {
    var path: String
    var index: FT_Long
    var file: FontFile
  }

  private static func matchLocked(_ request: FontRequest) throws -> Match {
    if !initialized {
      guard FcInit() != 0 else { throw FontProblem(message: "fontconfig could not load its configuration") }
      initialized = true
    }
    let family = request.familyName
    guard let pattern = FcPatternCreate() else { throw FontProblem(message: "fontconfig is out of memory") }
    defer { FcPatternDestroy(pattern) }
    FcPatternAddString(pattern, FC_FAMILY, family)
    FcPatternAddInteger(pattern, FC_WEIGHT, request.weight.fontconfigWeight)
    FcPatternAddInteger(pattern, FC_SLANT, Int32(FC_SLANT_ROMAN))
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    let install = "install the Debian package fonts-dejavu-core (scripts/setup) or name an installed family"
    guard let found = FcFontMatch(nil, pattern, &result), result == FcResultMatch else {
      throw FontProblem(message: "no font found for family \(quoted: family); \(install)")
    }
    defer { FcPatternDestroy(found) }
    func string(_ key: String) -> String? {
      var value: UnsafeMutablePointer<FcChar8>?
      guard FcPatternGetString(found, key, 0, &value) == FcResultMatch, let value else { return nil }
      return String(cString: value)
    }
    // fontconfig always answers with some font; anything but the family asked for is a
    // fallback, which would draw other letters (or boxes), so it is refused.
    var families: [String] = []
    var n: Int32 = 0
    var value: UnsafeMutablePointer<FcChar8>?
    while FcPatternGetString(found, FC_FAMILY, n, &value) == FcResultMatch, let v = value {
      families.append(String(cString: v))
      n += 1
    }
    guard families.contains(where: { $0.caseInsensitiveCompare(family) == .orderedSame }) else {
      throw FontProblem(
        message: "no font found for family \(quoted: family) (fontconfig offers \(quoted: families.first ?? "nothing") instead); \(install)")
    }
    guard let path = string(FC_FILE) else { throw FontProblem(message: "fontconfig names no file for family \(quoted: family)") }
    var index: Int32 = 0
    _ = FcPatternGetInteger(found, FC_INDEX, 0, &index)
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let bytes = (attributes[.size] as? NSNumber)?.intValue
    else {
      throw FontProblem(message: "font file \(path) for family \(quoted: family) is missing; run fc-cache or \(install)")
    }
    let modified = (attributes[.modificationDate] as? Date).map { Int($0.timeIntervalSince1970.rounded(.down)) } ?? 0
    let file = FontFile(
      path: path, bytes: bytes, modified: modified, family: families.first ?? family, style: string(FC_STYLE) ?? "")
    return Match(path: path, index: FT_Long(index), file: file)
  }

  // MARK: FreeType outlines

  /// The outline in points: font units × `scale`, y flipped. Quadratic segments (TrueType) are
  /// raised to cubics exactly.
  private static func outline(_ outline: UnsafeMutablePointer<FT_Outline>, scale: Double) -> BezierPath {
    final class Sink {
      var path = BezierPath()
      var current = Point(x: 0, y: 0)
      var open = false
      let scale: Double
      init(scale: Double) { self.scale = scale }
      func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
        guard let v else { return current }
        return Point(x: Double(v.pointee.x) * scale, y: -Double(v.pointee.y) * scale)
      }
    }
    let sink = Sink(scale: scale)
    var funcs = FT_Outline_Funcs(
      move_to: { to, user in
        guard let user else { return 1 }
        let s = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
        if s.open { s.path.close() }
        s.current = s.point(to)
        s.path.move(to: s.current)
        s.open = true
        return 0
      },
      line_to: { to, user in
        guard let user else { return 1 }
        let s = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
        s.current = s.point(to)
        s.path.line(to: s.current)
        return 0
      },
      conic_to: { control, to, user in
        guard let user else { return 1 }
        let s = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
        let p0 = s.current, c = s.point(control), p = s.point(to)
        s.path.cubic(p0 + (c - p0) * (2.0 / 3.0), p + (c - p) * (2.0 / 3.0), p)
        s.current = p
        return 0
      },
      cubic_to: { c1, c2, to, user in
        guard let user else { return 1 }
        let s = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
        let p = s.point(to)
        s.path.cubic(s.point(c1), s.point(c2), p)
        s.current = p
        return 0
      },
      shift: 0, delta: 0)
    let user = Unmanaged.passUnretained(sink).toOpaque()
    _ = withExtendedLifetime(sink) { FT_Outline_Decompose(outline, &funcs, user) }
    if sink.open { sink.path.close() }
    return sink.path
  }
}
