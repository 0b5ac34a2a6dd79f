// MARK: - Evaluation

/// The display list of `scene` at `t` seconds from the start of its loop.
///
/// Times beyond the loop wrap round it (`t` modulo the period), so one-shot animations restart
/// with the loop as they do in the rendered GIF. Pure: the result depends only on the scene and `t` (no clocks, no global state), so frames
/// can be evaluated in any order and on any thread. The root view is offered the canvas size and
/// centred in it; layout follows SwiftUI (shapes take the space they are offered, `frame` fixes
/// it, stacks size to their children) and modifiers apply in order.
public func evaluate(_ scene: ResolvedScene, at t: Double) -> DisplayList {
  let period = scene.timeline.period
  var local = t
  if period > 0, t >= period || t < 0 {
    local = t - period * (t / period).rounded(.down)
  }
  let evaluator = Evaluator(t: local)
  let (size, items) = evaluator.layout(scene.root, proposal: scene.size, environment: Environment(), draw: true)
  let dx = (scene.size.width - size.width) / 2, dy = (scene.size.height - size.height) / 2
  let placed = Evaluator.transform(items, by: .translation(x: dx, y: dy))
  return DisplayList(size: scene.size, background: scene.background, items: placed)
}

// MARK: - Environment

/// Values that flow from a view to its children (SwiftUI's environment).
struct Environment {
  /// The paint of shapes that have none of their own. Default black (SwiftUI's primary, light mode).
  var foreground: PaintSpec = .color(.black)
}

// MARK: - Evaluator

struct Evaluator {
  /// Seconds from the start of the loop.
  let t: Double

  /// A large proposal used to measure how flexible a view is.
  static let unbounded = 1e7

  /// Lays out `view` in `proposal` and, when `draw`, produces its items in its own coordinates
  /// (origin at its top-left corner).
  func layout(_ view: SceneView, proposal: Size, environment: Environment, draw: Bool) -> (Size, [DisplayItem]) {
    layout(view, modifierCount: view.modifiers.count, proposal: proposal, environment: environment, draw: draw)
  }

