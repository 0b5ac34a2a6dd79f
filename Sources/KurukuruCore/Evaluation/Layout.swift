// MARK: - LaidOutView

/// The layout of a view at one instant, view by view and modifier by modifier: every size and
/// every move that layout decides, in points. The one layout pass of the project: drawing lowers
/// it to a display list (`Lowering`), and exporters that rebuild the tree in another format
/// (Lottie) read the same numbers.
///
/// Layout follows SwiftUI: a shape takes the space it is offered, `frame` fixes a side and
/// aligns its content, `padding` insets, a `ZStack` is as large as its largest child and aligns
/// each, `HStack` and `VStack` offer the least flexible children their share first. Modifiers
/// that draw (`offset`, rotations, `scaleEffect`, `opacity`, `shadow`) take no part: they keep
/// their content's size.
public struct LaidOutView: Equatable, Sendable {
  /// `sizes[k]`: the view's size after its first `k` modifiers (`sizes[0]` is the base view's
  /// size, the last is the size its parent sees).
  public internal(set) var sizes: [Size]
  /// The size offered to the base view: a shape is drawn in `Rect(origin: .zero, size:
  /// baseProposal)`.
  public internal(set) var baseProposal: Size
  /// Per modifier: how far it moves its content, in points (`frame` alignment, `padding`
  /// insets); zero for the others.
  public internal(set) var shifts: [Point]
  /// The children of a stack, in order (empty otherwise).
  public internal(set) var children: [LaidOutView]
  /// Where each child's top-left corner lies in the stack's coordinates, in points.
  public internal(set) var childOffsets: [Point]
  /// Per modifier: the layout of the view it carries (`mask`) and where that view's top-left
  /// corner lies in the content's frame, in points; nil for the others.
  public internal(set) var attachments: [Attachment?]

  /// A view carried by a modifier, laid out in its content's frame.
  public struct Attachment: Equatable, Sendable {
    public internal(set) var layout: LaidOutView
    public internal(set) var offset: Point
  }

  /// The size the view's parent sees.
  public var size: Size { sizes.last ?? .zero }
}

extension ResolvedScene {
  /// The layout at `t` seconds (wrapped round the loop as frames are): the root's layout and
  /// where its top-left corner lies on the canvas (the root is centred), in points.
  public func layout(at t: Double) -> (origin: Point, root: LaidOutView) {
    let root = Layout(t: timeline.localTime(t)).place(self.root, proposal: size)
    return (Point(x: (size.width - root.size.width) / 2, y: (size.height - root.size.height) / 2), root)
  }
}

// MARK: - Layout

/// The layout pass at one instant (`t` seconds into the loop).
struct Layout {
  /// Seconds from the start of the loop.
  let t: Double

  /// A large proposal used to measure how flexible a view is.
  static let unbounded = 1e7

  /// The layout of `view` offered `proposal`.
  func place(_ view: SceneView, proposal: Size) -> LaidOutView {
    let empty = LaidOutView(
      sizes: [Size](repeating: .zero, count: view.modifiers.count + 1), baseProposal: proposal,
      shifts: [Point](repeating: .zero, count: view.modifiers.count), children: [], childOffsets: [],
      attachments: [LaidOutView.Attachment?](repeating: nil, count: view.modifiers.count))
    var laidOut: LaidOutView? = empty
    _ = level(view, view.modifiers.count, proposal, into: &laidOut)
    return laidOut ?? empty
  }

  /// The size `view` takes when offered `proposal`, without keeping its layout (stacks measure
  /// their children's flexibility with it).
  func measure(_ view: SceneView, proposal: Size) -> Size {
    var nothing: LaidOutView?
    return level(view, view.modifiers.count, proposal, into: &nothing)
  }

