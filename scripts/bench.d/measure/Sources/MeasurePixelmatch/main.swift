import Foundation
import KurukuruCodecs
import KurukuruCompare
import KurukuruCore
import MeasureSupport

// MARK: - Pixelmatch throughput

// Megapixels per second of `Pixelmatch.compare` on pixelmatch's own fixture pair 4a/4b
// (438×412 px, threshold 0.05): counting only, drawing the diff, counting anti-aliased pixels
// too (`includeAA`, no anti-aliasing detection), an image against itself; and the time of one
// comparison end to end as a command-line tool does it (read and decode both PNGs, compare).
// Each count is checked against pixelmatch's, so the figures are of the right work. Release
// build: `scripts/bench pixelmatch`.

let usage = """
  usage: MeasurePixelmatch --fixtures DIR [--repeat N]
    --fixtures DIR  the folder holding 4a.png and 4b.png (Tests/KurukuruCompareTests/Fixtures)
    --repeat N      comparisons per figure; default 40
  """
let options = MeasureOptions(names: ["fixtures", "repeat"], usage: usage)
let repeats = options.count("repeat", default: 40)
guard let fixtures = options["fixtures"] else { fail("--fixtures DIR is required\n\(usage)") }

/// `DIR/NAME.png` decoded by `PNG.decode`.
func frame(_ name: String) throws -> Frame {
  try PNG.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: fixtures).appendingPathComponent("\(name).png"))))
}

/// Fails the measurement unless pixelmatch's count came out.
func check(_ count: Int, _ expected: Int, _ what: String) {
  if count != expected { fail("\(what): \(count) mismatched pixels, pixelmatch counts \(expected)") }
}

func run() throws {
  let a = try frame("4a"), b = try frame("4b")
  let threshold = PixelmatchOptions(threshold: 0.05)
  let megapixels = Double(a.width * a.height * repeats) / 1e6
  var diff = Frame(width: a.width, height: a.height)

  let countOnly = try seconds {
    for _ in 0..<repeats { check(try Pixelmatch.compare(a, b, options: threshold), 36049, "count") }
  }
  let withDiff = try seconds {
    for _ in 0..<repeats { check(try Pixelmatch.compare(a, b, options: threshold, diff: &diff), 36049, "with diff") }
  }
  let identical = try seconds {
    for _ in 0..<repeats { check(try Pixelmatch.compare(a, a, options: threshold), 0, "identical") }
  }
  let includeAA = PixelmatchOptions(threshold: 0.05, includeAA: true)
  let withoutAADetection = try seconds {
    for _ in 0..<repeats { check(try Pixelmatch.compare(a, b, options: includeAA), 41623, "includeAA") }
  }
  // End to end, as a command-line tool would: read and decode both files, then compare.
  let endToEnd = try seconds {
    for _ in 0..<repeats {
      let left = try frame("4a"), right = try frame("4b")
      check(try Pixelmatch.compare(left, right, options: threshold), 36049, "end to end")
    }
  } / Double(repeats)
  print(String(format: "pixelmatch 4a/4b end to end (read, decode both, compare): %.2f ms", endToEnd * 1000))
  print(String(format: "pixelmatch 4a/4b (%d×%d) ×%d: count %.1f Mpx/s, with diff %.1f Mpx/s, "
               + "includeAA %.1f Mpx/s, identical %.1f Mpx/s",
               a.width, a.height, repeats, megapixels / countOnly, megapixels / withDiff,
               megapixels / withoutAADetection, megapixels / identical))
}

do { try run() } catch { fail("\(error)") }
