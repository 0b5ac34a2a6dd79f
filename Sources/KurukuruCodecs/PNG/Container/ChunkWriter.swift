// MARK: - ChunkWriter

/// Writes the PNG signature and chunks with their lengths and CRCs.
struct ChunkWriter {
  private(set) var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// A chunk's data being built.
  struct ChunkData {
    var bytes: [UInt8] = []
    mutating func u32(_ v: Int) {
      let v = UInt32(truncatingIfNeeded: v)
      bytes += [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }
    mutating func u16(_ v: Int) { bytes += [UInt8(v >> 8 & 255), UInt8(v & 255)] }
    mutating func bytes(_ b: [UInt8]) { bytes += b }
  }

  /// Appends a chunk of type `type` with the data `build` makes.
  mutating func chunk(_ type: String, _ build: (inout ChunkData) -> Void) {
    var data = ChunkData()
    build(&data)
    let body = Array(type.utf8) + data.bytes
    var length = ChunkData()
    length.u32(data.bytes.count)
    bytes += length.bytes
    bytes += body
    var crc = ChunkData()
    crc.u32(Int(body.withUnsafeBytes { Deflate.crc32($0) }))
    bytes += crc.bytes
  }
}