  /// The size after the first `k` modifiers, filling `laidOut` on the way when given.
  private func level(_ view: SceneView, _ k: Int, _ proposal: Size, into laidOut: inout LaidOutView?) -> Size {
    guard k > 0 else {
      let size = base(view.kind, proposal: proposal, into: &laidOut)
      laidOut?.baseProposal = proposal
      laidOut?.sizes[0] = size
      return size
    }
    let size: Size
    switch view.modifiers[k - 1] {
    case .frame(let w, let h, let alignment):
      let fw = w.map { max(0, $0.value(at: t)) }, fh = h.map { max(0, $0.value(at: t)) }
      let cs = level(view, k - 1, Size(width: fw ?? proposal.width, height: fh ?? proposal.height), into: &laidOut)
      size = Size(width: fw ?? cs.width, height: fh ?? cs.height)
      laidOut?.shifts[k - 1] = Point(
        x: (size.width - cs.width) * alignment.x, y: (size.height - cs.height) * alignment.y)
    case .padding(let top, let leading, let bottom, let trailing):
      let cs = level(
        view, k - 1,
        Size(width: max(0, proposal.width - leading - trailing), height: max(0, proposal.height - top - bottom)),
        into: &laidOut)
      size = Size(width: cs.width + leading + trailing, height: cs.height + top + bottom)
      laidOut?.shifts[k - 1] = Point(x: leading, y: top)
    case .mask(let maskView, let alignment):
      // SwiftUI's `mask(alignment:_:)`: the mask is offered the content's size and aligned in
      // its frame; it takes no part in the content's own size.
      size = level(view, k - 1, proposal, into: &laidOut)
      if laidOut != nil {
        let m = place(maskView, proposal: size)
        laidOut?.attachments[k - 1] = LaidOutView.Attachment(
          layout: m,
          offset: Point(x: (size.width - m.size.width) * alignment.x, y: (size.height - m.size.height) * alignment.y))
      }
    default:
      size = level(view, k - 1, proposal, into: &laidOut)
    }
    laidOut?.sizes[k] = size
    return size
  }

  /// The base view's size; a stack's children are laid out (and kept when `laidOut` is given).
  private func base(_ kind: ViewKind, proposal: Size, into laidOut: inout LaidOutView?) -> Size {
    switch kind {
    case .shape:
      return proposal
    case .spacer:
      return .zero
    case .text(let text):
      // SwiftUI's Text on one line, never wrapped or truncated: its typographic box.
      return text.size(at: t)
    case .zStack(let alignment, let children):
      let sizes: [Size]
      if laidOut != nil {
        let placed = children.map { place($0, proposal: proposal) }
        laidOut?.children = placed
        sizes = placed.map(\.size)
      } else {
        sizes = children.map { measure($0, proposal: proposal) }
      }
      let size = Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
      laidOut?.childOffsets = sizes.map {
        Point(x: (size.width - $0.width) * alignment.x, y: (size.height - $0.height) * alignment.y)
      }
      return size
    case .hStack(let alignment, let spacing, let children), .vStack(let alignment, let spacing, let children):
      var horizontal = false
      if case .hStack = kind { horizontal = true }
      guard !children.isEmpty else { return .zero }
      let proposals = stackProposals(children, horizontal: horizontal, spacing: spacing, proposal: proposal)
      let sizes: [Size]
      if laidOut != nil {
        let placed = zip(children, proposals).map { place($0, proposal: $1) }
        laidOut?.children = placed
        sizes = placed.map(\.size)
      } else {
        sizes = zip(children, proposals).map { measure($0, proposal: $1) }
      }
      let (size, offsets) = Layout.stackOffsets(sizes, horizontal: horizontal, alignment: alignment, spacing: spacing)
      laidOut?.childOffsets = offsets
      return size
    }
  }

  // MARK: - Stacks

  /// What a stack offers each child (SwiftUI's algorithm): the least flexible children are sized
  /// first, each offered an equal share of what is left along the axis.
  func stackProposals(_ children: [SceneView], horizontal: Bool, spacing: Double, proposal: Size) -> [Size] {
    func along(_ s: Size) -> Double { horizontal ? s.width : s.height }
    func across(_ s: Size) -> Double { horizontal ? s.height : s.width }
    func make(_ a: Double, _ c: Double) -> Size { horizontal ? Size(width: a, height: c) : Size(width: c, height: a) }
    let crossProposal = across(proposal)
    let flexibility = children.map { child -> Double in
      let small = measure(child, proposal: make(0, crossProposal))
      let large = measure(child, proposal: make(Layout.unbounded, crossProposal))
      return along(large) - along(small)
    }
    var remaining = max(0, along(proposal) - spacing * Double(children.count - 1))
    var lengths = [Double](repeating: 0, count: children.count)
    let order = children.indices.sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }
    for (n, i) in order.enumerated() {
      let share = remaining / Double(children.count - n)
      let s = measure(children[i], proposal: make(share, crossProposal))
      lengths[i] = along(s)
      remaining = max(0, remaining - along(s))
    }
    return lengths.map { make($0, crossProposal) }
  }

  /// Where a stack puts children of the given sizes (top-left corners in the stack's
  /// coordinates, points) and the stack's own size.
  static func stackOffsets(_ sizes: [Size], horizontal: Bool, alignment: UnitAnchor, spacing: Double) -> (Size, [Point]) {
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
}
