import Foundation
import KurukuruCore

// MARK: - LottieComposition

/// A Lottie document prepared for drawing: precompositions by id, checked once (every `refId`
/// exists, no precomposition contains itself, nesting within `LottieLimits`), and the drawing of
/// any frame as a display list.
///
/// Layers are listed top first and drawn bottom first. A layer shows while `ip ≤ t < op` in its
/// composition's frames, and its own properties are read at that frame `t` (rlottie and ThorVG
/// agree: keyframe times are composition frames). A precomposition's layers see the time
/// `(t − st) / sr`, or `tm(t) · fr / sr` when the layer remaps time (`tm` in seconds; the
/// specification's prose differs when both `st` and `sr` are set). A layer's matrix is its
/// transform after its parents' (a parent's opacity does not pass to its children; hidden layers
/// still parent).
/// Masks (in layer coordinates) and effects apply before the layer's transform; opacity and the
/// blend mode to the layer as a whole. A layer with a track matte is shown through the alpha or
/// luminance of its matte source — the layer `tp` names, else the layer above — which is not drawn
/// itself.
struct LottieComposition: Sendable {
  let model: Lottie.Animation
  let precompositions: [String: [Lottie.Layer]]
  let limits: LottieLimits
  /// An upper bound of the paths drawn in one frame (the view factor of `Limits.maxWork`).
  let drawingCount: Int

  /// - Throws: `LottieError` for a missing precomposition, a cycle of precompositions or of
  ///   parents, nesting or a chain of parents past the limit, or more drawings per frame than
  ///   `limits.maxDrawingsPerFrame`.
  init(_ model: Lottie.Animation, file: String, limits: LottieLimits) throws {
    self.model = model
    self.limits = limits
    var precompositions: [String: [Lottie.Layer]] = [:]
    for asset in model.assets {
      if case .precomposition(let layers, _) = asset.content { precompositions[asset.id] = layers }
    }
    self.precompositions = precompositions
    // Drawings per frame, bounded from above: paths × repeater copies, through precompositions.
    var memo: [String: Int] = [:]
    func drawings(_ layers: [Lottie.Layer], place: String, stack: [String]) throws -> Int {
      guard stack.count <= limits.maxPrecompositionDepth else {
        throw LottieError(
          file: file, location: nil, place: place,
          message: "precompositions nested deeper than \(limits.maxPrecompositionDepth) levels", kind: .limitExceeded)
      }
      var total = 0
      for (i, layer) in layers.enumerated() {
        let here = "\(place)[\(i)]"
        switch layer.content {
        case .shape(let shapes):
          total = LottieComposition.saturatingAdd(total, LottieComposition.drawings(shapes, limits: limits))
        case .precomposition(let refId, _, _, _):
          guard let inner = precompositions[refId] else {
            throw LottieError(
              file: file, location: nil, place: here + ".refId",
              message: "precomposition '\(refId)' is not among the assets", kind: .invalid)
          }
          if stack.contains(refId) {
            throw LottieError(
              file: file, location: nil, place: here + ".refId",
              message: "precompositions contain themselves: \((stack + [refId]).joined(separator: " → "))", kind: .invalid)
          }
          let count = try memo[refId] ?? drawings(inner, place: "assets[\(refId)].layers", stack: stack + [refId])
          memo[refId] = count
          total = LottieComposition.saturatingAdd(total, count)
        case .solid:
          total = LottieComposition.saturatingAdd(total, 1)
        default:
          break
        }
        total = LottieComposition.saturatingAdd(total, layer.masks.count)
      }
      return total
    }
    try LottieComposition.checkParents(model.layers, place: "layers", file: file, limits: limits)
    for asset in model.assets {
      if case .precomposition(let layers, _) = asset.content {
        try LottieComposition.checkParents(layers, place: "assets[\(asset.id)].layers", file: file, limits: limits)
      }
    }
    let count = try drawings(model.layers, place: "layers", stack: [])
    guard count <= limits.maxDrawingsPerFrame else {
      throw LottieError(
        file: file, location: nil, place: "layers",
        message: "a frame could draw \(count) paths (repeaters and precompositions multiplied), more than the limit of \(limits.maxDrawingsPerFrame)",
        kind: .limitExceeded)
    }
    drawingCount = max(1, count)
  }

