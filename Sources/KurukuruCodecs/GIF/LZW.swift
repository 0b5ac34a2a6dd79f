// MARK: - LZWTable

/// The string table of GIF LZW compression: maps (prefix code, next index) to the code of the
/// longer string, by open addressing over 8,192 slots (at most 4,096 codes). Codes are assigned
/// exactly as giflib's encoder assigns them: from `clear + 2` up, and when code 4,095 would be
/// next a clear code is sent and the table starts afresh, so our bytes equal giflib's.
struct LZWTable {
  /// The table size as a bit mask (8,192 slots).
  static let mask = 8191
  /// The largest code giflib assigns plus one: reaching it sends a clear code.
  static let maxCode = 4095

  private var keys: [Int32]
  private var codes: [Int16]
  /// The LZW minimum code size (2...8).
  let minCodeSize: Int
  /// The clear code, `1 << minCodeSize`.
  let clear: Int
  /// The next code to assign.
  private(set) var next: Int

  /// An empty table for `minCodeSize` (2...8).
  init(minCodeSize: Int) {
    self.minCodeSize = minCodeSize
    clear = 1 << minCodeSize
    next = clear + 2
    keys = [Int32](repeating: -1, count: LZWTable.mask + 1)
    codes = [Int16](repeating: 0, count: LZWTable.mask + 1)
  }

  /// The slot of `key` (where it is, or the empty slot where it would go).
  @inline(__always)
  private func slot(_ key: Int32) -> Int {
    var slot = Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 19) & LZWTable.mask
    while keys[slot] != -1 && keys[slot] != key { slot = (slot + 1) & LZWTable.mask }
    return slot
  }

  /// The code of the string `prefix` + `value`, or -1 when it is not in the table.
  @inline(__always)
  func code(_ prefix: Int, _ value: UInt8) -> Int {
    let key = Int32(prefix << 8 | Int(value))
    let s = slot(key)
    return keys[s] == key ? Int(codes[s]) : -1
  }

  /// Adds the string `prefix` + `value` (not in the table) as the next code.
  /// - Returns: `false` when the table was full instead: a clear code must be sent, and the table
  ///   has started afresh.
  @inline(__always)
  mutating func add(_ prefix: Int, _ value: UInt8) -> Bool {
    guard next < LZWTable.maxCode else {
      keys.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
      next = clear + 2
      return false
    }
    let key = Int32(prefix << 8 | Int(value))
    let s = slot(key)
    keys[s] = key
    codes[s] = Int16(next)
    next += 1
    return true
  }
}

// MARK: - LZW

/// GIF LZW compression: the image data of a frame.
enum LZW {
  /// Compresses palette indices as GIF image data: the minimum code size byte, then the codes in
  /// data sub-blocks of at most 255 bytes, then the block terminator. The same bytes as giflib's
  /// `EGifPutLine` for the same pixels and code size.
  /// - Parameters:
  ///   - pixels: Palette indices below `1 << minCodeSize`.
  ///   - minCodeSize: The LZW minimum code size (2...8).
  ///   - out: Receives the bytes (appended).
  ///   - limit: Gives up (returns `false`, `out` partly written) once `out` holds this many bytes.
  /// - Returns: `true` when the data was written whole.
  @discardableResult
  static func compress(_ pixels: [UInt8], minCodeSize: Int, into out: inout [UInt8], limit: Int = .max) -> Bool {
    out.append(UInt8(minCodeSize))
    var writer = CodeWriter(minCodeSize: minCodeSize)
    var table = LZWTable(minCodeSize: minCodeSize)
    writer.put(table.clear, table: table, into: &out)
    guard var prefix = pixels.first.map(Int.init) else {
      writer.put(table.clear + 1, table: table, into: &out)
      writer.flush(into: &out)
      return true
    }
    var whole = true
    pixels.withUnsafeBufferPointer { pixels in
      for i in 1..<pixels.count {
        let value = pixels[i]
        let code = table.code(prefix, value)
        if code >= 0 {
          prefix = code
          continue
        }
        writer.put(prefix, table: table, into: &out)
        if out.count >= limit { whole = false; return }
        if !table.add(prefix, value) {
          writer.put(table.clear, table: table, into: &out)
          writer.reset()
        }
        prefix = Int(value)
      }
    }
    guard whole else { return false }
    writer.put(prefix, table: table, into: &out)
    writer.put(table.clear + 1, table: table, into: &out)
    writer.flush(into: &out)
    return out.count < limit
  }

  /// Compresses palette indices; see `compress(_:minCodeSize:into:)`.
  static func compress(_ pixels: [UInt8], minCodeSize: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(pixels.count / 4 + 16)
    compress(pixels, minCodeSize: minCodeSize, into: &out)
    return out
  }
}

// MARK: - CodeWriter

/// Packs LZW codes least significant bit first into GIF data sub-blocks (a length byte, then up
/// to 255 bytes), widening codes exactly when giflib does: after a code is written, if the next
/// code to assign no longer fits.
private struct CodeWriter {
  private let minCodeSize: Int
  private var width: Int
  private var bits: UInt64 = 0
  private var count = 0
  /// Where the current sub-block's length byte is in the output (-1: no block open).
  private var block = -1

  init(minCodeSize: Int) {
    self.minCodeSize = minCodeSize
    width = minCodeSize + 1
  }

  /// Writes `code` at the current width; widens for the next code when `table` needs it.
  @inline(__always)
  mutating func put(_ code: Int, table: LZWTable, into out: inout [UInt8]) {
    bits |= UInt64(code) << UInt64(count)
    count += width
    while count >= 8 {
      byte(UInt8(truncatingIfNeeded: bits), into: &out)
      bits >>= 8
      count -= 8
    }
    if table.next >= 1 << width && width < 12 { width += 1 }
  }

  /// Back to the first code width (after a clear code).
  mutating func reset() { width = minCodeSize + 1 }

  /// Writes the bits left and ends the data with the block terminator.
  mutating func flush(into out: inout [UInt8]) {
    while count > 0 {
      byte(UInt8(truncatingIfNeeded: bits), into: &out)
      bits >>= 8
      count -= 8
    }
    count = 0
    out.append(0)
  }

  @inline(__always)
  private mutating func byte(_ value: UInt8, into out: inout [UInt8]) {
    if block < 0 || out[block] == 255 {
      block = out.count
      out.append(0)
    }
    out[block] += 1
    out.append(value)
  }
}
