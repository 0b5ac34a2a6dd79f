// MARK: - LaidOutView

/// The layout of a view at one instant, view by view and modifier by modifier: every size and
/// every move that layout decides, in points. The one layout pass of the project: drawing lowers
/// it to a display list (`Lowering`), and exporters that rebuild the tree in another format
/// (Lottie) read the same numbers.
///
/// Layout follows SwiftUI: a shape takes the space it is offered (10 points on a side it is
/// offered nothing on: SwiftUI's ideal shape size), `frame` fixes a side or bounds it
/// (`FlexibleFrame`) and aligns its content, `aspectRatio` and `fixedSize` change what the
/// content is offered, `padding` insets, a `ZStack` is as large as its largest child and aligns
/// each, `HStack` and `VStack` offer the least flexible children their share first, a `Spacer`
/// takes what its stack offers it. `overlay`, `background` and `mask` views are offered the
/// content's size and keep it. Modifiers that draw (`offset`, rotations, `scaleEffect`,
/// `opacity`, `shadow`) take no part: they keep their content's size.
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
  /// Per modifier: the layout of the view it carries (`mask`, `overlay`, `background`) and where
  /// that view's top-left corner lies in the content's frame, in points; nil for the others.
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
    let root = Layout(t: timeline.localTime(t), budget: maxLayoutMeasurements).place(self.root, proposal: size)
    return (Point(x: (size.width - root.size.width) / 2, y: (size.height - root.size.height) / 2), root)
  }
}

// MARK: - Layout

/// A size offered to a view, in points; a nil side asks for the view's ideal length there
/// (SwiftUI's nil proposal, which `fixedSize` makes).
struct ProposedSize: Equatable {
  var width: Double?
  var height: Double?
  init(width: Double?, height: Double?) { self.width = width; self.height = height }
  init(_ size: Size) { self.init(width: size.width, height: size.height) }
}

/// The axis of the stack a view is a direct child of (a `Spacer` grows along it only).
enum StackAxis { case horizontal, vertical }

/// The layout pass at one instant (`t` seconds into the loop).
///
/// A stack measures each child several times (offered nothing, offered everything, offered its
/// share) before it places it, and a nested stack does the same for its own children, so
/// measurements are remembered for the pass: a view's size for a given offer is computed once,
/// and the work of a pass grows with the number of views and distinct offers, not with the
/// nesting depth. A view is named in that memory by its path from the root (`ViewPath`).
/// Stacks that alternate axes and hold children whose size depends on both sides of the offer
/// (`aspectRatio`) still multiply the distinct offers at every level, so a pass computes at most
/// `budget` measurements; past it every further measurement is zero and `exceeded` is set
/// (resolving a preset checks the loop's first instant against `Limits.maxLayoutMeasurements`).
struct Layout {
  /// Seconds from the start of the loop.
  let t: Double
  /// The most measurements the pass computes.
  let budget: Int
  /// Sizes measured in this pass.
  private let memo = Memo()

  init(t: Double, budget: Int = Limits().maxLayoutMeasurements) {
    self.t = t
    self.budget = budget
  }

  /// How many measurements this pass has computed (each view, level and offer once).
  var measurementCount: Int { memo.sizes.count }
  /// Whether the pass needed more than `budget` measurements (and gave the rest zero size).
  var exceeded: Bool { memo.exceeded }

  /// A view's place in the tree: the child index at each stack, and `-k` for the view carried by
  /// the `k`-th modifier (1-based), from the root down.
  typealias ViewPath = [Int]

  /// What one measurement depends on besides the instant: which view, after how many of its
  /// modifiers, offered what, as a child of which kind of stack.
  private struct MemoKey: Hashable {
    var path: ViewPath
    var level: Int
    var width: Double?
    var height: Double?
    var axis: StackAxis?
  }

  /// The sizes measured so far in a pass (a pass runs on one thread).
  private final class Memo {
    var sizes: [MemoKey: Size] = [:]
    var exceeded = false
  }

  /// A large proposal used to measure how flexible a view is.
  static let unbounded = 1e7
  /// A shape's length on a side it is offered nothing on (SwiftUI shapes' ideal size), points.
  static let idealShapeLength = 10.0

