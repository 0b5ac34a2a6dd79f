import Foundation
import KurukuruCore

// MARK: - FrameSource

/// A path opened as a sequence of frames: a PNG file (one frame), a GIF, APNG or WebP file
/// (every composited frame, with its duration; a still WebP is one frame), or a folder of PNG
/// frames (without timing).
///
/// The kind is told by the contents, not the name: a folder, else the GIF signature (`GIF8`),
/// else a PNG with an `acTL` chunk (APNG), else the WebP signature (`RIFF····WEBP`), else the
/// PNG signature. Animations are decoded when opened; a folder's PNG frames are decoded one by
/// one when asked for (its first frame also when opened, for the canvas size), so a long
/// sequence never sits in memory, and `frame(_:)` and `frames` may be used from several threads
/// at once.
///
/// Folder frames are the `.png` files (any case, hidden files ignored) ordered by the trailing
/// number of their names, an `@Nx` scale suffix ignored: `spin2.png` < `spin10@2x.png`. Equal
/// numbers are ordered by name, and names without a number come last, by name.
public struct FrameSource: Sendable {
  /// What the path holds.
  public enum Content: Equatable, Sendable {
    /// A PNG file: one frame, without a delay.
    case image(Frame)
    /// A GIF file, decoded.
    case animation(DecodedGIF)
    /// An animated WebP file, decoded (a still WebP opens as `.image`).
    case webp(DecodedWebP)
    /// A folder: the paths of its PNG frames (`folder/name.png`), in frame order.
    case folder([String])
    /// An APNG (a PNG with acTL), decoded.
    case apng(DecodedAPNG)
  }

  /// The path as given to `init(path:)`.
  public let path: String
  /// What the path holds.
  public let content: Content
  /// The canvas size in pixels: the file's, or a folder's first frame's.
  public let width: Int, height: Int

