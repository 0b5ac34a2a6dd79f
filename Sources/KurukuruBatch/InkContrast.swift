import Foundation
import KurukuruCore

// MARK: - InkContrast

/// Whether a loader's ink is near invisible on the gallery's dark tile (a black spinner on
/// `BatchPlan.darkMatte`), so that the card can say so instead of showing an empty tile.
///
/// The measure is WCAG 2's contrast ratio, (L₁ + 0.05) / (L₂ + 0.05) of relative luminances,
/// between the matte and the brightest ink: every pixel at least half opaque of the frames
/// looked at. Ink is dark when that ratio is under `minimumRatio`; frames with no such pixel
/// are not dark (there is nothing to see on either tile).
package enum InkContrast {
  /// Contrast ratios (WCAG 2, 1…21) below this are near invisible on the dark tile. Default 2
  /// (the ratios of common inks on the gallery's matte are in `scripts/bench.d/README.md`).
  package static let minimumRatio = 2.0

  /// Relative luminance (0…1) of an sRGB colour, WCAG 2's formula.
  package static func luminance(_ c: RGBA8) -> Double {
    func linear(_ v: UInt8) -> Double {
      let s = Double(v) / 255
      return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
  }

  /// WCAG 2's contrast ratio of two colours (1…21).
  package static func ratio(_ a: RGBA8, _ b: RGBA8) -> Double {
    let la = luminance(a), lb = luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
  }

  /// Whether the ink of `frames` (straight RGBA) is dark on `matte`. Ink darker than a dark
  /// matte never reaches the ratio (the matte itself is near black), so the brightest ink
  /// decides.
  package static func isDark(_ frames: [Frame], on matte: RGBA8) -> Bool {
    var brightest: RGBA8?
    var best = -1.0
    for frame in frames {
      let p = frame.pixels
      var i = 0
      while i + 3 < p.count {
        if p[i + 3] >= 128 {
          let c = RGBA8(r: p[i], g: p[i + 1], b: p[i + 2])
          let l = luminance(c)
          if l > best { best = l; brightest = c }
        }
        i += 4
      }
    }
    guard let brightest else { return false }
    return ratio(brightest, matte) < minimumRatio
  }
}