  private func layout(
    _ view: SceneView, modifierCount k: Int, proposal: Size, environment env: Environment, draw: Bool
  ) -> (Size, [DisplayItem]) {
    guard k > 0 else { return base(view.kind, proposal: proposal, environment: env, draw: draw) }
    func inner(_ p: Size, _ e: Environment = env) -> (Size, [DisplayItem]) {
      layout(view, modifierCount: k - 1, proposal: p, environment: e, draw: draw)
    }
    switch view.modifiers[k - 1] {
    case .frame(let w, let h, let alignment):
      let fw = w.map { max(0, $0.value(at: t)) }, fh = h.map { max(0, $0.value(at: t)) }
      let (cs, items) = inner(Size(width: fw ?? proposal.width, height: fh ?? proposal.height))
      let size = Size(width: fw ?? cs.width, height: fh ?? cs.height)
      let dx = (size.width - cs.width) * alignment.x, dy = (size.height - cs.height) * alignment.y
      return (size, Evaluator.transform(items, by: .translation(x: dx, y: dy)))
    case .padding(let top, let leading, let bottom, let trailing):
      let (cs, items) = inner(
        Size(width: max(0, proposal.width - leading - trailing), height: max(0, proposal.height - top - bottom)))
      let size = Size(width: cs.width + leading + trailing, height: cs.height + top + bottom)
      return (size, Evaluator.transform(items, by: .translation(x: leading, y: top)))
    case .offset(let x, let y):
      let (cs, items) = inner(proposal)
      return (cs, Evaluator.transform(items, by: .translation(x: x.value(at: t), y: y.value(at: t))))
    case .rotationEffect(let degrees, let anchor):
      let (cs, items) = inner(proposal)
      let a = Point(x: cs.width * anchor.x, y: cs.height * anchor.y)
      let m = Transform.translation(x: -a.x, y: -a.y).then(.rotation(degrees: degrees.value(at: t)))
        .then(.translation(x: a.x, y: a.y))
      return (cs, Evaluator.transform(items, by: m))
    case .rotation3DEffect(let degrees, let axis, let anchor, let anchorZ, let perspective):
      let (cs, items) = inner(proposal)
      let p = rotation3D(degrees: degrees, axis: axis, anchor: anchor, anchorZ: anchorZ, perspective: perspective, size: cs)
      return (cs, Evaluator.project(items, by: p))
    case .scaleEffect(let x, let y, let anchor):
      let (cs, items) = inner(proposal)
      let a = Point(x: cs.width * anchor.x, y: cs.height * anchor.y)
      let m = Transform.translation(x: -a.x, y: -a.y).then(.scale(x: x.value(at: t), y: y.value(at: t)))
        .then(.translation(x: a.x, y: a.y))
      return (cs, Evaluator.transform(items, by: m))
    case .opacity(let o):
      let (cs, items) = inner(proposal)
      let v = min(max(o.value(at: t), 0), 1)
      if v >= 1 || items.isEmpty { return (cs, items) }
      if v <= 0 { return (cs, []) }
      return (cs, [.layer(Layer(opacity: v, shadow: nil, items: items))])
    case .shadow(let color, let radius, let x, let y):
      let (cs, items) = inner(proposal)
      if items.isEmpty || color.alpha <= 0 { return (cs, items) }
      let shadow = Shadow(color: color, radius: max(0, radius.value(at: t)), offset: Point(x: x.value(at: t), y: y.value(at: t)))
      return (cs, [.layer(Layer(opacity: 1, shadow: shadow, items: items))])
    case .foregroundStyle(let paint):
      var e = env
      e.foreground = paint
      return inner(proposal, e)
    }
  }

  /// `rotation3DEffect` at `t` for a view of `size` points.
  private func rotation3D(
    degrees: AnimatedValue, axis: Axis3D, anchor: UnitAnchor, anchorZ: AnimatedValue, perspective: AnimatedValue,
    size: Size
  ) -> Projection {
    Projection.rotation3D(
      degrees: degrees.value(at: t), axis: (axis.x, axis.y, axis.z),
      anchor: Point(x: size.width * anchor.x, y: size.height * anchor.y), anchorZ: anchorZ.value(at: t),
      perspective: perspective.value(at: t), size: size)
  }

  // MARK: - Views

  private func base(_ kind: ViewKind, proposal: Size, environment env: Environment, draw: Bool) -> (Size, [DisplayItem]) {
    switch kind {
    case .shape(let shape):
      return (proposal, draw ? self.draw(shape, in: Rect(origin: .zero, size: proposal), environment: env) : [])
    case .spacer:
      return (Size(width: 0, height: 0), [])
    case .zStack(let alignment, let children):
      let sized = children.map { layout($0, proposal: proposal, environment: env, draw: draw) }
      let size = Size(
        width: sized.map(\.0.width).max() ?? 0, height: sized.map(\.0.height).max() ?? 0)
      var items: [DisplayItem] = []
      for (cs, childItems) in sized {
        let dx = (size.width - cs.width) * alignment.x, dy = (size.height - cs.height) * alignment.y
        items += Evaluator.transform(childItems, by: .translation(x: dx, y: dy))
      }
      return (size, items)
    case .hStack(let alignment, let spacing, let children):
      return stack(children, horizontal: true, alignment: alignment, spacing: spacing, proposal: proposal, environment: env, draw: draw)
    case .vStack(let alignment, let spacing, let children):
      return stack(children, horizontal: false, alignment: alignment, spacing: spacing, proposal: proposal, environment: env, draw: draw)
    }
  }

