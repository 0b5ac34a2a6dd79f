import KurukuruCore
@testable import KurukuruCodecs
import XCTest

/// The APNG encoder's row filters: every strategy undone exactly by the decoder's inverse, the
/// filter bytes each strategy writes, and the adaptive choice being a row's smallest sum.
final class PNGFiltersTests: XCTestCase {
  /// Seeded rows: runs and noise, so that every filter type wins on some row.
  private func rows(rowBytes: Int, height: Int, seed: UInt64) -> [UInt8] {
    var generator = SplitMix64(seed: seed)
    var out: [UInt8] = []
    for y in 0..<height {
      for i in 0..<rowBytes {
        switch (y + Int(seed)) % 3 {
        case 0: out.append(UInt8(truncatingIfNeeded: generator.next()))
        case 1: out.append(UInt8(truncatingIfNeeded: i * 3 + y))
        default: out.append(i % 7 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : UInt8(truncatingIfNeeded: y * 5))
        }
      }
    }
    return out
  }

  /// The sum of absolute signed bytes of a filtered row (without its type byte).
  private func cost(_ filtered: ArraySlice<UInt8>) -> Int {
    filtered.reduce(0) { $0 + Int(Int8(bitPattern: $1).magnitude) }
  }

  func testEveryStrategyRoundTripsAndAdaptivePicksTheSmallestSum() throws {
    for bpp in 1...4 {
      for rowBytes in [1, bpp, 7, 33] where rowBytes >= 1 {
        for height in [1, 2, 5] {
          let raw = rows(rowBytes: rowBytes, height: height, seed: UInt64(bpp * 1000 + rowBytes * 10 + height))
          var fixed: [[UInt8]] = []
          for strategy in PNGFilter.allCases {
            let filtered = PNGFilters.filter(raw, rowBytes: rowBytes, height: height, bpp: bpp, strategy: strategy)
            XCTAssertEqual(filtered.count, height * (rowBytes + 1))
            let back = try PNGFilters.unfilter(filtered, rowBytes: rowBytes, height: height, bpp: bpp).get()
            XCTAssertEqual(back, raw, "strategy \(strategy) bpp \(bpp) row \(rowBytes) height \(height)")
            if strategy != .adaptive {
              for y in 0..<height { XCTAssertEqual(filtered[y * (rowBytes + 1)], UInt8(strategy.rawValue)) }
              fixed.append(filtered)
            } else {
              for y in 0..<height {
                let line = y * (rowBytes + 1)
                let type = Int(filtered[line])
                XCTAssertLessThan(type, 5)
                let sums = fixed.map { cost($0[(line + 1)..<(line + 1 + rowBytes)]) }
                XCTAssertEqual(sums[type], sums.min(), "bpp \(bpp) row \(rowBytes) y \(y)")
                // Ties go to the lowest type.
                XCTAssertEqual(type, sums.firstIndex(of: sums.min() ?? 0))
                XCTAssertEqual(filtered[(line + 1)..<(line + 1 + rowBytes)], fixed[type][(line + 1)..<(line + 1 + rowBytes)])
              }
            }
          }
        }
      }
    }
  }
}
