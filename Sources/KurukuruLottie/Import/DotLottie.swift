import CZlib
import Foundation
import KurukuruCore

// MARK: - DotLottie

/// dotLottie archives (`.lottie`): a ZIP file with `manifest.json` and the animations as JSON
/// under `animations/` (version 1) or `a/` (version 2). Entries stored or deflated (raw deflate,
/// inflated with zlib); sizes bounded by `LottieLimits.maxFileBytes`.
enum DotLottie {
  /// The animation `id` (default: the first the manifest lists, else the first JSON file under
  /// `animations/` or `a/`), as its entry name (`animations/ID.json`) and its text.
  /// - Throws: `LottieError` (`.unreadable` for a broken archive, `.invalid` for a missing
  ///   animation, naming the ids there are).
  static func animation(in bytes: [UInt8], id: String?, file: String, limits: LottieLimits) throws -> (String, String) {
    let entries = try ZipArchive(bytes, file: file, limits: limits)
    func text(_ name: String) throws -> String? {
      guard let data = try entries.data(of: name) else { return nil }
      guard let s = String(bytes: data, encoding: .utf8) else {
        throw LottieError(file: file, location: nil, place: name, message: "not UTF-8 text", kind: .unreadable)
      }
      return s
    }
    var ids: [String] = []
    if let manifest = try text("manifest.json"), let data = manifest.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let animations = object["animations"] as? [[String: Any]]
    {
      ids = animations.compactMap { $0["id"] as? String }
    }
    let folders = ["animations/", "a/"]
    let files = entries.names.filter { name in folders.contains { name.hasPrefix($0) } && name.hasSuffix(".json") }
    if ids.isEmpty {
      ids = files.map { String($0.split(separator: "/").last?.dropLast(5) ?? "") }
    }
    guard let chosen = id ?? ids.first else {
      throw LottieError(file: file, location: nil, place: "", message: "the archive holds no animation", kind: .invalid)
    }
    for folder in folders {
      if let json = try text(folder + chosen + ".json") { return (folder + chosen + ".json", json) }
    }
    throw LottieError(
      file: file, location: nil, place: "",
      message: "no animation '\(chosen)' in the archive (animations: \(ids.joined(separator: ", ")))", kind: .invalid)
  }
}

// MARK: - ZipArchive

/// The entries of a ZIP file, read from its central directory.
struct ZipArchive {
  struct Entry {
    var name: String
    var method: UInt16
    var compressedSize: Int
    var size: Int
    var offset: Int
  }

  private let bytes: [UInt8]
  private let file: String
  private let limits: LottieLimits
  private let entries: [String: Entry]
  /// Entry names in directory order.
  let names: [String]

  init(_ bytes: [UInt8], file: String, limits: LottieLimits) throws {
    self.bytes = bytes
    self.file = file
    self.limits = limits
    func broken(_ why: String) -> LottieError {
      LottieError(file: file, location: nil, place: "", message: "not a readable dotLottie archive (\(why))", kind: .unreadable)
    }
    // The end-of-central-directory record: within the last 64 KiB + 22 bytes.
    var end = -1
    var i = bytes.count - 22
    let lowest = max(0, bytes.count - 22 - 65_535)
    while i >= lowest {
      if bytes[i] == 0x50, bytes[i + 1] == 0x4B, bytes[i + 2] == 0x05, bytes[i + 3] == 0x06 {
        end = i
        break
      }
      i -= 1
    }
    guard end >= 0 else { throw broken("no end of central directory") }
    let count = Int(ZipArchive.u16(bytes, end + 10))
    var position = Int(ZipArchive.u32(bytes, end + 16))
    guard count <= 10_000 else { throw broken("more than 10,000 entries") }
    var entries: [String: Entry] = [:]
    var names: [String] = []
    for _ in 0..<count {
      guard position + 46 <= bytes.count, ZipArchive.u32(bytes, position) == 0x0201_4B50 else { throw broken("bad central directory") }
      let nameLength = Int(ZipArchive.u16(bytes, position + 28))
      let extra = Int(ZipArchive.u16(bytes, position + 30)), comment = Int(ZipArchive.u16(bytes, position + 32))
      guard position + 46 + nameLength <= bytes.count else { throw broken("bad central directory") }
      let name = String(decoding: bytes[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
      let entry = Entry(
        name: name, method: ZipArchive.u16(bytes, position + 10), compressedSize: Int(ZipArchive.u32(bytes, position + 20)),
        size: Int(ZipArchive.u32(bytes, position + 24)), offset: Int(ZipArchive.u32(bytes, position + 42)))
      entries[name] = entry
      names.append(name)
      position += 46 + nameLength + extra + comment
    }
    self.entries = entries
    self.names = names
  }

  /// The bytes of entry `name`, or nil when there is none.
  /// - Throws: `LottieError` for a broken entry or one larger than the file limit.
  func data(of name: String) throws -> [UInt8]? {
    guard let e = entries[name] else { return nil }
    func broken(_ why: String) -> LottieError {
      LottieError(file: file, location: nil, place: name, message: "not a readable dotLottie entry (\(why))", kind: .unreadable)
    }
    guard e.size <= limits.maxFileBytes else {
      throw LottieError(file: file, location: nil, place: name, message: "entry larger than \(limits.maxFileBytes >> 20) MiB", kind: .limitExceeded)
    }
    let local = e.offset
    guard local + 30 <= bytes.count, ZipArchive.u32(bytes, local) == 0x0403_4B50 else { throw broken("bad local header") }
    let start = local + 30 + Int(ZipArchive.u16(bytes, local + 26)) + Int(ZipArchive.u16(bytes, local + 28))
    guard start + e.compressedSize <= bytes.count else { throw broken("truncated") }
    let raw = Array(bytes[start..<(start + e.compressedSize)])
    switch e.method {
    case 0:
      return raw
    case 8:
      guard let out = ZipArchive.inflate(raw, size: e.size) else { throw broken("bad deflate data") }
      return out
    default:
      throw broken("compression method \(e.method)")
    }
  }

  /// Raw deflate data inflated to exactly `size` bytes, or nil.
  static func inflate(_ input: [UInt8], size: Int) -> [UInt8]? {
    var output = [UInt8](repeating: 0, count: max(size, 1))
    var stream = z_stream()
    guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var input = input
    let status: Int32 = input.withUnsafeMutableBufferPointer { inBuf in
      output.withUnsafeMutableBufferPointer { outBuf in
        stream.next_in = inBuf.baseAddress
        stream.avail_in = UInt32(inBuf.count)
        stream.next_out = outBuf.baseAddress
        stream.avail_out = UInt32(size)
        return CZlib.inflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END, Int(stream.total_out) == size else { return nil }
    return size == 0 ? [] : output
  }

  private static func u16(_ b: [UInt8], _ i: Int) -> UInt16 { i + 1 < b.count ? UInt16(b[i]) | UInt16(b[i + 1]) << 8 : 0 }
  private static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
    i + 3 < b.count ? UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24 : 0
  }
}
