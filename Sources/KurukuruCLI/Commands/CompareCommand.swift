import Dispatch
import Foundation
import KurukuruCore
import KurukuruCodecs
import KurukuruCompare

// MARK: - compare

enum CompareCommand {
  static let help = """
    USAGE: kurukuru compare A B [options]

    Counts the pixels that differ between two images or two animations, exactly as pixelmatch
    v7.2.0 does (YIQ distance, anti-aliasing detection, transparent pixels over a checkerboard).

    A and B are each a PNG file, a GIF file, or a folder of PNG frames (ordered by the trailing
    number of their names: name0.png, name1.png, … name10.png; an @Nx suffix is ignored). Two PNG
    files compare as images; anything else compares frame by frame: frame counts, sizes, pixels,
    and delays (centiseconds) where both sides have them (GIF).

    OPTIONS:
      --threshold T       matching threshold 0…1, smaller is stricter (default 0.1)
      --include-aa        count anti-aliased pixels as differences too
      --alpha A           opacity 0…1 of the faded first image in the diff (default 0.1)
      --diff-mask         draw only the differences, on a transparent background
      --no-checkerboard   blend transparent pixels onto white instead of pixelmatch's pattern
      --diff PATH         write the diff image: a PNG file for two images, otherwise a folder
                          of diff0.png, diff1.png, … (one per pair of same-sized frames)
      --json              print the result as JSON (mismatchedPixels, identical, frames)

    Exit status: 0 identical, 1 different (pixels, sizes, frame counts or delays), 2 unreadable
    input or bad usage.
    """

  static let spec = Arguments.Spec(
    options: ["threshold", "alpha", "diff"], flags: ["include-aa", "diff-mask", "no-checkerboard", "json"])

  static func run(_ raw: [String]) throws -> Int32 {
    if CLI.help(raw, help) { return 0 }
    let args = try Arguments(raw, spec: spec, command: "compare")
    guard args.positional.count == 2 else {
      throw UsageError("compare: name exactly two inputs, A and B (run 'kurukuru compare --help')")
    }
    let options = PixelmatchOptions(
      threshold: try args.number("threshold", in: 0...1, command: "compare") ?? 0.1,
      includeAA: args.has("include-aa"),
      alpha: try args.number("alpha", in: 0...1, command: "compare") ?? 0.1,
      diffMask: args.has("diff-mask"),
      checkerboard: !args.has("no-checkerboard"))
    let (pathA, pathB) = (args.positional[0], args.positional[1])
    let a = try FrameSource.open(pathA)
    let b = try FrameSource.open(pathB)
    let singleImages = a.isSingleImage && b.isSingleImage
    let result = try compare(a, b, options: options, diff: args.value("diff"), singleImages: singleImages)

    if args.has("json") {
      Console.out(json(result, a: pathA, b: pathB, singleImages: singleImages, diff: args.value("diff")).render())
    } else {
      Console.out(summary(result, singleImages: singleImages))
    }
    return result.identical ? 0 : 1
  }

  // MARK: - Comparing

  /// One compared position.
  struct Position {
    var index: Int
    var mismatchedPixels = 0
    var delayA: Int?
    var delayB: Int?
    var sizeA: (Int, Int)?
    var sizeB: (Int, Int)?

    var sizeMismatch: Bool {
      guard let a = sizeA, let b = sizeB else { return false }
      return a != b
    }
    /// Delays count only where both sides have them (PNG folders have none).
    var delayDiffers: Bool {
      guard let a = delayA, let b = delayB else { return false }
      return a != b
    }
    var differs: Bool {
      mismatchedPixels > 0 || sizeMismatch || sizeA == nil || sizeB == nil || delayDiffers
    }
  }

  struct Result {
    var positions: [Position]
    var countA: Int
    var countB: Int
    var total: Int { positions.reduce(0) { $0 + $1.mismatchedPixels } }
    var identical: Bool { countA == countB && !positions.contains { $0.differs } }
  }

