// MARK: - FuzzSupport

/// What the fuzz targets share. A target is one file:
///
///     import FuzzSupport
///     import KurukuruCodecs
import KurukuruCompare
import KurukuruCore
import KurukuruRaster
import KurukuruRender
///
///     @_cdecl("LLVMFuzzerTestOneInput")
///     public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
///       FuzzSupport.run(data, size) { bytes in _ = try GIFDecoder.decode(bytes) }
///     }
///
/// libFuzzer (linked by `-sanitize=fuzzer`, which also provides `main`) calls
/// `LLVMFuzzerTestOneInput` once per input. Thrown Swift errors are expected outcomes of
/// malformed input and are ignored; only crashes (traps, sanitizer reports), timeouts and memory
/// blow-ups are findings.
public enum FuzzSupport {
  /// Copies the input into an array and runs `body` on it, ignoring thrown errors.
  /// - Returns: 0, as libFuzzer requires.
  public static func run(_ data: UnsafePointer<UInt8>, _ size: Int, _ body: ([UInt8]) throws -> Void) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do { try body(bytes) } catch {}
    return 0
  }
}

// MARK: - Reading input

/// Reads numbers off the front of a fuzz input, then hands out the rest. Reads past the end give
/// zeros, so every input is usable.
public struct FuzzInput {
  private let bytes: [UInt8]
  private var offset = 0

  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// True when every byte has been read.
  public var atEnd: Bool { offset >= bytes.count }

  /// The next byte, or 0 past the end.
  public mutating func byte() -> UInt8 {
    guard offset < bytes.count else { return 0 }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// A number in `0..<bound` from the next byte (0 when `bound` ≤ 1).
  public mutating func int(below bound: Int) -> Int {
    let b = Int(byte())
    return bound > 1 ? b % bound : 0
  }

  /// The next `count` bytes (fewer at the end).
  public mutating func take(_ count: Int) -> [UInt8] {
    let end = min(bytes.count, offset + max(0, count))
    defer { offset = end }
    return Array(bytes[min(offset, end)..<end])
  }

  /// Everything not yet read.
  public mutating func rest() -> [UInt8] { take(bytes.count - offset) }
}

/// Splits `bytes` at the first occurrence of `separator`: (before, after), or nil when absent.
public func split(_ bytes: [UInt8], at separator: [UInt8]) -> ([UInt8], [UInt8])? {
  guard !separator.isEmpty, bytes.count >= separator.count else { return nil }
  for i in 0...(bytes.count - separator.count) where bytes[i..<(i + separator.count)].elementsEqual(separator) {
    return (Array(bytes[..<i]), Array(bytes[(i + separator.count)...]))
  }
  return nil
}