  /// The layout of `view` offered `proposal`.
  func place(_ view: SceneView, proposal: Size) -> LaidOutView {
    place(view, ProposedSize(proposal), axis: nil, path: [])
  }

  /// The layout of `view` offered `proposal`, as a direct child of a stack along `axis` (nil
  /// elsewhere).
  func place(_ view: SceneView, _ proposal: ProposedSize, axis: StackAxis?, path: ViewPath) -> LaidOutView {
    let empty = LaidOutView(
      sizes: [Size](repeating: .zero, count: view.modifiers.count + 1), baseProposal: .zero,
      shifts: [Point](repeating: .zero, count: view.modifiers.count), children: [], childOffsets: [],
      attachments: [LaidOutView.Attachment?](repeating: nil, count: view.modifiers.count))
    var laidOut: LaidOutView? = empty
    _ = level(view, view.modifiers.count, proposal, axis, path, into: &laidOut)
    return laidOut ?? empty
  }

  /// The size `view` takes when offered `proposal`, without keeping its layout (stacks measure
  /// their children's flexibility with it).
  func measure(_ view: SceneView, _ proposal: ProposedSize, axis: StackAxis? = nil, path: ViewPath) -> Size {
    var nothing: LaidOutView?
    return level(view, view.modifiers.count, proposal, axis, path, into: &nothing)
  }

  /// The size after the first `k` modifiers, filling `laidOut` on the way when given; a
  /// measurement (no `laidOut`) is remembered for the pass.
  private func level(
    _ view: SceneView, _ k: Int, _ proposal: ProposedSize, _ axis: StackAxis?, _ path: ViewPath,
    into laidOut: inout LaidOutView?
  ) -> Size {
    guard laidOut == nil else { return compute(view, k, proposal, axis, path, into: &laidOut) }
    let key = MemoKey(path: path, level: k, width: proposal.width, height: proposal.height, axis: axis)
    if let size = memo.sizes[key] { return size }
    guard memo.sizes.count < budget else {
      memo.exceeded = true
      return .zero
    }
    let size = compute(view, k, proposal, axis, path, into: &laidOut)
    memo.sizes[key] = size
    return size
  }

