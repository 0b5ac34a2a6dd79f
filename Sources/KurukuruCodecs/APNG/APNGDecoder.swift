import KurukuruCore

// MARK: - DecodedAPNG

/// An APNG decoded into full composited frames (what a viewer shows), straight RGBA8.
public struct DecodedAPNG: Equatable, Sendable {
  /// Canvas width in pixels.
  public var width: Int
  /// Canvas height in pixels.
  public var height: Int
  /// Every frame of the animation, composited (dispose and blend ops applied).
  public var frames: [Frame]
  /// How long each frame shows, as fcTL stores it.
  public var delays: [APNGDelay]
  /// acTL's `num_plays`: 0 = forever.
  public var loopCount: Int
}

// MARK: - APNGInfo

/// What an APNG holds, read from its chunks without inflating any image data.
public struct APNGInfo: Equatable, Sendable {
  /// Canvas width in pixels.
  public var width: Int
  /// Canvas height in pixels.
  public var height: Int
  /// Frames of the animation (1 for a PNG without acTL).
  public var frames: Int
  /// How long each frame shows (empty for a PNG without acTL).
  public var delays: [APNGDelay]
  /// acTL's `num_plays`: 0 = forever (0 for a PNG without acTL).
  public var loopCount: Int
  /// Whether the file has an acTL chunk (is animated).
  public var isAnimated: Bool
  /// Whether the IDAT image is the first frame (false: a fallback image that is not shown in
  /// the animation).
  public var defaultImageIsFirstFrame: Bool
}

// MARK: - APNGDecoder

/// Reads APNG (and plain PNG) files: chunks with CRC checks, inflate, unfiltering, every colour
/// type at bit depths 1–16 (16-bit samples keep their high byte, palette and grey expand as
/// libpng does), tRNS, then dispose and blend ops as the APNG spec says. OVER uses the
/// reference decoder's integer arithmetic (apngdis, libpng's APNG patch): for a source alpha
/// strictly between 0 and 255 on a destination alpha `d` > 0, with u = a·255 and
/// v = (255 − a)·d, each colour is (s·u + dst·v) / (u + v) and alpha (u + v) / 255, truncated.
///
/// Sizes are checked before allocating: at most `DecodeLimits.maxSide` pixels a side,
/// `DecodeLimits.maxFrames` frames and `DecodeLimits.maxDecodedBytes` of composited frames.
/// Interlaced files are rejected. Every malformed file gives an `APNGError`.
public enum APNGDecoder {
  /// Whether `bytes` is a PNG with an acTL chunk before its image data (an APNG). Reads chunk
  /// headers only; never throws.
  public static func isAnimated(_ bytes: [UInt8]) -> Bool {
    guard bytes.starts(with: signature) else { return false }
    var pos = 8
    while pos + 8 <= bytes.count {
      let length = Int(be32(bytes, pos))
      let type = String(decoding: bytes[(pos + 4)..<(pos + 8)], as: UTF8.self)
      if type == "acTL" { return true }
      if type == "IDAT" || type == "IEND" || length > Int(Int32.max) { return false }
      pos += 12 + length
    }
    return false
  }

  /// The structure of an (A)PNG: size, frame count, delays, loop count.
  /// - Throws: `APNGError` for a malformed file.
  public static func info(_ bytes: [UInt8]) throws -> APNGInfo {
    let file = try Parser.parse(bytes, checkMemory: false)
    return APNGInfo(width: file.width, height: file.height, frames: file.isAnimated ? file.frames.count : 1,
                    delays: file.isAnimated ? file.frames.map(\.delay) : [], loopCount: file.plays,
                    isAnimated: file.isAnimated, defaultImageIsFirstFrame: file.defaultIsFrame)
  }

