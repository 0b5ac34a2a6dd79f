// MARK: - Animated values of a tree

extension SceneView {
  /// What an animated value of a view tree sets, for those that treat values differently.
  public enum ValueRole: Equatable, Sendable {
    /// An angle in degrees (a rotation, an arc's ends, an angular gradient's angles): a seam of
    /// 360° is no seam.
    case angle
    /// A size that layout uses (`frame` width or height): it moves other views.
    case layout
    /// Anything else (lengths, offsets, factors, opacities).
    case other
  }

  /// Calls `visit` with every animated value (one with an animation; constants are skipped) of
  /// this view and its descendants (an animated colour as its four component tracks): the
  /// view's base (shape geometry, trim, paint, stroke; a stack's children, in order) first, then
  /// its modifiers in order (a `mask`, `overlay` or `background` view's values where the modifier stands). The one list of where a scene's animations live: the timeline (loop
  /// period, seams) and the exporters read it here.
  public func forEachAnimatedValue(_ visit: (AnimatedValue, ValueRole) -> Void) {
    func value(_ v: AnimatedValue?, _ role: ValueRole = .other) { if let v, v.animation != nil { visit(v, role) } }
    func color(_ c: AnimatedColor) { for track in c.componentTracks { visit(.track(track), .other) } }
    func paint(_ p: PaintSpec?) {
      switch p {
      case .color(let c)?: color(c)
      case .linear(let stops, _, _)?: stops.forEach { color($0.color) }
      case .radial(let stops, _, let a, let b)?: stops.forEach { color($0.color) }; value(a); value(b)
      case .angular(let stops, _, let a, let b)?: stops.forEach { color($0.color) }; value(a, .angle); value(b, .angle)
      case nil: break
      }
    }
    func stroke(_ s: StrokeSpec) { value(s.lineWidth); s.dash.forEach { value($0) }; value(s.dashPhase) }
    func geometry(_ shape: ShapeKind) {
      switch shape {
      case .roundedRectangle(let r): value(r)
      case .arc(let a, let b, _): value(a, .angle); value(b, .angle)
      default: break
      }
    }
    switch kind {
    case .shape(let s):
      geometry(s.shape)
      value(s.trim?.from); value(s.trim?.to)
      switch s.style {
      case .fill(let p, _)?: paint(p)
      case .stroke(let p, let st)?, .strokeBorder(let p, let st)?: paint(p); stroke(st)
      case nil: break
      }
    case .zStack(_, let children), .hStack(_, _, let children), .vStack(_, _, let children):
      for child in children { child.forEachAnimatedValue(visit) }
    case .spacer:
      break
    case .text(let text):
      if case .counter(let v, _, _, _) = text.content { value(v, .layout) }
    }
    for m in modifiers {
      switch m {
      case .frame(let w, let h, _): value(w, .layout); value(h, .layout)
      case .padding: break
      case .offset(let x, let y): value(x); value(y)
      case .rotationEffect(let d, _): value(d, .angle)
      case .rotation3DEffect(let turns, _, let z, let p):
        for turn in turns { value(turn.degrees, .angle); value(turn.axis.x); value(turn.axis.y); value(turn.axis.z) }
        value(z); value(p)
      case .scaleEffect(let x, let y, _): value(x); value(y)
      case .skew(let x, let y, _): value(x); value(y)
      case .opacity(let o): value(o)
      case .shadow(let c, let r, let x, let y): color(c); value(r); value(x); value(y)
      case .boxShadow(let c, let r, let x, let y, let s, let cr): color(c); value(r); value(x); value(y); value(s); value(cr)
      case .foregroundStyle(let p): paint(p)
      case .clipShape(let shape, _): geometry(shape)
      case .clipped: break
      case .cornerRadius(let r): value(r)
      case .mask(let v, _), .overlay(let v, _), .background(let v, _): v.forEachAnimatedValue(visit)
      case .flexibleFrame, .aspectRatio, .fixedSize: break
      }
    }
  }
}
