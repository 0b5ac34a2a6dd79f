import CCairo
import KurukuruCore

// MARK: - Blend modes

extension LayerBlendMode {
  /// The Cairo operator that composites a layer in this mode onto what is beneath it.
  ///
  /// Cairo's (pixman's) blend operators are the formulas of CSS Compositing and Blending
  /// Level 1 on premultiplied colours: result = (1 − αb)·Cs + (1 − αs)·Cb + αs·αb·B(Cb, Cs), alpha
  /// αs + αb − αs·αb. `add` is `CAIRO_OPERATOR_ADD` (plus-lighter: sums clamped to 1); the
  /// Porter–Duff three are `DEST_OUT` (beneath × (1 − αs)), `DEST_IN` (beneath × αs) and `XOR`.
  var cairoOperator: cairo_operator_t {
    switch self {
    case .normal: return CAIRO_OPERATOR_OVER
    case .multiply: return CAIRO_OPERATOR_MULTIPLY
    case .screen: return CAIRO_OPERATOR_SCREEN
    case .overlay: return CAIRO_OPERATOR_OVERLAY
    case .darken: return CAIRO_OPERATOR_DARKEN
    case .lighten: return CAIRO_OPERATOR_LIGHTEN
    case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
    case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
    case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
    case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
    case .difference: return CAIRO_OPERATOR_DIFFERENCE
    case .exclusion: return CAIRO_OPERATOR_EXCLUSION
    case .hue: return CAIRO_OPERATOR_HSL_HUE
    case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
    case .color: return CAIRO_OPERATOR_HSL_COLOR
    case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
    case .add: return CAIRO_OPERATOR_ADD
    case .destinationOut: return CAIRO_OPERATOR_DEST_OUT
    case .destinationIn: return CAIRO_OPERATOR_DEST_IN
    case .xor: return CAIRO_OPERATOR_XOR
    }
  }

  /// Whether a transparent source leaves what is beneath as it is, so that compositing can be
  /// cut to the layer's ink: every mode but `destinationIn`, which clears what is beneath
  /// wherever the layer has no ink.
  var isBoundedBySource: Bool { self != .destinationIn }

  /// The mode's word in `CairoCallDump` lines (Cairo's operator names, lower case).
  var dumpName: String {
    switch self {
    case .normal: return "over"
    case .multiply: return "multiply"
    case .screen: return "screen"
    case .overlay: return "overlay"
    case .darken: return "darken"
    case .lighten: return "lighten"
    case .colorDodge: return "color-dodge"
    case .colorBurn: return "color-burn"
    case .hardLight: return "hard-light"
    case .softLight: return "soft-light"
    case .difference: return "difference"
    case .exclusion: return "exclusion"
    case .hue: return "hsl-hue"
    case .saturation: return "hsl-saturation"
    case .color: return "hsl-color"
    case .luminosity: return "hsl-luminosity"
    case .add: return "add"
    case .destinationOut: return "dest-out"
    case .destinationIn: return "dest-in"
    case .xor: return "xor"
    }
  }
}