  /// Decodes every frame. A PNG without acTL decodes as one frame with delay 0/100 and loop 0.
  /// - Throws: `APNGError` for a malformed file or one above the limits.
  public static func decode(_ bytes: [UInt8]) throws -> DecodedAPNG {
    let file = try Parser.parse(bytes, checkMemory: true)
    let w = file.width, h = file.height
    var canvas = [UInt8](repeating: 0, count: w * h * 4)
    var out: [Frame] = []
    if !file.isAnimated {
      let pixels = try file.pixels(of: file.defaultImage, frame: 0, width: w, height: h, bytes: bytes)
      return DecodedAPNG(width: w, height: h, frames: [Frame(width: w, height: h, pixels: pixels)],
                         delays: [APNGDelay(0, 100)], loopCount: 0)
    }
    out.reserveCapacity(file.frames.count)
    for (k, f) in file.frames.enumerated() {
      let src = try file.pixels(of: f.data, frame: k, width: f.width, height: f.height, bytes: bytes)
      let dispose: APNGDispose = k == 0 && f.dispose == .previous ? .background : f.dispose
      let saved = dispose == .previous ? canvas : nil
      compose(src, into: &canvas, canvasWidth: w, x: f.x, y: f.y, width: f.width, height: f.height, over: f.blend == .over)
      out.append(Frame(width: w, height: h, pixels: canvas))
      if dispose == .background {
        for row in f.y..<(f.y + f.height) {
          let start = (row * w + f.x) * 4
          canvas.replaceSubrange(start..<(start + f.width * 4), with: repeatElement(0, count: f.width * 4))
        }
      } else if let saved {
        canvas = saved
      }
    }
    return DecodedAPNG(width: w, height: h, frames: out, delays: file.frames.map(\.delay), loopCount: file.plays)
  }

  /// Draws a frame's RGBA pixels into the canvas with blend SOURCE or OVER.
  static func compose(_ src: [UInt8], into canvas: inout [UInt8], canvasWidth: Int, x: Int, y: Int,
                      width: Int, height: Int, over: Bool) {
    canvas.withUnsafeMutableBufferPointer { dst in
      src.withUnsafeBufferPointer { src in
        for row in 0..<height {
          let d0 = ((y + row) * canvasWidth + x) * 4, s0 = row * width * 4
          if !over {
            for i in 0..<(width * 4) { dst[d0 + i] = src[s0 + i] }
            continue
          }
          for i in 0..<width {
            let s = s0 + i * 4, d = d0 + i * 4
            let sa = Int(src[s + 3])
            if sa == 255 || (sa != 0 && dst[d + 3] == 0) {
              dst[d] = src[s]; dst[d + 1] = src[s + 1]; dst[d + 2] = src[s + 2]; dst[d + 3] = src[s + 3]
            } else if sa != 0 {
              let u = sa * 255, v = (255 - sa) * Int(dst[d + 3]), al = u + v
              for c in 0..<3 { dst[d + c] = UInt8((Int(src[s + c]) * u + Int(dst[d + c]) * v) / al) }
              dst[d + 3] = UInt8(al / 255)
            }
          }
        }
      }
    }
  }

  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  @inline(__always)
  static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
    UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
  }

  @inline(__always)
  static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
}

// MARK: - Parser

/// The chunks of a file, checked: header, palette, frames with their data's byte ranges.
private struct Parser {
  struct FrameControl {
    var width = 0, height = 0, x = 0, y = 0
    var delay = APNGDelay(0, 100)
    var dispose = APNGDispose.none, blend = APNGBlend.source
    var data: [Range<Int>] = []
  }

  var width = 0, height = 0, depth = 0, colorType = 0
  var palette: [UInt8] = []
  var transparency: [UInt8]?
  var isAnimated = false
  var announced = 0
  var plays = 0
  var frames: [FrameControl] = []
  var defaultImage: [Range<Int>] = []
  var defaultIsFrame = false