  /// SwiftUI's stack layout: the least flexible children are sized first, each offered an equal
  /// share of what is left along the axis.
  private func stack(
    _ children: [SceneView], horizontal: Bool, alignment: UnitAnchor, spacing: Double, proposal: Size,
    environment env: Environment, draw: Bool
  ) -> (Size, [DisplayItem]) {
    guard !children.isEmpty else { return (.zero, []) }
    let proposals = stackProposals(children, horizontal: horizontal, spacing: spacing, proposal: proposal, environment: env)
    var placed: [(Size, [DisplayItem])] = []
    for (i, child) in children.enumerated() {
      placed.append(layout(child, proposal: proposals[i], environment: env, draw: draw))
    }
    let (size, offsets) = Evaluator.stackOffsets(
      placed.map(\.0), horizontal: horizontal, alignment: alignment, spacing: spacing)
    var items: [DisplayItem] = []
    for (i, (_, childItems)) in placed.enumerated() {
      items += Evaluator.transform(childItems, by: .translation(x: offsets[i].x, y: offsets[i].y))
    }
    return (size, items)
  }

  /// What a stack offers each child (SwiftUI's algorithm): the least flexible children are sized
  /// first, each offered an equal share of what is left along the axis.
  func stackProposals(
    _ children: [SceneView], horizontal: Bool, spacing: Double, proposal: Size, environment env: Environment = Environment()
  ) -> [Size] {
    func along(_ s: Size) -> Double { horizontal ? s.width : s.height }
    func across(_ s: Size) -> Double { horizontal ? s.height : s.width }
    func make(_ a: Double, _ c: Double) -> Size { horizontal ? Size(width: a, height: c) : Size(width: c, height: a) }
    let crossProposal = across(proposal)
    let flexibility = children.map { child -> Double in
      let small = layout(child, proposal: make(0, crossProposal), environment: env, draw: false).0
      let large = layout(child, proposal: make(Evaluator.unbounded, crossProposal), environment: env, draw: false).0
      return along(large) - along(small)
    }
    var remaining = max(0, along(proposal) - spacing * Double(children.count - 1))
    var lengths = [Double](repeating: 0, count: children.count)
    let order = children.indices.sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }
    for (n, i) in order.enumerated() {
      let share = remaining / Double(children.count - n)
      let s = layout(children[i], proposal: make(share, crossProposal), environment: env, draw: false).0
      lengths[i] = along(s)
      remaining = max(0, remaining - along(s))
    }
    return lengths.map { make($0, crossProposal) }
  }

  /// Where a stack puts children of the given sizes (top-left corners in the stack's
  /// coordinates, points) and the stack's own size.
  static func stackOffsets(
    _ sizes: [Size], horizontal: Bool, alignment: UnitAnchor, spacing: Double
  ) -> (Size, [Point]) {
    guard !sizes.isEmpty else { return (.zero, []) }
    func along(_ s: Size) -> Double { horizontal ? s.width : s.height }
    func across(_ s: Size) -> Double { horizontal ? s.height : s.width }
    let crossSize = sizes.map { across($0) }.max() ?? 0
    let total = sizes.reduce(0) { $0 + along($1) } + spacing * Double(sizes.count - 1)
    var offsets: [Point] = []
    var position = 0.0
    for cs in sizes {
      let crossOffset = (crossSize - across(cs)) * (horizontal ? alignment.y : alignment.x)
      offsets.append(horizontal ? Point(x: position, y: crossOffset) : Point(x: crossOffset, y: position))
      position += along(cs) + spacing
    }
    return (horizontal ? Size(width: total, height: crossSize) : Size(width: crossSize, height: total), offsets)
  }

  // MARK: - Shapes

  private func draw(_ shape: StyledShape, in rect: Rect, environment env: Environment) -> [DisplayItem] {
    var pathRect = rect
    var style: DrawStyle
    let paintSpec: PaintSpec
    switch shape.style {
    case nil:
      style = .fill(evenOdd: false)
      paintSpec = env.foreground
    case .fill(let p, let evenOdd)?:
      style = .fill(evenOdd: evenOdd)
      paintSpec = p ?? env.foreground
    case .stroke(let p, let spec)?, .strokeBorder(let p, let spec)?:
      let s = strokeStyle(spec)
      guard s.lineWidth > 0 else { return [] }
      if case .strokeBorder? = shape.style { pathRect = rect.insetBy(s.lineWidth / 2) }
      style = .stroke(s)
      paintSpec = p ?? env.foreground
    }
    var path = shape.shape.path(in: pathRect, at: t)
    if let trim = shape.trim {
      path = path.trimmed(from: trim.from.value(at: t), to: trim.to.value(at: t))
    }
    guard !path.isEmpty else { return [] }
    return [.drawing(Drawing(path: path, transform: .identity, style: style, paint: paint(paintSpec, in: rect)))]
  }

  private func strokeStyle(_ spec: StrokeSpec) -> StrokeOptions {
    StrokeOptions(
      lineWidth: max(0, spec.lineWidth.value(at: t)), lineCap: spec.lineCap, lineJoin: spec.lineJoin,
      miterLimit: spec.miterLimit, dash: spec.dash, dashPhase: spec.dashPhase.value(at: t))
  }

  /// Resolves gradient geometry from unit points of `rect` into points.
  private func paint(_ spec: PaintSpec, in rect: Rect) -> Paint {
    switch spec {
    case .color(let c):
      return .color(c)
    case .linear(let stops, let s, let e):
      return .linear(LinearGradientPaint(stops: stops, start: rect.point(atUnit: s.x, s.y), end: rect.point(atUnit: e.x, e.y)))
    case .radial(let stops, let c, let r0, let r1):
      return .radial(RadialGradientPaint(
        stops: stops, center: rect.point(atUnit: c.x, c.y), startRadius: max(0, r0.value(at: t)), endRadius: max(0, r1.value(at: t))))
    case .angular(let stops, let c, let a0, let a1):
      let start = a0.value(at: t)
      let end = a1?.value(at: t) ?? start + 360
      let sweep = min(max(end - start, 1e-6), 360)
      return .angular(AngularGradientPaint(stops: stops, center: rect.point(atUnit: c.x, c.y), startAngle: start, endAngle: start + sweep))
    }
  }

  // MARK: - Transforming items

  /// Maps items by `m` after their own transforms; shadows follow (offset rotated and scaled,
  /// radius scaled by the mean scale factor).
  static func transform(_ items: [DisplayItem], by m: Transform) -> [DisplayItem] {
    if m == .identity { return items }
    return items.map { item in
      switch item {
      case .drawing(var d):
        d.transform = d.transform.then(m)
        return .drawing(d)
      case .layer(var l):
        l.items = transform(l.items, by: m)
        if var s = l.shadow {
          s.offset = m.applyToVector(s.offset)
          s.radius *= abs(m.determinant).squareRoot()
          l.shadow = s
        }
        return .layer(l)
      case .projected(var g):
        g.projection = g.projection.then(m)
        return .projected(g)
      }
    }
  }

  /// Maps items by the projection `p` after their own transforms. An affine `p` is applied as a
  /// transform (byte-identical drawing); otherwise nested projected groups compose with `p` and
  /// each run of other items becomes one projected group, keeping the drawing order.
  static func project(_ items: [DisplayItem], by p: Projection) -> [DisplayItem] {
    if let m = p.affine { return transform(items, by: m) }
    var out: [DisplayItem] = []
    var run: [DisplayItem] = []
    func flush() {
      if !run.isEmpty { out.append(.projected(ProjectedGroup(projection: p, items: run))) }
      run = []
    }
    for item in items {
      if case .projected(var g) = item {
        flush()
        g.projection = g.projection.then(p)
        out.append(.projected(g))
      } else {
        run.append(item)
      }
    }
    flush()
    return out
  }
}
