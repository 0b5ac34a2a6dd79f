// MARK: - viewBox

extension PresetReader {
  /// The modifiers that draw the root view in an SVG `viewBox` (`[minX, minY, width, height]`,
  /// drawing units) on a canvas of `canvas` points: the root is laid out in a `width` × `height`
  /// frame and scaled about its centre by `min(canvas.width / width, canvas.height / height)`,
  /// which is SVG 2's default `preserveAspectRatio="xMidYMid meet"` (the whole box visible, as
  /// large as fits, centred on the axis with room to spare). `minX`/`minY` only say where the
  /// SVG's user space begins: views are placed by layout here, so they move nothing.
  func viewBox(_ node: JSONNode, canvas: Size) throws -> [Modifier] {
    let items = try array(node, path: "viewBox")
    guard items.count == 4 else {
      throw fail(node, "viewBox", "viewBox is [minX, minY, width, height] in drawing units, as SVG's viewBox=\"minX minY width height\"; got \(items.count) numbers")
    }
    let v = try items.enumerated().map { try number($1, path: "viewBox[\($0)]") }
    for (i, side) in [(2, "width"), (3, "height")] {
      guard v[i] > 0, v[i] <= limits.maxCanvasPoints else {
        throw fail(items[i], "viewBox[\(i)]", "the viewBox \(side) must be in (0, \(fmt(limits.maxCanvasPoints))] drawing units, got \(fmt(v[i]))")
      }
    }
    guard v[0].magnitude <= limits.maxCanvasPoints, v[1].magnitude <= limits.maxCanvasPoints else {
      throw fail(node, "viewBox", "the viewBox origin must be within ±\(fmt(limits.maxCanvasPoints))")
    }
    let scale = min(canvas.width / v[2], canvas.height / v[3])
    guard scale <= limits.maxScale else {
      throw fail(node, "viewBox", "the viewBox would scale its drawing by \(fmt(scale)), more than \(fmt(limits.maxScale)); give it the units the drawing uses")
    }
    return [
      .frame(width: .constant(v[2]), height: .constant(v[3]), alignment: .center),
      .scaleEffect(x: .constant(scale), y: .constant(scale), anchor: .center),
    ]
  }
}
