// MARK: - SplitMix64

/// SplitMix64 (Steele, Lea and Flood 2014): the golden-ratio increment and a 64-bit finaliser.
/// `mix` is the hash behind the preset expression `random(seed, n)` (`PresetRandom`); the
/// generator gives reproducible sequences, e.g. seeded inputs in tests.
package struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// A generator whose first value is `mix(seed)`.
  package init(seed: UInt64) { state = seed }

  /// The next value: the state advances by the increment and is finalised.
  package mutating func next() -> UInt64 {
    defer { state &+= 0x9E37_79B9_7F4A_7C15 }
    return SplitMix64.mix(state)
  }

  /// One step from `x`: `x` plus the increment 0x9E3779B97F4A7C15, then the finaliser.
  package static func mix(_ x: UInt64) -> UInt64 {
    var z = x &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
