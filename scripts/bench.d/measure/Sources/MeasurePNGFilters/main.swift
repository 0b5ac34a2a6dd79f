import Foundation
import KurukuruCodecs
import KurukuruCore
import MeasureSupport

// MARK: - PNG row filters and levels

// Time and bytes of `PNG.encode` (libpng) per row filter at zlib level 6 on three 600×600 px
// loader-like frames (a transparent gradient ring with dots, flat dots, an opaque glow on
// black), then of the ring per filter none/up/adaptive at levels 1, 6 and 9, and the time of
// decoding it: the figures behind `PNG.defaultFilter`. Release build: `scripts/bench png-filters`.

let usage = """
  usage: MeasurePNGFilters [--repeat N]
    --repeat N  encodings per figure (the mean is printed); default 5
  """
let options = MeasureOptions(names: ["repeat"], usage: usage)
let repeats = options.count("repeat", default: 5)

/// The mean time of one encoding (seconds) and its size (bytes).
func encode(_ frame: Frame, level: Int, filter: PNGFilter) throws -> (seconds: Double, bytes: Int) {
  var size = 0
  let total = try seconds {
    for _ in 0..<repeats { size = try PNG.encode(frame, compressionLevel: level, filter: filter).count }
  }
  return (total / Double(repeats), size)
}

func run() throws {
  let side = 600
  let ring = LoaderFrames.gradientRing(side: side)
  for (name, frame) in [("gradient ring", ring), ("flat dots", LoaderFrames.flatDots(side: side)),
                        ("glow on black", LoaderFrames.glow(side: side))] {
    for filter in PNGFilter.allCases {
      let (time, size) = try encode(frame, level: 6, filter: filter)
      print(String(format: "png %d×%d %@, filter %@, level 6: %.2f ms, %d bytes", side, side, name, "\(filter)",
                   time * 1000, size))
    }
  }
  for filter in [PNGFilter.none, .up, .adaptive] {
    for level in [1, 6, 9] {
      let (time, size) = try encode(ring, level: level, filter: filter)
      print(String(format: "png %d×%d loader, filter %@, level %d: %.2f ms, %d bytes", side, side, "\(filter)", level,
                   time * 1000, size))
    }
  }
  let bytes = try PNG.encode(ring)
  let decodes = 10
  var decoded = Frame(width: 1, height: 1)
  let decode = try seconds { for _ in 0..<decodes { decoded = try PNG.decode(bytes) } } / Double(decodes)
  if decoded != ring { fail("the decoded loader frame differs from the encoded one") }
  print(String(format: "png %d×%d loader decode: %.2f ms", side, side, decode * 1000))
}

do { try run() } catch { fail("\(error)") }
