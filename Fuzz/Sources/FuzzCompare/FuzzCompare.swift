import FuzzSupport
import KurukuruCodecs
import KurukuruCompare
import KurukuruCore
import KurukuruRaster
import KurukuruRender

// MARK: - Compare target

/// Pixelmatch and the sequence comparison on two images of any sizes.
///
/// Input: `OPTIONS(3 bytes) A B`. Byte 0 picks the mode: even — `A` and `B` are PNG files
/// separated by the first `IEND` chunk's end, each at most `maxArea` pixels; odd — raw
/// frames, each `W H` (1 byte each, 0–31 px) followed by its pixels, read on as far as the input
/// goes (zeros past the end). Bytes 1–2 set the threshold and anti-aliasing options.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  FuzzSupport.run(data, size) { bytes in
    var input = FuzzInput(bytes)
    let mode = input.byte()
    var options = PixelmatchOptions()
    options.threshold = Double(input.byte()) / 255
    let flags = input.byte()
    options.includeAA = flags & 1 != 0
    options.diffMask = flags & 2 != 0

    let a: Frame, b: Frame
    if mode & 1 == 0 {
      // PNG ends with IEND + its CRC (AE 42 60 82).
      guard let (first, second) = split(input.rest(), at: Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]) else { return }
      a = try PNG.decode(first + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
      b = try PNG.decode(second)
    } else {
      a = rawFrame(&input)
      b = rawFrame(&input)
    }

    // Large images only make each run slow (pixelmatch is linear): the logic is the same.
    guard a.width * a.height <= maxArea, b.width * b.height <= maxArea else { return }
    let sameSize = a.width == b.width && a.height == b.height
    do {
      let count = try Pixelmatch.compare(a, b, options: options)
      precondition(sameSize && count >= 0 && count <= a.width * a.height)
      let (diffCount, image) = try Pixelmatch.diff(a, b, options: options)
      precondition(diffCount == count && image.width == a.width && image.height == a.height)
    } catch let error as CompareError {
      if case .sizeMismatch = error { precondition(!sameSize) }
    }

    // Sequences: A,B against B,A,A by index, on one and two workers; the results must agree.
    let first = TimedFrames([a, b]), second = TimedFrames([b, a, a])
    let one = try SequenceCompare.compare(first, second, options: options, workers: 1)
    let two = try SequenceCompare.compare(first, second, options: options, workers: 2) { _, _ in }
    precondition(one == two, "sequence comparison depends on the number of workers")
    precondition(one.frames.count == 3 && one.frames[2].mismatchedPixels == a.width * a.height)

    // By display time, with durations from the input (frames of 0 cs are never shown).
    let cs = Rational(1, 100)
    let timedFirst = TimedFrames([a, b], durations: [Rational(Int(mode >> 1), 100), cs], unit: cs)
    let timedSecond = TimedFrames([b, a, a], durations: [Rational(2, 100), Rational(Int(flags >> 2), 100), cs], unit: cs)
    let timedOne = try SequenceCompare.compare(timedFirst, timedSecond, options: options, workers: 1)
    let timedTwo = try SequenceCompare.compare(timedFirst, timedSecond, options: options, workers: 2) { _, _ in }
    precondition(timedOne == timedTwo, "display-time comparison depends on the number of workers")
    precondition(timedOne.frames.allSatisfy { $0.frameA != nil || $0.frameB != nil }, "a position shows a frame")
  }
}

/// Largest decoded image compared, in pixels (128 × 128).
let maxArea = 128 * 128

/// A frame of 0–31 × 0–31 pixels read from the input.
func rawFrame(_ input: inout FuzzInput) -> Frame {
  let width = input.int(below: 32), height = input.int(below: 32)
  var pixels = input.take(width * height * 4)
  pixels += [UInt8](repeating: 0, count: width * height * 4 - pixels.count)
  return Frame(width: width, height: height, pixels: pixels)
}
