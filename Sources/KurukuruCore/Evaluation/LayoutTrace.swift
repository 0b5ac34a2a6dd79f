// MARK: - LayoutTrace

/// The layout of a view tree at one instant, view by view and modifier by modifier, for
/// exporters that rebuild the tree in another format (Lottie) instead of drawing it.
///
/// It follows exactly the layout of `evaluate(_:at:)` (the same stack algorithm, frames and
/// padding); `evaluate` flattens the same numbers into absolute transforms.
package struct ViewTrace: Equatable, Sendable {
  /// `sizes[k]`: the view's size in points after its first `k` modifiers (`sizes[0]` is the
  /// base view's size, the last is the size its parent sees).
  package var sizes: [Size]
  /// The size offered to the base view: a shape is drawn in `Rect(origin: .zero, size:
  /// baseProposal)`.
  package var baseProposal: Size
  /// Per modifier: how far it moves its content, in points (`frame` alignment, `padding`
  /// insets); zero for the others.
  package var shifts: [Point]
  /// The children of a stack, in order (empty otherwise).
  package var children: [ViewTrace]
  /// Where each child's top-left corner lies in the stack's coordinates, in points.
  package var childOffsets: [Point]
}

/// The layout of `scene` at `t` seconds (wrapped round the loop as `evaluate` does): the root's
/// trace and where its top-left corner lies on the canvas, in points.
package func layoutTrace(_ scene: ResolvedScene, at t: Double) -> (origin: Point, root: ViewTrace) {
  let period = scene.timeline.period
  var local = t
  if period > 0, t >= period || t < 0 {
    local = t - period * (t / period).rounded(.down)
  }
  let root = Evaluator(t: local).trace(scene.root, proposal: scene.size)
  let size = root.sizes.last ?? .zero
  return (Point(x: (scene.size.width - size.width) / 2, y: (scene.size.height - size.height) / 2), root)
}

extension Evaluator {
  /// The trace of `view` offered `proposal` (mirrors `layout(_:proposal:environment:draw:)`).
  func trace(_ view: SceneView, proposal: Size) -> ViewTrace {
    var trace = ViewTrace(
      sizes: [Size](repeating: .zero, count: view.modifiers.count + 1), baseProposal: proposal,
      shifts: [Point](repeating: .zero, count: view.modifiers.count), children: [], childOffsets: [])
    trace.sizes[view.modifiers.count] = level(view, view.modifiers.count, proposal, &trace)
    return trace
  }

  /// The size after the first `k` modifiers, filling `trace` on the way.
  private func level(_ view: SceneView, _ k: Int, _ proposal: Size, _ trace: inout ViewTrace) -> Size {
    guard k > 0 else {
      trace.baseProposal = proposal
      let size: Size
      switch view.kind {
      case .shape:
        size = proposal
      case .spacer:
        size = .zero
      case .zStack(let alignment, let children):
        trace.children = children.map { self.trace($0, proposal: proposal) }
        let sizes = trace.children.map { $0.sizes.last ?? .zero }
        size = Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
        trace.childOffsets = sizes.map {
          Point(x: (size.width - $0.width) * alignment.x, y: (size.height - $0.height) * alignment.y)
        }
      case .hStack(let alignment, let spacing, let children), .vStack(let alignment, let spacing, let children):
        var horizontal = false
        if case .hStack = view.kind { horizontal = true }
        guard !children.isEmpty else { size = .zero; break }
        let proposals = stackProposals(children, horizontal: horizontal, spacing: spacing, proposal: proposal)
        trace.children = zip(children, proposals).map { self.trace($0, proposal: $1) }
        let placed = Evaluator.stackOffsets(
          trace.children.map { $0.sizes.last ?? .zero }, horizontal: horizontal, alignment: alignment, spacing: spacing)
        size = placed.0
        trace.childOffsets = placed.1
      }
      trace.sizes[0] = size
      return size
    }
    let size: Size
    switch view.modifiers[k - 1] {
    case .frame(let w, let h, let alignment):
      let fw = w.map { max(0, $0.value(at: t)) }, fh = h.map { max(0, $0.value(at: t)) }
      let cs = level(view, k - 1, Size(width: fw ?? proposal.width, height: fh ?? proposal.height), &trace)
      size = Size(width: fw ?? cs.width, height: fh ?? cs.height)
      trace.shifts[k - 1] = Point(x: (size.width - cs.width) * alignment.x, y: (size.height - cs.height) * alignment.y)
    case .padding(let top, let leading, let bottom, let trailing):
      let cs = level(
        view, k - 1,
        Size(width: max(0, proposal.width - leading - trailing), height: max(0, proposal.height - top - bottom)), &trace)
      size = Size(width: cs.width + leading + trailing, height: cs.height + top + bottom)
      trace.shifts[k - 1] = Point(x: leading, y: top)
    default:
      size = level(view, k - 1, proposal, &trace)
    }
    trace.sizes[k] = size
    return size
  }
}
