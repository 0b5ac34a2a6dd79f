import CZlib
import Foundation
import KurukuruCore

// MARK: - DotLottie

/// dotLottie archives (`.lottie`): a ZIP file with `manifest.json` and the animations as JSON
/// under `animations/` (version 1) or `a/` (version 2). Entries stored or deflated (raw deflate,
/// inflated with zlib); every entry's size bounded by `LottieLimits.maxFileBytes` (an entry that
/// inflates past the size it declares is an error), the entry count by
/// `LottieLimits.maxArchiveEntries`. Entries are never written to disk; still, a name that is
/// absolute or has a `..` component makes the archive an error, as any unpacker would refuse it.
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
    guard count <= limits.maxArchiveEntries else { throw broken("more than \(limits.maxArchiveEntries) entries") }
    var entries: [String: Entry] = [:]
    var names: [String] = []
    for _ in 0..<count {
      guard position + 46 <= bytes.count, ZipArchive.u32(bytes, position) == 0x0201_4B50 else { throw broken("bad central directory") }
      let nameLength = Int(ZipArchive.u16(bytes, position + 28))
      let extra = Int(ZipArchive.u16(bytes, position + 30)), comment = Int(ZipArchive.u16(bytes, position + 32))
      guard position + 46 + nameLength <= bytes.count else { throw broken("bad central directory") }
      let name = String(decoding: bytes[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
      if ZipArchive.leavesTheArchive(name) {
        throw LottieError(
          file: file, location: nil, place: name,
          message: "not a readable dotLottie archive (an entry name that is absolute or climbs out with '..')", kind: .unreadable)
      }
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
      throw LottieError(file: file, location: nil, place: name, message: "the entry's \(e.size) bytes are more than the limit of \(limits.maxFileBytes)", kind: .limitExceeded)
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
      switch ZipArchive.inflate(raw, size: e.size) {
      case .inflated(let out): return out
      case .larger: throw broken("it inflates past its declared \(e.size) bytes")
      case .broken: throw broken("bad deflate data")
      }
    default:
      throw broken("compression method \(e.method)")
    }
  }

  /// What inflating an entry gives.
  enum Inflated {
    /// Exactly the declared size.
    case inflated([UInt8])
    /// More than the declared size (inflating stopped there).
    case larger
    /// Not deflate data, or less than the declared size.
    case broken
  }

  /// Whether an entry name is absolute (`/`, `\`, a drive letter) or has a `..` component.
  static func leavesTheArchive(_ name: String) -> Bool {
    if name.hasPrefix("/") || name.contains("\\") || name.contains("\0") { return true }
    if name.count >= 2, name.dropFirst().first == ":" { return true }
    return name.split(separator: "/", omittingEmptySubsequences: false).contains("..")
  }

  /// Raw deflate data inflated to exactly `size` bytes; never more than `size` bytes (and one
  /// to tell an entry that goes on) are made.
  static func inflate(_ input: [UInt8], size: Int) -> Inflated {
    var output = [UInt8](repeating: 0, count: size + 1)
    var stream = z_stream()
    guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return .broken }
    defer { inflateEnd(&stream) }
    var input = input
    let result: Inflated = input.withUnsafeMutableBufferPointer { inBuf in
      output.withUnsafeMutableBufferPointer { outBuf in
        stream.next_in = inBuf.baseAddress
        stream.avail_in = UInt32(inBuf.count)
        stream.next_out = outBuf.baseAddress
        stream.avail_out = UInt32(size)
        let status = CZlib.inflate(&stream, Z_FINISH)
        if status == Z_STREAM_END { return Int(stream.total_out) == size ? .inflated([]) : .broken }
        guard stream.avail_out == 0, status == Z_OK || status == Z_BUF_ERROR else { return .broken }
        // The declared size is full and the data goes on: one more byte tells.
        stream.avail_out = 1
        _ = CZlib.inflate(&stream, Z_FINISH)
        return stream.avail_out == 0 ? .larger : .broken
      }
    }
    guard case .inflated = result else { return result }
    output.removeLast()
    return .inflated(output)
  }

  private static func u16(_ b: [UInt8], _ i: Int) -> UInt16 { i + 1 < b.count ? UInt16(b[i]) | UInt16(b[i + 1]) << 8 : 0 }
  private static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
    i + 3 < b.count ? UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24 : 0
  }
}