  static func parse(_ bytes: [UInt8], checkMemory: Bool) throws -> Parser {
    guard bytes.starts(with: APNGDecoder.signature) else { throw APNGError.notPNG }
    var p = Parser()
    var pos = 8
    var previous = "the signature"
    var sawHeader = false, sawEnd = false, sawPalette = false
    var sequence: UInt32 = 0
    var inIDAT = false, afterIDAT = false
    while !sawEnd {
      guard pos + 8 <= bytes.count else { throw APNGError.truncated(place: "after \(previous)") }
      let length = Int(APNGDecoder.be32(bytes, pos))
      let typeBytes = bytes[(pos + 4)..<(pos + 8)]
      let type = typeBytes.allSatisfy({ ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) })
        ? String(decoding: typeBytes, as: UTF8.self) : "invalid"
      guard type != "invalid" else { throw APNGError.badChunk("chunk at byte \(pos) has an invalid type") }
      guard length <= Int(Int32.max) else { throw APNGError.chunkTooLong(chunk: type, offset: pos) }
      guard pos + 12 + length <= bytes.count else {
        throw APNGError.truncated(place: "in the \(type) chunk at byte \(pos)")
      }
      let crc = bytes.withUnsafeBytes { Deflate.crc32(UnsafeRawBufferPointer(rebasing: $0[(pos + 4)..<(pos + 8 + length)])) }
      guard crc == APNGDecoder.be32(bytes, pos + 8 + length) else { throw APNGError.badCRC(chunk: type, offset: pos) }
      let d = pos + 8
      let data = d..<(d + length)
      func need(_ n: Int) throws {
        guard length == n else { throw APNGError.badChunk("\(type) chunk at byte \(pos) has \(length) bytes, expected \(n)") }
      }
      if !sawHeader && type != "IHDR" { throw APNGError.badChunk("the first chunk is \(type), not IHDR") }
      if type != "IDAT" && inIDAT { inIDAT = false; afterIDAT = true }
      switch type {
      case "IHDR":
        guard !sawHeader else { throw APNGError.badChunk("second IHDR chunk at byte \(pos)") }
        try need(13)
        sawHeader = true
        try p.header(bytes, d)
      case "acTL":
        guard !p.isAnimated else { throw APNGError.badChunk("second acTL chunk at byte \(pos)") }
        guard !inIDAT && !afterIDAT else { throw APNGError.badChunk("acTL chunk at byte \(pos) comes after IDAT") }
        try need(8)
        let count = APNGDecoder.be32(bytes, d)
        guard count > 0 else { throw APNGError.zeroFrames }
        guard count <= DecodeLimits.maxFrames else { throw APNGError.tooManyFrames(Int(count)) }
        p.isAnimated = true
        p.announced = Int(count)
        p.plays = Int(APNGDecoder.be32(bytes, d + 4))
        if checkMemory, p.announced * p.width * p.height * 4 > DecodeLimits.maxDecodedBytes {
          throw APNGError.tooMuchMemory(frames: p.announced, width: p.width, height: p.height)
        }
      case "PLTE":
        guard !sawPalette else { throw APNGError.badChunk("second PLTE chunk at byte \(pos)") }
        guard !inIDAT && !afterIDAT else { throw APNGError.badChunk("PLTE chunk at byte \(pos) comes after IDAT") }
        guard length % 3 == 0, length >= 3, length <= 768 else {
          throw APNGError.badChunk("PLTE chunk at byte \(pos) has \(length) bytes, not 3...768 in threes")
        }
        sawPalette = true
        p.palette = Array(bytes[data])
      case "tRNS":
        p.transparency = Array(bytes[data])
      case "fcTL":
        try need(26)
        let seq = APNGDecoder.be32(bytes, d)
        guard seq == sequence else { throw APNGError.badSequence(chunk: "fcTL at byte \(pos)", expected: sequence, found: seq) }
        sequence &+= 1
        let k = p.frames.count
        guard p.isAnimated, k < p.announced else {
          throw p.isAnimated ? APNGError.frameCountDiffers(announced: p.announced, found: k + 1)
            : APNGError.badChunk("fcTL chunk at byte \(pos) without acTL before IDAT")
        }
        var f = FrameControl()
        f.width = Int(APNGDecoder.be32(bytes, d + 4)); f.height = Int(APNGDecoder.be32(bytes, d + 8))
        f.x = Int(APNGDecoder.be32(bytes, d + 12)); f.y = Int(APNGDecoder.be32(bytes, d + 16))
        f.delay = APNGDelay(APNGDecoder.be16(bytes, d + 20), APNGDecoder.be16(bytes, d + 22))
        guard (1...DecodeLimits.maxSide).contains(f.width), (1...DecodeLimits.maxSide).contains(f.height) else {
          throw APNGError.badSize(place: "frame \(k)", width: f.width, height: f.height)
        }
        guard f.x + f.width <= p.width, f.y + f.height <= p.height else {
          throw APNGError.frameOutsideCanvas(frame: k, x: f.x, y: f.y, width: f.width, height: f.height,
                                             canvasWidth: p.width, canvasHeight: p.height)
        }
        guard let dispose = APNGDispose(rawValue: bytes[d + 24]) else {
          throw APNGError.badOp(frame: k, field: "dispose_op", value: Int(bytes[d + 24]))
        }
        guard let blend = APNGBlend(rawValue: bytes[d + 25]) else {
          throw APNGError.badOp(frame: k, field: "blend_op", value: Int(bytes[d + 25]))
        }
        f.dispose = dispose
        f.blend = blend
        if !inIDAT && !afterIDAT {
          guard f.x == 0, f.y == 0, f.width == p.width, f.height == p.height else {
            throw APNGError.badChunk("fcTL of frame 0 before IDAT must cover the whole \(p.width)×\(p.height) canvas")
          }
          p.defaultIsFrame = true
        } else if inIDAT {
          throw APNGError.badChunk("fcTL chunk at byte \(pos) interrupts IDAT")
        }
        p.frames.append(f)
      case "IDAT":
        guard !afterIDAT else { throw APNGError.badChunk("IDAT chunk at byte \(pos) after other chunks that follow IDAT") }
        inIDAT = true
        p.defaultImage.append(data)
        if p.defaultIsFrame { p.frames[0].data.append(data) }
      case "fdAT":
        guard length >= 4 else { throw APNGError.badChunk("fdAT chunk at byte \(pos) has \(length) bytes, fewer than 4") }
        let seq = APNGDecoder.be32(bytes, d)
        guard seq == sequence else { throw APNGError.badSequence(chunk: "fdAT at byte \(pos)", expected: sequence, found: seq) }
        sequence &+= 1
        guard afterIDAT || inIDAT, let last = p.frames.indices.last, !(last == 0 && p.defaultIsFrame) else {
          throw APNGError.badChunk("fdAT chunk at byte \(pos) has no fcTL of its own before it")
        }
        p.frames[last].data.append((d + 4)..<(d + length))
      case "IEND":
        sawEnd = true
      default:
        if typeBytes.first.map({ $0 >= 65 && $0 <= 90 }) == true {
          throw APNGError.badChunk("unknown critical chunk \(type) at byte \(pos)")
        }
      }
      previous = "the \(type) chunk at byte \(pos)"
      pos += 12 + length
    }
    guard !p.defaultImage.isEmpty else { throw APNGError.badChunk("no IDAT chunk") }
    if p.colorType == 3 && !sawPalette { throw APNGError.badChunk("palette image without a PLTE chunk") }
    if p.isAnimated {
      guard p.frames.count == p.announced else {
        throw APNGError.frameCountDiffers(announced: p.announced, found: p.frames.count)
      }
      for (k, f) in p.frames.enumerated() where f.data.isEmpty {
        throw APNGError.badChunk("frame \(k) has no image data (fdAT)")
      }
    } else if checkMemory, p.width * p.height * 4 > DecodeLimits.maxDecodedBytes {
      throw APNGError.tooMuchMemory(frames: 1, width: p.width, height: p.height)
    }
    return p
  }

  /// Reads and checks IHDR's data at `d`.
  private mutating func header(_ b: [UInt8], _ d: Int) throws {
    width = Int(APNGDecoder.be32(b, d)); height = Int(APNGDecoder.be32(b, d + 4))
    guard (1...DecodeLimits.maxSide).contains(width), (1...DecodeLimits.maxSide).contains(height) else {
      throw APNGError.badSize(place: "canvas", width: width, height: height)
    }
    depth = Int(b[d + 8]); colorType = Int(b[d + 9])
    let allowed: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
    guard let depths = allowed[colorType] else { throw APNGError.badHeader("colour type \(colorType) is not 0, 2, 3, 4 or 6") }
    guard depths.contains(depth) else { throw APNGError.badHeader("bit depth \(depth) is invalid for colour type \(colorType)") }
    guard b[d + 10] == 0, b[d + 11] == 0 else { throw APNGError.badHeader("unknown compression or filter method") }
    guard b[d + 12] == 0 else {
      throw APNGError.badHeader(b[d + 12] == 1 ? "interlaced images are not supported" : "unknown interlace method \(b[d + 12])")
    }
  }

  private var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1 }

  /// The straight RGBA8 pixels of an image of `width` × `height` stored in the byte ranges `data`.
  func pixels(of data: [Range<Int>], frame: Int, width w: Int, height h: Int, bytes: [UInt8]) throws -> [UInt8] {
    let bitsPerPixel = channels * depth
    let rowBytes = (w * bitsPerPixel + 7) / 8
    var stream: [UInt8] = []
    stream.reserveCapacity(data.reduce(0) { $0 + $1.count })
    for r in data { stream += bytes[r] }
    let filtered: [UInt8]
    switch Deflate.inflate(stream, size: h * (rowBytes + 1)) {
    case .success(let out): filtered = out
    case .failure(let f): throw APNGError.corruptImageData(frame: frame, reason: f.reason)
    }
    let raw: [UInt8]
    switch PNGFilters.unfilter(filtered, rowBytes: rowBytes, height: h, bpp: max(1, bitsPerPixel / 8)) {
    case .success(let out): raw = out
    case .failure(let bad): throw APNGError.corruptImageData(frame: frame, reason: "row \(bad.row) has a filter type above 4")
    }
    return try expand(raw, width: w, height: h, rowBytes: rowBytes, frame: frame)
  }

  /// Raw rows → straight RGBA8 (16-bit samples keep the high byte; grey below 8 bits scaled to
  /// 0...255; tRNS keys compared at the file's depth).
  private func expand(_ raw: [UInt8], width w: Int, height h: Int, rowBytes: Int, frame: Int) throws -> [UInt8] {
    var out = [UInt8](repeating: 0, count: w * h * 4)
    let key: [Int]? = transparency.flatMap { t in
      switch colorType {
      case 0 where t.count >= 2: return [APNGDecoder.be16(t, 0)]
      case 2 where t.count >= 6: return [APNGDecoder.be16(t, 0), APNGDecoder.be16(t, 2), APNGDecoder.be16(t, 4)]
      default: return nil
      }
    }
    let paletteCount = palette.count / 3
    func sample(_ row: Int, _ index: Int) -> Int {  // the index-th sample of a row, at the file's depth
      let base = row * rowBytes
      switch depth {
      case 16: return Int(raw[base + index * 2]) << 8 | Int(raw[base + index * 2 + 1])
      case 8: return Int(raw[base + index])
      default:
        let bit = index * depth
        return Int(raw[base + bit / 8] >> (8 - depth - bit % 8)) & ((1 << depth) - 1)
      }
    }
    func to8(_ v: Int) -> UInt8 {
      switch depth {
      case 16: return UInt8(v >> 8)
      case 8: return UInt8(v)
      default: return UInt8(v * 255 / ((1 << depth) - 1))
      }
    }
    for y in 0..<h {
      for x in 0..<w {
        let o = (y * w + x) * 4
        switch colorType {
        case 0:
          let g = sample(y, x)
          let v = to8(g)
          out[o] = v; out[o + 1] = v; out[o + 2] = v
          out[o + 3] = key.map { $0[0] == g ? 0 : 255 } ?? 255
        case 2:
          let r = sample(y, x * 3), g = sample(y, x * 3 + 1), b = sample(y, x * 3 + 2)
          out[o] = to8(r); out[o + 1] = to8(g); out[o + 2] = to8(b)
          out[o + 3] = key.map { $0 == [r, g, b] ? 0 : 255 } ?? 255
        case 3:
          let i = sample(y, x)
          guard i < paletteCount else {
            throw APNGError.corruptImageData(frame: frame, reason: "palette index \(i) beyond the \(paletteCount) colours of PLTE")
          }
          out[o] = palette[i * 3]; out[o + 1] = palette[i * 3 + 1]; out[o + 2] = palette[i * 3 + 2]
          out[o + 3] = transparency.map { i < $0.count ? $0[i] : 255 } ?? 255
        case 4:
          let v = to8(sample(y, x * 2))
          out[o] = v; out[o + 1] = v; out[o + 2] = v; out[o + 3] = to8(sample(y, x * 2 + 1))
        default:
          for c in 0..<4 { out[o + c] = to8(sample(y, x * 4 + c)) }
        }
      }
    }
    return out
  }
}
