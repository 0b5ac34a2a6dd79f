import Foundation

// MARK: - CSS box-shadow

extension Lowering {
  /// A shadow corner's radius for a box corner of radius `r` outset by `spread` points, by CSS
  /// Backgrounds 3 §7.1 (the spread radius): a shrinking shadow (spread ≤ 0) takes r + spread,
  /// floored at 0; a growing one r + spread when r ≥ spread, and otherwise r + spread ·
  /// (1 + (r / spread − 1)³), so a sharp corner (r = 0) stays sharp.
  static func spreadCornerRadius(_ r: Double, spread: Double) -> Double {
    if spread <= 0 { return max(0, r + spread) }
    if r >= spread { return r + spread }
    return r + spread * (1 + pow(r / spread - 1, 3))
  }

  /// CSS's outer `box-shadow` of `box` (local points) with corners of `cornerRadius` (capped at
  /// half the shorter side): the box outset by `spread` (nothing when that leaves no area), its
  /// corners by `spreadCornerRadius`, moved by `offset`, filled with `color` and blurred by `blur`
  /// (a layer blur: σ = blur / 2, as CSS's blur radius), drawn only outside the box (CSS clips
  /// an outer shadow to outside the border box), through an even-odd clip of the box within a
  /// rectangle that holds all of the shadow.
  static func boxShadow(
    box: Rect, cornerRadius: Double, spread: Double, blur: Double, offset: Point, color: RGBAColor
  ) -> [DisplayItem] {
    let radius = min(cornerRadius, min(box.width, box.height) / 2)
    let w = box.width + 2 * spread, h = box.height + 2 * spread
    guard w > 0, h > 0 else { return [] }
    let shape = Rect(x: box.minX - spread + offset.x, y: box.minY - spread + offset.y, width: w, height: h)
    var path = BezierPath()
    PathBuilder.addRoundedRect(to: &path, rect: shape, radius: spreadCornerRadius(radius, spread: spread))
    let drawing = DisplayItem.drawing(Drawing(path: path, transform: .identity, style: .fill(evenOdd: false), paint: .color(color)))
    let shadow: [DisplayItem] = blur > 0 ? [.layer(Layer(items: [drawing], blur: blur))] : [drawing]
    // The Gaussian's reach (3σ = 1.5 · blur) and a point more.
    let margin = 2 * blur + 1
    let minX = min(shape.minX, box.minX) - margin, minY = min(shape.minY, box.minY) - margin
    let maxX = max(shape.maxX, box.maxX) + margin, maxY = max(shape.maxY, box.maxY) + margin
    var clip = BezierPath()
    PathBuilder.addRoundedRect(to: &clip, rect: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY), radius: 0)
    PathBuilder.addRoundedRect(to: &clip, rect: box, radius: radius)
    return [.clipped(ClipGroup(path: clip, transform: .identity, evenOdd: true, items: shadow))]
  }
}