  /// Checks the chains of parents of one composition's layers (`parent` names a layer's `ind`
  /// in the same composition; an unknown one is no parent): no layer is its own ancestor, and
  /// no chain is longer than `limits.maxParentDepth` layers.
  /// - Throws: `LottieError` (`.invalid` for a cycle, `.limitExceeded` for a long chain) at the
  ///   `parent` of the first layer concerned.
  static func checkParents(_ layers: [Lottie.Layer], place: String, file: String, limits: LottieLimits) throws {
    var positions: [Int: Int] = [:]
    for (i, layer) in layers.enumerated() { if let ind = layer.index, positions[ind] == nil { positions[ind] = i } }
    // Layers in the chain from each layer up, itself included; filled once per layer.
    var depth = [Int?](repeating: nil, count: layers.count)
    for start in layers.indices where depth[start] == nil {
      var chain: [Int] = [], onChain = Set<Int>(), base = 0
      var current: Int? = start
      while let p = current {
        if let d = depth[p] {
          base = d
          break
        }
        if !onChain.insert(p).inserted {
          let loop = (chain.drop { $0 != p } + [p]).map { layers[$0].index.map(String.init) ?? "?" }
          throw LottieError(
            file: file, location: nil, place: "\(place)[\(p)].parent",
            message: "layers are their own parents: ind \(loop.joined(separator: " → "))", kind: .invalid)
        }
        chain.append(p)
        current = layers[p].parent.flatMap { positions[$0] }
      }
      for (k, p) in chain.enumerated() { depth[p] = base + chain.count - k }
      if let d = depth[start], d > limits.maxParentDepth {
        throw LottieError(
          file: file, location: nil, place: "\(place)[\(start)].parent",
          message: "a chain of \(d) parented layers, more than the limit of \(limits.maxParentDepth)", kind: .limitExceeded)
      }
    }
  }

  /// Paths drawn by shape items at most: every path once per style after it, repeaters
  /// multiplying by their largest copy count.
  static func drawings(_ shapes: [Lottie.Shape], limits: LottieLimits) -> Int {
    var paths = 0, drawn = 0
    for shape in shapes {
      switch shape {
      case .group(let g):
        let inner = drawings(g.items, limits: limits)
        drawn = saturatingAdd(drawn, inner)
        paths = saturatingAdd(paths, max(1, inner))
      case .path, .ellipse, .rectangle, .star:
        paths = saturatingAdd(paths, 1)
      case .fill, .stroke, .gradientFill, .gradientStroke:
        drawn = saturatingAdd(drawn, max(1, paths))
      case .repeater(let r):
        let copies: Double
        switch r.copies {
        case .constant(let c): copies = c
        case .animated(let keys): copies = keys.map(\.value).max() ?? 1
        }
        // Clamped as a Double first: a count past any Int must not trap.
        let n = Int(min(max(1, copies.rounded(.up)), Double(max(1, limits.maxRepeaterCopies))))
        paths = saturatingMultiply(paths, n)
        drawn = saturatingMultiply(max(drawn, 1), n)
      default:
        break
      }
    }
    return max(drawn, paths == 0 ? 0 : 1)
  }