  /// Compares position by position on worker threads; each pair is decoded, compared and its
  /// diff written independently, so the result does not depend on the number of threads.
  static func compare(
    _ a: FrameSource, _ b: FrameSource, options: PixelmatchOptions, diff: String?, singleImages: Bool
  ) throws -> Result {
    let count = max(a.count, b.count)
    var positions = (0..<count).map { Position(index: $0, delayA: a.delay($0), delayB: b.delay($0)) }
    let staging = try diff.flatMap { singleImages ? nil : try StagingDirectory(destination: $0) }
    var singleDiff: Frame?
    let lock = NSLock()
    try Parallel.forEach(0..<count, workers: ProcessInfo.processInfo.activeProcessorCount) { i in
      let fa = i < a.count ? try a.frame(i) : nil
      let fb = i < b.count ? try b.frame(i) : nil
      var p = Position(index: i, delayA: a.delay(i), delayB: b.delay(i))
      p.sizeA = fa.map { ($0.width, $0.height) }
      p.sizeB = fb.map { ($0.width, $0.height) }
      var image: Frame?
      if let fa, let fb, fa.width == fb.width, fa.height == fb.height {
        if diff != nil {
          let r = try Pixelmatch.diff(fa, fb, options: options)
          p.mismatchedPixels = r.mismatchedPixels
          image = r.image
        } else {
          p.mismatchedPixels = try Pixelmatch.compare(fa, fb, options: options)
        }
      } else {
        // Missing or differently sized: every pixel of the larger frame counts.
        p.mismatchedPixels = max((fa?.width ?? 0) * (fa?.height ?? 0), (fb?.width ?? 0) * (fb?.height ?? 0))
      }
      if let image, let staging {
        let path = staging.path + "/diff\(i).png"
        guard FileManager.default.createFile(atPath: path, contents: Data(try PNG.encode(image))) else {
          throw OutputError("\(staging.destination): cannot write diff\(i).png")
        }
      }
      lock.lock()
      positions[i] = p
      if singleImages { singleDiff = image }
      lock.unlock()
    }
    if let diff {
      if let staging {
        try staging.commit { name in
          name.hasPrefix("diff") && name.hasSuffix(".png") && name.dropFirst(4).dropLast(4).allSatisfy(\.isNumber)
        }
      } else if let singleDiff {
        try AtomicFile.write(try PNG.encode(singleDiff), to: diff)
      }
    }
    return Result(positions: positions, countA: a.count, countB: b.count)
  }

  // MARK: - Output

  static func summary(_ r: Result, singleImages: Bool) -> String {
    if singleImages, let p = r.positions.first, let sa = p.sizeA, let sb = p.sizeB {
      if p.sizeMismatch {
        return "image sizes differ: \(sa.0)×\(sa.1) vs \(sb.0)×\(sb.1) pixels"
      }
      let area = sa.0 * sa.1
      if p.mismatchedPixels == 0 { return "identical: 0 mismatched pixels (\(sa.0)×\(sa.1))" }
      let share = area > 0 ? 100 * Double(p.mismatchedPixels) / Double(area) : 0
      return "\(p.mismatchedPixels) mismatched pixel\(p.mismatchedPixels == 1 ? "" : "s") "
        + "(\(String(format: "%.2f", share))% of \(sa.0)×\(sa.1))"
    }
    if r.identical {
      return "identical: \(r.countA) frame\(r.countA == 1 ? "" : "s"), 0 mismatched pixels"
    }
    let differing = r.positions.filter(\.differs).count
    var parts = ["\(r.total) mismatched pixel\(r.total == 1 ? "" : "s")"]
    if r.countA != r.countB { parts.append("frame counts differ: \(r.countA) vs \(r.countB)") }
    let sizes = r.positions.filter(\.sizeMismatch)
    if let first = sizes.first, let sa = first.sizeA, let sb = first.sizeB {
      parts.append("frame sizes differ at \(sizes.count) frame\(sizes.count == 1 ? "" : "s") (first: frame \(first.index), \(sa.0)×\(sa.1) vs \(sb.0)×\(sb.1))")
    }
    let delays = r.positions.filter(\.delayDiffers)
    if let first = delays.first {
      parts.append("delays differ at \(delays.count) frame\(delays.count == 1 ? "" : "s") (first: frame \(first.index), \(first.delayA ?? 0) vs \(first.delayB ?? 0) cs)")
    }
    let longest = max(r.countA, r.countB)
    return "\(differing) of \(longest) frame\(longest == 1 ? "" : "s") differ: " + parts.joined(separator: ", ")
  }