  /// Opens `path` as a folder of PNG frames, a GIF or a PNG, by its contents.
  /// - Parameter path: a file or folder, absolute or relative to the working directory.
  /// - Throws: `FrameSourceError` naming the path: `.notFound`, `.unreadableFile`,
  ///   `.unreadableFolder`, `.noFrames`, `.unknownFormat`, `.gif`, `.png`.
  public init(path: String) throws {
    self.path = path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw FrameSourceError.notFound(path: path)
    }
    if isFolder.boolValue {
      let paths = try FrameSource.framePaths(inFolder: path)
      content = .folder(paths)
      let first = try FrameSource.decodePNG(try FrameSource.read(paths[0]), path: paths[0])
      (width, height) = (first.width, first.height)
      return
    }
    let bytes = try FrameSource.read(path)
    if bytes.starts(with: Array("GIF8".utf8)) {
      do {
        let gif = try GIFDecoder.decode(bytes)
        content = .animation(gif)
        (width, height) = (gif.width, gif.height)
      } catch let error as GIFError {
        throw FrameSourceError.gif(path: path, error)
      }
    } else if APNGDecoder.isAnimated(bytes) {
      do {
        let apng = try APNGDecoder.decode(bytes)
        content = .apng(apng)
        (width, height) = (apng.width, apng.height)
      } catch let error as APNGError {
        throw FrameSourceError.apng(path: path, error)
      }
    } else if WebPDecoder.isWebP(bytes) {
      do {
        let webp = try WebPDecoder.decode(bytes)
        content = webp.isAnimated || webp.frames.count != 1 ? .webp(webp) : .image(webp.frames[0])
        (width, height) = (webp.width, webp.height)
      } catch let error as WebPError {
        throw FrameSourceError.webp(path: path, error)
      }
    } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      let frame = try FrameSource.decodePNG(bytes, path: path)
      content = .image(frame)
      (width, height) = (frame.width, frame.height)
    } else {
      throw FrameSourceError.unknownFormat(path: path)
    }
  }

  /// Whether the path is a single PNG image (not an animation or a folder).
  public var isSingleImage: Bool {
    if case .image = content { return true }
    return false
  }

  // MARK: - Frames

  /// The number of frames: 1 for a PNG, the GIF's images, the folder's PNG files.
  public var count: Int {
    switch content {
    case .image: return 1
    case .animation(let gif): return gif.frames.count
    case .webp(let webp): return webp.frames.count
    case .folder(let paths): return paths.count
    case .apng(let apng): return apng.frames.count
    }
  }

  /// Frame `index` (0 ≤ `index` < `count`); a folder's frame is read and decoded now.
  /// - Throws: `FrameSourceError.unreadableFile` or `.png` naming the frame's file.
  public func frame(_ index: Int) throws -> Frame {
    switch content {
    case .image(let frame): return frame
    case .animation(let gif): return gif.frames[index]
    case .webp(let webp): return webp.frames[index]
    case .folder(let paths): return try FrameSource.decodePNG(try FrameSource.read(paths[index]), path: paths[index])
    case .apng(let apng): return apng.frames[index]
    }
  }

  /// When each frame is shown, exactly as the file stores it: a GIF's centiseconds (unit
  /// 1/100 s), an APNG's fractions (exact), a WebP's milliseconds (unit 1/1000 s); no timing
  /// for PNG files and folders.
  public var timing: FrameTiming {
    switch content {
    case .image: return .untimed(count: 1)
    case .folder(let paths): return .untimed(count: paths.count)
    case .animation(let gif): return .durations(gif.delays.map { Rational(max(0, $0), 100) }, unit: Rational(1, 100))
    case .apng(let apng): return .durations(apng.delays.map(\.rational))
    case .webp(let webp): return .durations(webp.durations.map { Rational(max(0, $0), 1000) }, unit: Rational(1, 1000))
    }
  }

  /// The sequence as a frame provider (`timing`, frames read by `frame(_:)`), for
  /// `SequenceCompare` or an encoder.
  public var frames: TimedFrames {
    let source = self
    return TimedFrames(width: width, height: height, timing: timing) { range in try range.map { try source.frame($0) } }
  }

  // MARK: - Opening two

  /// The most memory that `openPair(_:_:)` lets both inputs' decoded frames take together, in
  /// bytes: 1 GiB. GIF, APNG and animated WebP files are decoded whole when opened; PNG files and
  /// folders count as nothing here (a folder's frames are decoded one at a time).
  public static let pairMemoryLimit = 1 << 30

  /// Opens two inputs for a comparison after checking, from their headers alone, that their
  /// decoded frames fit in `limit` bytes.
  /// - Parameter limit: bytes of decoded frames for both inputs. Default `pairMemoryLimit`.
  /// - Throws: `FrameSourceError.tooLarge` naming both paths, or the errors of `init(path:)`.
  public static func openPair(_ a: String, _ b: String, limit: Int = pairMemoryLimit) throws -> (FrameSource, FrameSource) {
    let bytes = try decodedBytes(atPath: a).addingReportingOverflow(try decodedBytes(atPath: b))
    if bytes.overflow || bytes.partialValue > limit {
      throw FrameSourceError.tooLarge(paths: [a, b], bytes: bytes.overflow ? .max : bytes.partialValue, limit: limit)
    }
    return (try FrameSource(path: a), try FrameSource(path: b))
  }

  /// The bytes of decoded frames that opening `path` keeps in memory, from the file's header:
  /// width × height × 4 × frames for a GIF, APNG or animated WebP, 0 for anything else (a PNG
  /// file, a folder, a file `init(path:)` will reject).
  public static func decodedBytes(atPath path: String) throws -> Int {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
      let data = FileManager.default.contents(atPath: path)
    else { return 0 }
    let bytes = [UInt8](data)
    let size: (width: Int, height: Int, frames: Int)?
    if bytes.starts(with: Array("GIF8".utf8)) {
      size = (try? GIFDecoder.info(bytes)).map { ($0.width, $0.height, $0.frames) }
    } else if APNGDecoder.isAnimated(bytes) {
      size = (try? APNGDecoder.info(bytes)).map { ($0.width, $0.height, $0.frames) }
    } else if WebPDecoder.isWebP(bytes) {
      size = (try? WebPDecoder.info(bytes)).map { ($0.width, $0.height, $0.isAnimated ? $0.frames : 1) }
    } else {
      size = nil
    }
    guard let size else { return 0 }
    let product = [size.height, size.frames, 4].reduce(size.width) { p, f in
      let r = p.multipliedReportingOverflow(by: f)
      return r.overflow ? .max : r.partialValue
    }
    return product
  }

  // MARK: - Folders

  /// Why a folder's frame numbers are not 0, 1, 2, … without a gap (frames are still compared
  /// in the order of `framePaths(inFolder:)`, as if none were missing), or nil; always nil for
  /// files.
  public var numberingProblem: String? {
    guard case .folder(let paths) = content else { return nil }
    let numbers = paths.map { path in FrameSource.trailingNumber(String(path.split(separator: "/").last ?? "")) }
    if numbers.contains(where: { $0 == nil }) {
      return "some frame files' names end without a number; they are compared last, by name"
    }
    let sorted = numbers.compactMap { $0 }
    if let first = sorted.first, first != 0 {
      return "the frames are numbered from \(first), not 0"
    }
    for (k, n) in sorted.enumerated() where n != k {
      return n < k
        ? "frame number \(n) appears more than once"
        : "frame number \(k) is missing (the numbers jump from \(k - 1) to \(n)); later frames are compared one place early"
    }
    return nil
  }

  /// The `.png` files of a folder in frame order (see the type's description), as
  /// `folder/name.png` paths.
  /// - Throws: `FrameSourceError.unreadableFolder`, `.noFrames`.
  public static func framePaths(inFolder folder: String) throws -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      throw FrameSourceError.unreadableFolder(path: folder)
    }
    let pngs = names.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }
    guard !pngs.isEmpty else { throw FrameSourceError.noFrames(folder: folder) }
    let keyed = pngs.map { (number: trailingNumber($0), name: $0) }
    return keyed.sorted { l, r in
      switch (l.number, r.number) {
      case let (x?, y?): return x != y ? x < y : l.name < r.name
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return l.name < r.name
      }
    }.map { folder + "/" + $0.name }
  }

  /// The number ending a frame file's name, before `.png` and an optional `@Nx` suffix:
  /// `spin12.png` → 12, `spin12@2x.png` → 12, `spin.png` → nil. Only the last 18 digits count.
  static func trailingNumber(_ name: String) -> Int? {
    var stem = Substring(name.dropLast(4))
    if let at = stem.lastIndex(of: "@"), stem[stem.index(after: at)...].hasSuffix("x") {
      stem = stem[..<at]
    }
    let digits = stem.reversed().prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty else { return nil }
    return Int(String(digits.reversed()).suffix(18))
  }

  // MARK: - Reading

  private static func read(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw FrameSourceError.unreadableFile(path: path)
    }
    return [UInt8](data)
  }

  private static func decodePNG(_ bytes: [UInt8], path: String) throws -> Frame {
    do {
      return try PNG.decode(bytes)
    } catch let error as PNGError {
      throw FrameSourceError.png(path: path, error)
    }
  }
}
