import Foundation

// MARK: - Modifier geometry

extension UnitAnchor {
  /// The point at this unit position of a view of `size` points: (width · x, height · y).
  public func point(in size: Size) -> Point {
    Point(x: size.width * x, y: size.height * y)
  }
}

extension Modifier {
  /// How the modifier moves its content at `t` seconds, for content of `contentSize` points that
  /// layout shifted by `shift` (`LaidOutView.shifts`): `frame` and `padding` translate by the
  /// shift (so do flexible frames; `aspectRatio` and `fixedSize` shift by zero), `offset` by its
  /// amounts, `rotationEffect`, `scaleEffect` and `skew` turn, scale or shear about their anchor
  /// in the content's frame (translate the anchor to the origin, turn or scale, translate back:
  /// SwiftUI's rule). nil for modifiers that do not move their content by an affine
  /// transform (`rotation3DEffect` is a projection; opacity, shadow and styles do not move).
  public func transform(contentSize: Size, shift: Point, at t: Double) -> Transform? {
    switch self {
    case .frame, .flexibleFrame, .aspectRatio, .fixedSize, .padding:
      return .translation(x: shift.x, y: shift.y)
    case .offset(let x, let y):
      return .translation(x: x.value(at: t), y: y.value(at: t))
    case .rotationEffect(let degrees, let anchor):
      let a = anchor.point(in: contentSize)
      return Transform.translation(x: -a.x, y: -a.y).then(.rotation(degrees: degrees.value(at: t)))
        .then(.translation(x: a.x, y: a.y))
    case .scaleEffect(let x, let y, let anchor):
      let a = anchor.point(in: contentSize)
      return Transform.translation(x: -a.x, y: -a.y).then(.scale(x: x.value(at: t), y: y.value(at: t)))
        .then(.translation(x: a.x, y: a.y))
    case .skew(let x, let y, let anchor):
      let a = anchor.point(in: contentSize)
      let shear = Transform(a: 1, b: tan(y.value(at: t) * .pi / 180), c: tan(x.value(at: t) * .pi / 180), d: 1, tx: 0, ty: 0)
      return Transform.translation(x: -a.x, y: -a.y).then(shear).then(.translation(x: a.x, y: a.y))
    case .rotation3DEffect, .opacity, .shadow, .boxShadow, .foregroundStyle, .clipShape, .clipped, .cornerRadius, .mask,
      .overlay, .background:
      return nil
    }
  }

  /// The clip of `clipShape`, `clipped` and `cornerRadius` at `t` seconds for content of
  /// `contentSize` points: the shape's path in the content's frame (origin top-left) and its
  /// fill rule; nil for the other modifiers.
  public func clip(contentSize: Size, at t: Double) -> (path: BezierPath, evenOdd: Bool)? {
    let frame = Rect(origin: .zero, size: contentSize)
    switch self {
    case .clipShape(let shape, let evenOdd):
      return (shape.path(in: frame, at: t), evenOdd)
    case .clipped:
      return (ShapeKind.rectangle.path(in: frame, at: t), false)
    case .cornerRadius(let r):
      return (ShapeKind.roundedRectangle(cornerRadius: r).path(in: frame, at: t), false)
    default:
      return nil
    }
  }
}