  static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
    let (r, o) = a.addingReportingOverflow(b)
    return o ? .max : r
  }

  static func saturatingMultiply(_ a: Int, _ b: Int) -> Int {
    let (r, o) = a.multipliedReportingOverflow(by: b)
    return o ? .max : r
  }

  // MARK: - Drawing a frame

  /// The main composition at `frame` (Lottie frames, fractional allowed), back to front.
  func items(atFrame frame: Double) -> [DisplayItem] {
    items(of: model.layers, atFrame: frame, depth: 0)
  }

  /// The layers of one composition at `frame` of that composition.
  func items(of layers: [Lottie.Layer], atFrame frame: Double, depth: Int) -> [DisplayItem] {
    guard depth <= limits.maxPrecompositionDepth else { return [] }
    var positions: [Int: Int] = [:]
    for (i, layer) in layers.enumerated() { if let ind = layer.index, positions[ind] == nil { positions[ind] = i } }
    var out: [DisplayItem] = []
    for position in layers.indices.reversed() {
      let layer = layers[position]
      if layer.isMatteSource { continue }
      guard var items = layerItems(layers, position, positions, frame: frame, depth: depth) else { continue }
      if let mode = layer.matteMode {
        let sourcePosition = layer.matteParent.flatMap { positions[$0] } ?? position - 1
        let mask = layers.indices.contains(sourcePosition)
          ? (layerItems(layers, sourcePosition, positions, frame: frame, depth: depth) ?? []) : []
        items = [.masked(MaskGroup(
          source: mode == .alpha || mode == .alphaInverted ? .alpha : .luminance,
          inverted: mode == .alphaInverted || mode == .lumaInverted, mask: mask, items: items))]
      }
      out += items
    }
    return out
  }

  /// One layer at `frame` of its composition, in the composition's coordinates; nil while it is
  /// hidden or outside `ip…op`.
  func layerItems(_ layers: [Lottie.Layer], _ position: Int, _ positions: [Int: Int], frame: Double, depth: Int) -> [DisplayItem]? {
    let layer = layers[position]
    guard !layer.hidden, frame >= layer.inPoint, frame < layer.outPoint else { return nil }
    let local = frame
    var items: [DisplayItem]
    switch layer.content {
    case .shape(let shapes):
      items = LottieShapeRenderer(frame: local, limits: limits).items(shapes)
    case .precomposition(let refId, let width, let height, let remap):
      guard let inner = precompositions[refId] else { return nil }
      let childFrame = LottieComposition.childFrame(layer, remap: remap, frame: frame, frameRate: model.frameRate)
      let children = self.items(of: inner, atFrame: childFrame, depth: depth + 1)
      items = width > 0 && height > 0
        ? [.clipped(ClipGroup(path: LottieComposition.rectangle(width, height), transform: .identity, items: children))]
        : children
    case .solid(let color, let width, let height):
      guard let c = LottieComposition.color(hex: color), width > 0, height > 0 else { return nil }
      items = [.drawing(Drawing(path: LottieComposition.rectangle(width, height), transform: .identity, style: .fill(evenOdd: false), paint: .color(c)))]
    case .null, .image, .text, .other:
      return nil
    }
    if items.isEmpty { return [] }
    let matrix = worldMatrix(layers, position, positions, frame: frame)
    // Masks of mode `n` do nothing: a layer with only those is not masked (lottie-web, Skottie).
    if layer.masks.contains(where: { $0.mode != .none }) {
      items = [.masked(MaskGroup(source: .alpha, mask: maskItems(layer.masks, at: local, matrix: matrix), items: items))]
    }
    var wrapper = Layer(items: [])
    for effect in layer.effects where effect.enabled {
      switch effect.type {
      case 29:
        // Gaussian blur: blurriness in pixels, σ = 0.3 · blurriness (Skottie's
        // kBlurSizeToSigma); Layer.blur is a radius of 2σ.
        wrapper.blur += 0.6 * max(0, effect.number(0, at: local))
      case 25:
        let rgb = effect.vector(0, at: local)
        let opacity = min(max(effect.number(1, at: local) / 255, 0), 1)
        let direction = effect.number(2, at: local) * .pi / 180, distance = effect.number(3, at: local)
        let softness = max(0, effect.number(4, at: local))
        wrapper.shadow = Shadow(
          color: RGBAColor(red: rgb.first ?? 0, green: rgb.count > 1 ? rgb[1] : 0, blue: rgb.count > 2 ? rgb[2] : 0, alpha: opacity),
          radius: 0.6 * softness, offset: Point(x: distance * sin(direction), y: -distance * cos(direction)))
      default:
        break
      }
    }
    wrapper.opacity = layer.transform.opacity(atFrame: local)
    wrapper.blendMode = LottieComposition.blendMode(layer.blendMode)
    items = items.transformed(by: matrix)
    if wrapper.opacity <= 0 { return [] }
    if wrapper.opacity < 1 || wrapper.blendMode != .normal || wrapper.blur > 0 || wrapper.shadow != nil {
      // The blur and the shadow are in the layer's coordinates: scaled with it.
      let scale = abs(matrix.determinant).squareRoot()
      wrapper.blur *= scale
      if var s = wrapper.shadow {
        s.radius *= scale
        wrapper.shadow = s
      }
      wrapper.items = items
      return [.layer(wrapper)]
    }
    return items
  }

  /// The frame a precomposition layer's children see at `frame`: `(t − st) / sr`, or with time
  /// remapping `tm(t) · fr / sr`.
  static func childFrame(_ layer: Lottie.Layer, remap: Lottie.Property<Double>?, frame: Double, frameRate: Double) -> Double {
    let stretch = layer.timeStretch == 0 ? 1 : layer.timeStretch
    guard let remap else { return (frame - layer.startTime) / stretch }
    return remap.value(atFrame: frame) * frameRate / stretch
  }

  /// The layer's matrix (layer → composition) at `frame`: its own transform (with auto-orient),
  /// then its parents'.
  func worldMatrix(_ layers: [Lottie.Layer], _ position: Int, _ positions: [Int: Int], frame: Double) -> Transform {
    var m = Transform.identity
    var current: Int? = position
    var steps = 0
    while let p = current, steps < limits.maxParentDepth {
      let layer = layers[p]
      let local = frame
      var turn = 0.0
      if layer.autoOrient, case .combined(let position) = layer.transform.position, let heading = position.heading(atFrame: local) {
        turn = heading
      }
      m = m.then(layer.transform.matrix(atFrame: local, extraRotation: turn))
      current = layer.parent.flatMap { positions[$0] }
      steps += 1
    }
    return m
  }

  // MARK: - Masks

  /// A layer's masks as the items of an alpha mask, in layer coordinates: each path filled white
  /// at the mask's opacity and combined with what the masks before it left — add (over),
  /// subtract (removes: as the first mask, from full coverage), intersect (keeps only inside),
  /// difference (exclusive or); `n` masks and lighten/darken (drawn as add) aside. An inverted
  /// mask is its path's outside, within the canvas seen from the layer.
  func maskItems(_ masks: [Lottie.Mask], at frame: Double, matrix: Transform) -> [DisplayItem] {
    var out: [DisplayItem] = []
    let canvas = canvasInLayer(matrix)
    var first = true
    for mask in masks where mask.mode != .none {
      let opacity = min(max(mask.opacity.value(atFrame: frame) / 100, 0), 1)
      var shape = LottieGeometry.path(mask.path.value(atFrame: frame))
      var evenOdd = false
      if mask.inverted {
        shape.elements = canvas.elements + shape.elements
        evenOdd = true
      }
      let fill = DisplayItem.drawing(Drawing(
        path: shape, transform: .identity, style: .fill(evenOdd: evenOdd), paint: .color(RGBAColor(red: 1, green: 1, blue: 1, alpha: opacity))))
      let mode: LayerBlendMode
      switch mask.mode {
      case .add, .lighten, .darken, .none: mode = .normal
      case .subtract: mode = .destinationOut
      case .intersect: mode = .destinationIn
      case .difference: mode = .xor
      }
      if first, mask.mode == .subtract {
        out.append(.drawing(Drawing(path: canvas, transform: .identity, style: .fill(evenOdd: false), paint: .color(.white))))
      }
      if first, mask.mode == .intersect || mask.mode == .difference {
        // Nothing yet to intersect or differ from: the first mask counts as an add.
        out.append(fill)
      } else {
        out.append(mode == .normal ? fill : .layer(Layer(items: [fill], blendMode: mode)))
      }
      first = false
    }
    return out
  }

  /// The canvas (the main composition's rectangle, with a margin of one canvas on every side)
  /// in a layer's coordinates, or a large square when the layer's matrix cannot be inverted.
  func canvasInLayer(_ matrix: Transform) -> BezierPath {
    let w = model.width, h = model.height
    let corners = [Point(x: -w, y: -h), Point(x: 2 * w, y: -h), Point(x: 2 * w, y: 2 * h), Point(x: -w, y: 2 * h)]
    let det = matrix.determinant
    var path = BezierPath()
    guard abs(det) > 1e-12 else {
      let s = 1e5
      path.move(to: Point(x: -s, y: -s))
      for p in [Point(x: s, y: -s), Point(x: s, y: s), Point(x: -s, y: s)] { path.line(to: p) }
      path.close()
      return path
    }
    let inverse = Transform(
      a: matrix.d / det, b: -matrix.b / det, c: -matrix.c / det, d: matrix.a / det,
      tx: (matrix.c * matrix.ty - matrix.d * matrix.tx) / det, ty: (matrix.b * matrix.tx - matrix.a * matrix.ty) / det)
    path.move(to: inverse.apply(corners[0]))
    for p in corners.dropFirst() { path.line(to: inverse.apply(p)) }
    path.close()
    return path
  }

  // MARK: - Pieces

  /// The rectangle (0, 0)…(w, h), clockwise.
  static func rectangle(_ w: Double, _ h: Double) -> BezierPath {
    var path = BezierPath()
    path.move(to: .zero)
    path.line(to: Point(x: w, y: 0))
    path.line(to: Point(x: w, y: h))
    path.line(to: Point(x: 0, y: h))
    path.close()
    return path
  }

  /// `#RRGGBB` (or `#RGB`) as a colour.
  static func color(hex: String) -> RGBAColor? {
    var s = hex.trimmingCharacters(in: .whitespaces)
    if s.hasPrefix("#") { s.removeFirst() }
    if s.count == 3 { s = s.map { "\($0)\($0)" }.joined() }
    guard s.count >= 6, let v = UInt32(s.prefix(6), radix: 16) else { return nil }
    return RGBAColor(red: Double(v >> 16 & 0xFF) / 255, green: Double(v >> 8 & 0xFF) / 255, blue: Double(v & 0xFF) / 255, alpha: 1)
  }

  /// Lottie's blend mode numbers (`bm`): 0 normal … 15 luminosity, 16 add; others normal.
  static func blendMode(_ n: Int) -> LayerBlendMode {
    let modes: [LayerBlendMode] = [
      .normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight, .softLight,
      .difference, .exclusion, .hue, .saturation, .color, .luminosity, .add,
    ]
    return modes.indices.contains(n) ? modes[n] : .normal
  }
}

extension Lottie.Effect {
  /// Control `i` as a number at `frame` (0 when absent).
  func number(_ i: Int, at frame: Double) -> Double {
    guard values.indices.contains(i) else { return 0 }
    return values[i].value.value(atFrame: frame).first ?? 0
  }

  /// Control `i` as numbers at `frame`.
  func vector(_ i: Int, at frame: Double) -> [Double] {
    guard values.indices.contains(i) else { return [] }
    return values[i].value.value(atFrame: frame)
  }
}
