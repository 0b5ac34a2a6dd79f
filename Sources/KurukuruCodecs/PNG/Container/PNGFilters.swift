// MARK: - PNGFilter

/// A PNG row filter (filter method 0) applied before deflate: one of the five filter types for
/// every row, or `adaptive`, the type chosen per row. Raw values 0...4 are the filter-type bytes
/// a row starts with; `adaptive` (5) is never stored.
public enum PNGFilter: Int, Sendable, Equatable, CaseIterable {
  /// Type 0: no filtering.
  case none = 0
  /// Type 1: difference to the pixel on the left.
  case sub
  /// Type 2: difference to the pixel above.
  case up
  /// Type 3: difference to the mean of left and above.
  case average
  /// Type 4: Paeth predictor.
  case paeth
  /// Per row, the type whose output has the smallest sum of absolute signed bytes (libpng's and
  /// the PNG book's heuristic).
  case adaptive
}

// MARK: - PNGFilters

/// PNG row filters and their inverse.
enum PNGFilters {
  /// The filtered image: per row a filter-type byte and `rowBytes` filtered bytes.
  /// - Parameters:
  ///   - raw: `height` rows of `rowBytes` bytes.
  ///   - bpp: bytes per complete pixel, rounded up (1 for bit depths below 8).
  static func filter(_ raw: [UInt8], rowBytes: Int, height: Int, bpp: Int, strategy: PNGFilter) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: height * (rowBytes + 1))
    // The five filterings of a row for `.adaptive`, one after another; and the row above the
    // first, all zero (what the filters assume there).
    var trial = [UInt8](repeating: 0, count: 5 * rowBytes)
    let zero = [UInt8](repeating: 0, count: rowBytes)
    raw.withUnsafeBufferPointer { raw in
      out.withUnsafeMutableBufferPointer { out in
        trial.withUnsafeMutableBufferPointer { trial in
          zero.withUnsafeBufferPointer { zero in
            guard let src = raw.baseAddress, let dst = out.baseAddress, let zero = zero.baseAddress,
                  let t = trial.baseAddress else { return }
            for y in 0..<height {
              let row = src + y * rowBytes
              let prior = y > 0 ? src + (y - 1) * rowBytes : zero
              let line = dst + y * (rowBytes + 1)
              if strategy != .adaptive {
                line[0] = UInt8(strategy.rawValue)
                apply(strategy.rawValue, row, prior, line + 1, rowBytes, bpp)
                continue
              }
              var best = 0, bestSum = Int.max
              for type in 0..<5 {
                let filtered = t + type * rowBytes
                apply(type, row, prior, filtered, rowBytes, bpp)
                var sum = 0
                for i in 0..<rowBytes { sum &+= Int(Int8(bitPattern: filtered[i]).magnitude) }
                if sum < bestSum { best = type; bestSum = sum }
              }
              line[0] = UInt8(best)
              (line + 1).update(from: t + best * rowBytes, count: rowBytes)
            }
          }
        }
      }
    }
    return out
  }

  /// Filters one row with filter `type` (0...4); `prior` is the row above (all zero above the
  /// first).
  @inline(__always)
  private static func apply(_ type: Int, _ row: UnsafePointer<UInt8>, _ prior: UnsafePointer<UInt8>,
                            _ out: UnsafeMutablePointer<UInt8>, _ n: Int, _ bpp: Int) {
    let lead = min(bpp, n)
    switch type {
    case 1:
      for i in 0..<lead { out[i] = row[i] }
      for i in lead..<n { out[i] = row[i] &- row[i - bpp] }
    case 2:
      for i in 0..<n { out[i] = row[i] &- prior[i] }
    case 3:
      for i in 0..<lead { out[i] = row[i] &- (prior[i] >> 1) }
      for i in lead..<n { out[i] = row[i] &- UInt8((Int(row[i - bpp]) + Int(prior[i])) >> 1) }
    case 4:
      for i in 0..<lead { out[i] = row[i] &- prior[i] }  // paeth(0, b, 0) is b
      for i in lead..<n {
        out[i] = row[i] &- UInt8(paeth(Int(row[i - bpp]), Int(prior[i]), Int(prior[i - bpp])))
      }
    default:
      out.update(from: row, count: n)
    }
  }

  @inline(__always)
  static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let p = a + b - c
    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
    if pa <= pb && pa <= pc { return a }
    return pb <= pc ? b : c
  }

  /// Reverses the filters of `height` rows of `rowBytes` bytes, each after its filter byte.
  /// - Returns: the raw rows, or the index of the first row with a filter type above 4.
  static func unfilter(_ data: [UInt8], rowBytes: Int, height: Int, bpp: Int) -> Result<[UInt8], BadFilter> {
    var out = [UInt8](repeating: 0, count: rowBytes * height)
    var badRow: Int?
    data.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { out in
        guard let s = src.baseAddress, let o = out.baseAddress else { return }
        for y in 0..<height {
          let type = s[y * (rowBytes + 1)]
          let f = s + y * (rowBytes + 1) + 1
          let row = o + y * rowBytes
          let prior: UnsafeMutablePointer<UInt8>? = y > 0 ? o + (y - 1) * rowBytes : nil
          switch type {
          case 0:
            row.update(from: f, count: rowBytes)
          case 1:
            for i in 0..<rowBytes { row[i] = f[i] &+ (i >= bpp ? row[i - bpp] : 0) }
          case 2:
            if let prior { for i in 0..<rowBytes { row[i] = f[i] &+ prior[i] } } else { row.update(from: f, count: rowBytes) }
          case 3:
            for i in 0..<rowBytes {
              let a = i >= bpp ? Int(row[i - bpp]) : 0, b = prior.map { Int($0[i]) } ?? 0
              row[i] = f[i] &+ UInt8((a + b) >> 1)
            }
          case 4:
            for i in 0..<rowBytes {
              let a = i >= bpp ? Int(row[i - bpp]) : 0, b = prior.map { Int($0[i]) } ?? 0
              let c = i >= bpp ? (prior.map { Int($0[i - bpp]) } ?? 0) : 0
              row[i] = f[i] &+ UInt8(paeth(a, b, c))
            }
          default:
            badRow = y
            return
          }
        }
      }
    }
    if let badRow { return .failure(BadFilter(row: badRow)) }
    return .success(out)
  }

  /// A row whose filter type is not 0...4.
  struct BadFilter: Error {
    var row: Int
  }
}