  static func json(_ r: Result, a: String, b: String, singleImages: Bool, diff: String?) -> JSONOut {
    let frames: [JSONOut] = r.positions.map { p in
      var m: [(String, JSONOut)] = [
        ("index", .int(p.index)), ("mismatchedPixels", .int(p.mismatchedPixels)),
        ("delayA", p.delayA.map { .int($0) } ?? .null), ("delayB", p.delayB.map { .int($0) } ?? .null),
        ("presentInA", .bool(p.sizeA != nil)), ("presentInB", .bool(p.sizeB != nil)),
        ("sizeMismatch", .bool(p.sizeMismatch)),
      ]
      if let s = p.sizeA ?? p.sizeB { m += [("width", .int(s.0)), ("height", .int(s.1))] }
      return .object(m)
    }
    return .object([
      ("a", .string(a)), ("b", .string(b)), ("kind", .string(singleImages ? "image" : "sequence")),
      ("identical", .bool(r.identical)), ("mismatchedPixels", .int(r.total)),
      ("frameCountA", .int(r.countA)), ("frameCountB", .int(r.countB)),
      ("differingFrames", .int(r.positions.filter(\.differs).count)),
      ("diff", diff.map { .string($0) } ?? .null),
      ("frames", .array(frames)),
    ])
  }
}

// MARK: - FrameSource

/// One side of a comparison: a PNG file, a GIF (decoded up front) or a folder of PNG frames
/// (decoded one by one when compared, so long sequences do not sit in memory).
enum FrameSource {
  case png(Frame)
  case gif(DecodedGIF)
  case folder([String])

  var isSingleImage: Bool {
    if case .png = self { return true }
    return false
  }

  var count: Int {
    switch self {
    case .png: return 1
    case .gif(let g): return g.frames.count
    case .folder(let files): return files.count
    }
  }

  /// Frame `i` (0 ≤ i < count).
  /// - Throws: `UsageError` naming the file when a PNG frame cannot be read.
  func frame(_ i: Int) throws -> Frame {
    switch self {
    case .png(let f): return f
    case .gif(let g): return g.frames[i]
    case .folder(let files): return try FrameSource.decodePNG(files[i])
    }
  }

  /// The delay of frame `i` in centiseconds (GIF only).
  func delay(_ i: Int) -> Int? {
    if case .gif(let g) = self, i < g.delays.count { return g.delays[i] }
    return nil
  }

  /// Opens `path` as a folder of PNG frames, a GIF or a PNG, by its contents.
  /// - Throws: `UsageError` naming the path for anything unreadable.
  static func open(_ path: String) throws -> FrameSource {
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
      throw UsageError("\(path): no such file or folder")
    }
    if isDir.boolValue { return .folder(try frameFiles(in: path)) }
    let bytes = try read(path)
    if bytes.starts(with: Array("GIF8".utf8)) {
      do { return .gif(try GIFDecoder.decode(bytes)) } catch { throw UsageError("\(path): \(CLI.message(for: error))") }
    }
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      return .png(try decodePNG(path, bytes: bytes))
    }
    throw UsageError("\(path): not a PNG or GIF file, nor a folder of PNG frames")
  }

  /// The `.png` files of a folder, ordered by the trailing number of their names (before an
  /// optional `@Nx` suffix); names without a number follow, in name order.
  static func frameFiles(in dir: String) throws -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else {
      throw UsageError("\(dir): cannot read the folder")
    }
    let pngs = names.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }
    guard !pngs.isEmpty else { throw UsageError("\(dir): the folder holds no .png frames") }
    let keyed = pngs.map { (number: trailingNumber($0), name: $0) }
    return keyed.sorted { l, r in
      switch (l.number, r.number) {
      case let (x?, y?): return x != y ? x < y : l.name < r.name
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return l.name < r.name
      }
    }.map { dir + "/" + $0.name }
  }

  /// `spin12.png` → 12, `spin12@2x.png` → 12, `spin.png` → nil.
  static func trailingNumber(_ name: String) -> Int? {
    var stem = Substring(name.dropLast(4))
    if let at = stem.lastIndex(of: "@"), stem[stem.index(after: at)...].hasSuffix("x") {
      stem = stem[..<at]
    }
    let digits = stem.reversed().prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty else { return nil }
    return Int(String(digits.reversed()).suffix(18))
  }

  static func read(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("\(path): cannot read the file") }
    return [UInt8](data)
  }

  static func decodePNG(_ path: String, bytes: [UInt8]? = nil) throws -> Frame {
    let data = try bytes ?? read(path)
    do { return try PNG.decode(data) } catch { throw UsageError("\(path): \(CLI.message(for: error))") }
  }
}