  /// `level` without the memory.
  private func compute(
    _ view: SceneView, _ k: Int, _ proposal: ProposedSize, _ axis: StackAxis?, _ path: ViewPath,
    into laidOut: inout LaidOutView?
  ) -> Size {
    guard k > 0 else {
      let size = base(view.kind, proposal: proposal, axis: axis, path: path, into: &laidOut)
      laidOut?.baseProposal = Size(width: proposal.width ?? size.width, height: proposal.height ?? size.height)
      laidOut?.sizes[0] = size
      return size
    }
    func content(_ p: ProposedSize) -> Size { level(view, k - 1, p, axis, path, into: &laidOut) }
    let size: Size
    switch view.modifiers[k - 1] {
    case .frame(let w, let h, let alignment):
      let fw = w.map { max(0, $0.value(at: t)) }, fh = h.map { max(0, $0.value(at: t)) }
      let cs = content(ProposedSize(width: fw ?? proposal.width, height: fh ?? proposal.height))
      size = Size(width: fw ?? cs.width, height: fh ?? cs.height)
      laidOut?.shifts[k - 1] = Point(
        x: (size.width - cs.width) * alignment.x, y: (size.height - cs.height) * alignment.y)
    case .flexibleFrame(let f):
      let cs = content(ProposedSize(
        width: Layout.flexibleOffer(proposal.width, min: f.minWidth, ideal: f.idealWidth, max: f.maxWidth),
        height: Layout.flexibleOffer(proposal.height, min: f.minHeight, ideal: f.idealHeight, max: f.maxHeight)))
      size = Size(
        width: Layout.flexibleLength(cs.width, proposal.width, min: f.minWidth, ideal: f.idealWidth, max: f.maxWidth),
        height: Layout.flexibleLength(cs.height, proposal.height, min: f.minHeight, ideal: f.idealHeight, max: f.maxHeight))
      laidOut?.shifts[k - 1] = Point(
        x: (size.width - cs.width) * f.alignment.x, y: (size.height - cs.height) * f.alignment.y)
    case .aspectRatio(let ratio, let mode):
      var nothing: LaidOutView?
      let needsIdeal = ratio == nil || (proposal.width == nil && proposal.height == nil)
      let ideal = needsIdeal ? level(view, k - 1, ProposedSize(width: nil, height: nil), axis, path, into: &nothing) : .zero
      let r = ratio ?? (ideal.width > 0 && ideal.height > 0 ? ideal.width / ideal.height : nil)
      size = content(r.map { Layout.aspectOffer(proposal, ratio: $0, mode: mode, idealWidth: ideal.width) } ?? proposal)
    case .fixedSize(let horizontal, let vertical):
      size = content(ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height))
    case .padding(let top, let leading, let bottom, let trailing):
      let cs = content(ProposedSize(
        width: proposal.width.map { max(0, $0 - leading - trailing) },
        height: proposal.height.map { max(0, $0 - top - bottom) }))
      size = Size(width: cs.width + leading + trailing, height: cs.height + top + bottom)
      laidOut?.shifts[k - 1] = Point(x: leading, y: top)
    case .mask(let attached, let alignment), .overlay(let attached, let alignment), .background(let attached, let alignment):
      // SwiftUI's `mask(alignment:_:)`, `overlay(alignment:content:)` and
      // `background(alignment:content:)`: the view is offered the content's size and aligned in
      // its frame; it takes no part in the content's own size.
      size = content(proposal)
      if laidOut != nil {
        let m = place(attached, ProposedSize(size), axis: nil, path: path + [-k])
        laidOut?.attachments[k - 1] = LaidOutView.Attachment(
          layout: m,
          offset: Point(x: (size.width - m.size.width) * alignment.x, y: (size.height - m.size.height) * alignment.y))
      }
    default:
      size = content(proposal)
    }
    laidOut?.sizes[k] = size
    return size
  }

  /// The base view's size; a stack's children are laid out (and kept when `laidOut` is given).
  private func base(
    _ kind: ViewKind, proposal: ProposedSize, axis: StackAxis?, path: ViewPath, into laidOut: inout LaidOutView?
  ) -> Size {
    switch kind {
    case .shape:
      return Size(width: proposal.width ?? Layout.idealShapeLength, height: proposal.height ?? Layout.idealShapeLength)
    case .spacer(let minLength):
      func grow(_ p: Double?) -> Double { max(minLength, p ?? minLength) }
      switch axis {
      case .horizontal?: return Size(width: grow(proposal.width), height: 0)
      case .vertical?: return Size(width: 0, height: grow(proposal.height))
      case nil: return Size(width: grow(proposal.width), height: grow(proposal.height))
      }
    case .text(let text):
      // SwiftUI's Text on one line, never wrapped or truncated: its typographic box.
      return text.size(at: t)
    case .zStack(let alignment, let children):
      let sizes: [Size]
      if laidOut != nil {
        let placed = children.enumerated().map { place($1, proposal, axis: nil, path: path + [$0]) }
        laidOut?.children = placed
        sizes = placed.map(\.size)
      } else {
        sizes = children.enumerated().map { measure($1, proposal, path: path + [$0]) }
      }
      let size = Size(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
      laidOut?.childOffsets = sizes.map {
        Point(x: (size.width - $0.width) * alignment.x, y: (size.height - $0.height) * alignment.y)
      }
      return size
    case .hStack(let alignment, let spacing, let children), .vStack(let alignment, let spacing, let children):
      var horizontal = false
      if case .hStack = kind { horizontal = true }
      let stackAxis: StackAxis = horizontal ? .horizontal : .vertical
      guard !children.isEmpty else { return .zero }
      let proposals = stackProposals(children, horizontal: horizontal, spacing: spacing, proposal: proposal, path: path)
      let sizes: [Size]
      if laidOut != nil {
        let placed = children.indices.map { place(children[$0], proposals[$0], axis: stackAxis, path: path + [$0]) }
        laidOut?.children = placed
        sizes = placed.map(\.size)
      } else {
        sizes = children.indices.map { measure(children[$0], proposals[$0], axis: stackAxis, path: path + [$0]) }
      }
      let (size, offsets) = Layout.stackOffsets(sizes, horizontal: horizontal, alignment: alignment, spacing: spacing)
      laidOut?.childOffsets = offsets
      return size
    }
  }

  // MARK: - Frames

  /// What a flexible frame offers its content on one axis: the offer `p` (or, when the frame is
  /// offered nothing there, its `ideal`) clamped to `min…max`; nil when there is neither.
  static func flexibleOffer(_ p: Double?, min lo: Double?, ideal: Double?, max hi: Double?) -> Double? {
    guard var v = p ?? ideal else { return nil }
    if let lo { v = Swift.max(v, lo) }
    if let hi { v = Swift.min(v, hi) }
    return v
  }

  /// A flexible frame's length on one axis for content of length `c` offered `p`: with a
  /// minimum, `max(min, min(c, p))`; with a maximum, `min(max, max(c, p))`; offered nothing,
  /// its `ideal` (or `c`) clamped to `min…max`.
  static func flexibleLength(_ c: Double, _ p: Double?, min lo: Double?, ideal: Double?, max hi: Double?) -> Double {
    guard let p else {
      var v = ideal ?? c
      if let lo { v = Swift.max(v, lo) }
      if let hi { v = Swift.min(v, hi) }
      return v
    }
    var v = c
    if let lo { v = Swift.max(lo, Swift.min(v, p)) }
    if let hi { v = Swift.min(hi, Swift.max(v, p)) }
    return v
  }

  /// What `aspectRatio` offers its content: the largest (`fit`) or smallest (`fill`) size of
  /// width / height `ratio` within (around) the offer; a side offered nothing follows the other;
  /// offered nothing on both, the content's ideal width and the height the ratio gives.
  static func aspectOffer(_ p: ProposedSize, ratio: Double, mode: AspectRatioMode, idealWidth: Double) -> ProposedSize {
    let width: Double
    switch (p.width, p.height) {
    case (let w?, let h?): width = mode == .fit ? min(w, h * ratio) : max(w, h * ratio)
    case (let w?, nil): width = w
    case (nil, let h?): width = h * ratio
    case (nil, nil): width = idealWidth
    }
    return ProposedSize(width: width, height: width / ratio)
  }

  // MARK: - Stacks

  /// What a stack offers each child (SwiftUI's algorithm): the space along the axis less the
  /// spacing is shared out; the least flexible children (flexibility: the length a child takes
  /// offered the unbounded length less the length it takes offered 0) are sized first, each
  /// offered an equal share of what is left; ties keep the children's order. Across, every
  /// child is offered the stack's offer. A stack offered nothing along its axis offers its
  /// children nothing there (their ideal lengths). `path` is the stack's.
  func stackProposals(
    _ children: [SceneView], horizontal: Bool, spacing: Double, proposal: ProposedSize, path: ViewPath
  ) -> [ProposedSize] {
    func along(_ s: Size) -> Double { horizontal ? s.width : s.height }
    func make(_ a: Double?, _ c: Double?) -> ProposedSize {
      horizontal ? ProposedSize(width: a, height: c) : ProposedSize(width: c, height: a)
    }
    let axis: StackAxis = horizontal ? .horizontal : .vertical
    let crossProposal = horizontal ? proposal.height : proposal.width
    guard let alongProposal = horizontal ? proposal.width : proposal.height else {
      return children.map { _ in make(nil, crossProposal) }
    }
    let flexibility = children.indices.map { i -> Double in
      let small = measure(children[i], make(0, crossProposal), axis: axis, path: path + [i])
      let large = measure(children[i], make(Layout.unbounded, crossProposal), axis: axis, path: path + [i])
      return along(large) - along(small)
    }
    var remaining = max(0, alongProposal - spacing * Double(children.count - 1))
    var lengths = [Double](repeating: 0, count: children.count)
    let order = children.indices.sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }
    for (n, i) in order.enumerated() {
      let share = remaining / Double(children.count - n)
      let s = measure(children[i], make(share, crossProposal), axis: axis, path: path + [i])
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
