// MARK: - Evaluation

extension ResolvedScene {
  /// The display list at `t` seconds from the start of the loop.
  ///
  /// Times beyond the loop wrap round it (`t` modulo the period), so one-shot animations restart
  /// with the loop as they do in the rendered files. Pure: the result depends only on the scene
  /// and `t` (no clocks, no global state), so frames can be evaluated in any order and on any
  /// thread. The root view is offered the canvas size and centred in it; layout follows SwiftUI
  /// (`Layout`) and modifiers apply in order (`Lowering`).
  public func displayList(at t: Double) -> DisplayList {
    let local = timeline.localTime(t)
    let lowering = Lowering(t: local)
    let layout = Layout(t: local, budget: maxLayoutMeasurements).place(root, proposal: size)
    let items = lowering.items(root, layout, environment: Environment())
    let dx = (size.width - layout.size.width) / 2, dy = (size.height - layout.size.height) / 2
    let placed = Lowering.transform(items, by: .translation(x: dx, y: dy))
    return DisplayList(size: size, background: background, items: placed)
  }
}

// MARK: - Environment

/// Values that flow from a view to its children (SwiftUI's environment).
struct Environment {
  /// The paint of shapes that have none of their own. Default black (SwiftUI's primary, light mode).
  var foreground: PaintSpec = .color(.constant(.black))
}

// MARK: - Lowering

/// Turns a laid-out view tree into display items at one instant: each modifier applied in order
/// (the first modifier innermost, as SwiftUI applies them) on the sizes and moves that `Layout`
/// decided, shapes lowered to paths with concrete paints.
struct Lowering {
  /// Seconds from the start of the loop.
  let t: Double

  /// The items of `view`, laid out as `laidOut`, in its own coordinates (origin at its top-left
  /// corner).
  func items(_ view: SceneView, _ laidOut: LaidOutView, environment: Environment) -> [DisplayItem] {
    items(view, laidOut, modifierCount: view.modifiers.count, environment: environment)
  }

  private func items(_ view: SceneView, _ laidOut: LaidOutView, modifierCount k: Int, environment env: Environment) -> [DisplayItem] {
    guard k > 0 else { return base(view.kind, laidOut, environment: env) }
    func inner(_ e: Environment = env) -> [DisplayItem] {
      items(view, laidOut, modifierCount: k - 1, environment: e)
    }
    let modifier = view.modifiers[k - 1]
    let content = laidOut.sizes[k - 1]
    switch modifier {
    case .frame, .flexibleFrame, .aspectRatio, .fixedSize, .padding, .offset, .rotationEffect, .scaleEffect, .skew:
      let items = inner()
      guard let m = modifier.transform(contentSize: content, shift: laidOut.shifts[k - 1], at: t) else { return items }
      return Lowering.transform(items, by: m)
    case .rotation3DEffect(let turns, let anchor, let anchorZ, let perspective):
      let p = Projection.rotation3D(
        turns: turns.map { turn in
          let a = turn.axis.value(at: t)
          return (turn.degrees.value(at: t), (a.x, a.y, a.z))
        },
        anchor: anchor.point(in: content), anchorZ: anchorZ.value(at: t), perspective: perspective.value(at: t), size: content)
      return Lowering.project(inner(), by: p)
    case .opacity(let o):
      let items = inner()
      let v = min(max(o.value(at: t), 0), 1)
      if v >= 1 || items.isEmpty { return items }
      if v <= 0 { return [] }
      return [.layer(Layer(opacity: v, shadow: nil, items: items))]
    case .shadow(let color, let radius, let x, let y):
      let items = inner()
      let color = color.value(at: t)
      if items.isEmpty || color.alpha <= 0 { return items }
      let shadow = Shadow(color: color, radius: max(0, radius.value(at: t)), offset: Point(x: x.value(at: t), y: y.value(at: t)))
      return [.layer(Layer(opacity: 1, shadow: shadow, items: items))]
    case .boxShadow(let color, let radius, let x, let y, let spread, let cornerRadius):
      let items = inner()
      let c = color.value(at: t)
      guard c.alpha > 0 else { return items }
      return Lowering.boxShadow(
        box: Rect(origin: .zero, size: content), cornerRadius: max(0, cornerRadius.value(at: t)), spread: spread.value(at: t),
        blur: max(0, radius.value(at: t)), offset: Point(x: x.value(at: t), y: y.value(at: t)), color: c) + items
    case .foregroundStyle(let paint):
      var e = env
      e.foreground = paint
      return inner(e)
    case .clipShape, .clipped, .cornerRadius:
      let items = inner()
      guard !items.isEmpty, let clip = modifier.clip(contentSize: content, at: t) else { return items }
      guard !clip.path.isEmpty else { return [] }
      return [.clipped(ClipGroup(path: clip.path, transform: .identity, evenOdd: clip.evenOdd, items: items))]
    case .mask(let maskView, _):
      let items = inner()
      guard !items.isEmpty, let attachment = laidOut.attachments[k - 1] else { return items }
      let mask = Lowering.transform(
        self.items(maskView, attachment.layout, environment: env),
        by: .translation(x: attachment.offset.x, y: attachment.offset.y))
      // A mask with no ink hides everything (its alpha is 0 everywhere).
      guard !mask.isEmpty else { return [] }
      return [.masked(MaskGroup(source: .alpha, mask: mask, items: items))]
    case .overlay(let attached, _), .background(let attached, _):
      let items = inner()
      guard let attachment = laidOut.attachments[k - 1] else { return items }
      let extra = Lowering.transform(
        self.items(attached, attachment.layout, environment: env),
        by: .translation(x: attachment.offset.x, y: attachment.offset.y))
      if case .overlay = modifier { return items + extra }
      return extra + items
    }
  }

