// MARK: - FNV-1a

/// The 64-bit FNV-1a hash, byte by byte: stable across runs and machines. Batch shards split
/// presets by it, and `kurukuru debug time-render --hash` hashes frames with it (the same hash as
/// the C baseline in `scripts/bench.d/cairo-direct`).
package struct FNV1a64 {
  /// The hash of the bytes added so far.
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  package init() {}

  /// Adds bytes in order.
  package mutating func add(_ bytes: UnsafeRawBufferPointer) {
    for b in bytes { add(b) }
  }

  /// Adds one byte.
  package mutating func add(_ byte: UInt8) {
    value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
  }

  /// The hash of a string's UTF-8 bytes.
  package static func hash(_ text: String) -> UInt64 {
    var h = FNV1a64()
    for b in text.utf8 { h.add(b) }
    return h.value
  }
}