  // MARK: - Views

  private func base(_ kind: ViewKind, _ laidOut: LaidOutView, environment env: Environment) -> [DisplayItem] {
    switch kind {
    case .shape(let shape):
      return draw(shape, in: Rect(origin: .zero, size: laidOut.baseProposal), environment: env)
    case .spacer:
      return []
    case .text(let text):
      // Glyph outlines filled with the foreground style; gradients span the text's box.
      let path = text.path(at: t)
      guard !path.isEmpty else { return [] }
      let box = Rect(origin: .zero, size: laidOut.sizes[0])
      return [.drawing(Drawing(path: path, transform: .identity, style: .fill(evenOdd: false), paint: paint(env.foreground, in: box)))]
    case .zStack(_, let children), .hStack(_, _, let children), .vStack(_, _, let children):
      var items: [DisplayItem] = []
      for (i, child) in children.enumerated() {
        let offset = laidOut.childOffsets[i]
        items += Lowering.transform(
          self.items(child, laidOut.children[i], environment: env), by: .translation(x: offset.x, y: offset.y))
      }
      return items
    }
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
      miterLimit: spec.miterLimit, dash: spec.dash.map { max(0, $0.value(at: t)) }, dashPhase: spec.dashPhase.value(at: t))
  }

  /// Resolves gradient geometry from unit points of `rect` into points.
  private func paint(_ spec: PaintSpec, in rect: Rect) -> Paint {
    switch spec {
    case .color(let c):
      return .color(c.value(at: t))
    case .linear(let stops, let s, let e):
      return .linear(LinearGradientPaint(stops: stops.map { $0.value(at: t) }, start: rect.point(atUnit: s.x, s.y), end: rect.point(atUnit: e.x, e.y)))
    case .radial(let stops, let c, let r0, let r1):
      return .radial(RadialGradientPaint(
        stops: stops.map { $0.value(at: t) }, center: rect.point(atUnit: c.x, c.y), startRadius: max(0, r0.value(at: t)), endRadius: max(0, r1.value(at: t))))
    case .angular(let stops, let c, let a0, let a1):
      let start = a0.value(at: t)
      let end = a1?.value(at: t) ?? start + 360
      let sweep = min(max(end - start, 1e-6), 360)
      return .angular(AngularGradientPaint(stops: stops.map { $0.value(at: t) }, center: rect.point(atUnit: c.x, c.y), startAngle: start, endAngle: start + sweep))
    }
  }

  // MARK: - Transforming items

  /// Maps items by `m` after their own transforms; shadows and blurs follow (offset rotated and
  /// scaled, radius scaled by the mean scale factor), clip paths and masks too.
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
        if l.blur > 0 { l.blur *= abs(m.determinant).squareRoot() }
        return .layer(l)
      case .projected(var g):
        g.projection = g.projection.then(m)
        return .projected(g)
      case .clipped(var c):
        c.transform = c.transform.then(m)
        c.items = transform(c.items, by: m)
        return .clipped(c)
      case .masked(var g):
        g.mask = transform(g.mask, by: m)
        g.items = transform(g.items, by: m)
        return .masked(g)
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

extension Array where Element == DisplayItem {
  /// The items mapped by `m` after their own transforms, shadows and blurs following (the rule of
  /// `Lowering.transform`), for exporters and importers that build display lists.
  package func transformed(by m: Transform) -> [DisplayItem] { Lowering.transform(self, by: m) }
}
