import Foundation

// MARK: - Projection

/// A 2-D projective transform (a homography), what SwiftUI's `ProjectionTransform` is: the plane
/// of a view mapped through a 3-D rotation and a perspective divide back onto the screen.
///
/// Column-vector convention: `(x, y)` maps to `(X / W, Y / W)` with
/// `X = m11·x + m12·y + m13`, `Y = m21·x + m22·y + m23`, `W = m31·x + m32·y + m33`.
/// Units are points, y down. Points with `W ≤ 0` lie behind the viewer and are not drawn.
public struct Projection: Equatable, Hashable, Sendable {
  public var m11: Double, m12: Double, m13: Double
  public var m21: Double, m22: Double, m23: Double
  public var m31: Double, m32: Double, m33: Double

  public init(
    m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double, m31: Double, m32: Double,
    m33: Double
  ) {
    self.m11 = m11; self.m12 = m12; self.m13 = m13
    self.m21 = m21; self.m22 = m22; self.m23 = m23
    self.m31 = m31; self.m32 = m32; self.m33 = m33
  }

  /// The affine transform `t` as a projection (`W = 1`).
  public init(_ t: Transform) {
    self.init(m11: t.a, m12: t.c, m13: t.tx, m21: t.b, m22: t.d, m23: t.ty, m31: 0, m32: 0, m33: 1)
  }

  public static let identity = Projection(.identity)

  /// SwiftUI's `rotation3DEffect` for a view of `size` points.
  ///
  /// A point `(x, y)` of the view (z = 0) is moved by −(anchor, anchorZ), turned by `degrees`
  /// about `axis` (right-handed in x right, y down, z towards the viewer, so a turn about z is
  /// clockwise on screen, as `rotationEffect`), divided by `W = 1 − z · perspective / max(w, h)`
  /// (Core Animation's `m34 = −perspective / max(w, h)`) and moved back by the anchor.
  /// - Parameters:
  ///   - degrees: the angle in degrees.
  ///   - axis: the axis (x, y, z); any length except zero (normalised here).
  ///   - anchor: the anchor in the view's points.
  ///   - anchorZ: the anchor's depth in points (positive = towards the viewer). Default 0.
  ///   - perspective: the relative vanishing point; 0 is an orthographic projection. Default 1.
  ///   - size: the view's size in points.
  /// - Returns: the projection; the identity for a zero axis or a zero turn with `anchorZ` 0.
  public static func rotation3D(
    degrees: Double, axis: (x: Double, y: Double, z: Double), anchor: Point, anchorZ: Double = 0,
    perspective: Double = 1, size: Size
  ) -> Projection {
    guard let r = rotationMatrix(degrees: degrees, axis: axis) else { return .identity }
    return rotation3D(matrix: r, anchor: anchor, anchorZ: anchorZ, perspective: perspective, size: size)
  }

  /// Several turns composed into one 3-D rotation, then projected once: `turns[0]` turns the
  /// view first, each later turn turns the result, and the product `R = Rₙ ⋯ R₁` goes through
  /// the same anchor, `anchorZ` and perspective divide as one turn does. This is a CSS
  /// transform list (`rotateX(a) rotateY(b) rotateZ(c)` multiplies into one 4 × 4 matrix, the
  /// last function acting first, before the one flattening) and a Core Animation layer's
  /// `transform`. Turns about a zero axis are skipped. One turn is `rotation3D(degrees:axis:…)`,
  /// bit for bit.
  /// - Parameters: as `rotation3D(degrees:axis:anchor:anchorZ:perspective:size:)`, with `turns`
  ///   the angles in degrees and their axes, innermost first.
  public static func rotation3D(
    turns: [(degrees: Double, axis: (x: Double, y: Double, z: Double))], anchor: Point, anchorZ: Double = 0,
    perspective: Double = 1, size: Size
  ) -> Projection {
    if turns.count == 1 {
      return rotation3D(degrees: turns[0].degrees, axis: turns[0].axis, anchor: anchor, anchorZ: anchorZ, perspective: perspective, size: size)
    }
    var product: Matrix3?
    for turn in turns {
      guard let r = rotationMatrix(degrees: turn.degrees, axis: turn.axis) else { continue }
      product = product.map { r.times($0) } ?? r
    }
    guard let product else { return .identity }
    return rotation3D(matrix: product, anchor: anchor, anchorZ: anchorZ, perspective: perspective, size: size)
  }

  /// A 3 × 3 matrix of column vectors (x right, y down, z towards the viewer).
  struct Matrix3 {
    var r11, r12, r13, r21, r22, r23, r31, r32, r33: Double

    /// `self · m`: `m` applies first.
    func times(_ m: Matrix3) -> Matrix3 {
      Matrix3(
        r11: r11 * m.r11 + r12 * m.r21 + r13 * m.r31, r12: r11 * m.r12 + r12 * m.r22 + r13 * m.r32,
        r13: r11 * m.r13 + r12 * m.r23 + r13 * m.r33,
        r21: r21 * m.r11 + r22 * m.r21 + r23 * m.r31, r22: r21 * m.r12 + r22 * m.r22 + r23 * m.r32,
        r23: r21 * m.r13 + r22 * m.r23 + r23 * m.r33,
        r31: r31 * m.r11 + r32 * m.r21 + r33 * m.r31, r32: r31 * m.r12 + r32 * m.r22 + r33 * m.r32,
        r33: r31 * m.r13 + r32 * m.r23 + r33 * m.r33)
    }
  }

  /// Rodrigues' rotation matrix of `degrees` about the normalised `axis`; nil for a zero or
  /// non-finite axis.
  static func rotationMatrix(degrees: Double, axis: (x: Double, y: Double, z: Double)) -> Matrix3? {
    let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
    guard length > 0, length.isFinite else { return nil }
    let nx = axis.x / length, ny = axis.y / length, nz = axis.z / length
    let (s, c) = exactSinCos(degrees: degrees)
    let k1 = 1 - c
    return Matrix3(
      r11: c + nx * nx * k1, r12: nx * ny * k1 - nz * s, r13: nx * nz * k1 + ny * s,
      r21: ny * nx * k1 + nz * s, r22: c + ny * ny * k1, r23: ny * nz * k1 - nx * s,
      r31: nz * nx * k1 - ny * s, r32: nz * ny * k1 + nx * s, r33: c + nz * nz * k1)
  }

  /// The projection of the view's plane turned by the rotation `r` about (anchor, anchorZ):
  /// `q = R·((x, y, 0) − (ax, ay, az))`, screen point `q.xy / W + anchor` with
  /// `W = 1 − q.z · perspective / max(w, h)`.
  static func rotation3D(matrix r: Matrix3, anchor: Point, anchorZ: Double, perspective: Double, size: Size) -> Projection {
    let side = max(size.width, size.height)
    let k = side > 0 && perspective.isFinite ? perspective / side : 0
    let (ax, ay, az) = (anchor.x, anchor.y, anchorZ)
    // The rotated anchor: q = R·(x, y, 0) − R·(ax, ay, az).
    let cx = r.r11 * ax + r.r12 * ay + r.r13 * az
    let cy = r.r21 * ax + r.r22 * ay + r.r23 * az
    let cz = r.r31 * ax + r.r32 * ay + r.r33 * az
    // W = 1 − k·q.z; screen = q.xy / W + anchor, so X = q.x + ax·W, Y = q.y + ay·W.
    let w1 = -k * r.r31, w2 = -k * r.r32, w3 = 1 + k * cz
    return Projection(
      m11: r.r11 + ax * w1, m12: r.r12 + ax * w2, m13: -cx + ax * w3,
      m21: r.r21 + ay * w1, m22: r.r22 + ay * w2, m23: -cy + ay * w3,
      m31: w1, m32: w2, m33: w3)
  }

  /// Sine and cosine of `degrees`, exact (0, ±1) at multiples of 90°, so that a half turn is an
  /// exact mirror and a quarter turn exactly edge-on.
  public static func exactSinCos(degrees: Double) -> (sin: Double, cos: Double) {
    let r = degrees.truncatingRemainder(dividingBy: 360)
    switch r {
    case 0: return (0, 1)
    case 90, -270: return (1, 0)
    case 180, -180: return (0, -1)
    case 270, -90: return (-1, 0)
    default:
      let radians = r * .pi / 180
      return (sin(radians), cos(radians))
    }
  }

  // MARK: - Composition

  /// `self` followed by `next`: `(self.then(next)).apply(p) == next.apply(self.apply(p))`.
  public func then(_ next: Projection) -> Projection {
    let n = next
    return Projection(
      m11: n.m11 * m11 + n.m12 * m21 + n.m13 * m31, m12: n.m11 * m12 + n.m12 * m22 + n.m13 * m32,
      m13: n.m11 * m13 + n.m12 * m23 + n.m13 * m33,
      m21: n.m21 * m11 + n.m22 * m21 + n.m23 * m31, m22: n.m21 * m12 + n.m22 * m22 + n.m23 * m32,
      m23: n.m21 * m13 + n.m22 * m23 + n.m23 * m33,
      m31: n.m31 * m11 + n.m32 * m21 + n.m33 * m31, m32: n.m31 * m12 + n.m32 * m22 + n.m33 * m32,
      m33: n.m31 * m13 + n.m32 * m23 + n.m33 * m33)
  }

  /// `self` followed by the affine `next`.
  public func then(_ next: Transform) -> Projection { then(Projection(next)) }

  /// The affine transform this projection is, when its last row is (0, 0, 1); otherwise nil.
  public var affine: Transform? {
    guard m31 == 0, m32 == 0, m33 == 1 else { return nil }
    return Transform(a: m11, b: m21, c: m12, d: m22, tx: m13, ty: m23)
  }

  /// Whether every entry is a finite number.
  public var isFinite: Bool {
    [m11, m12, m13, m21, m22, m23, m31, m32, m33].allSatisfy(\.isFinite)
  }

  // MARK: - Mapping points

  /// The homogeneous image `(X, Y, W)` of a point.
  public func homogeneous(_ p: Point) -> (x: Double, y: Double, w: Double) {
    (m11 * p.x + m12 * p.y + m13, m21 * p.x + m22 * p.y + m23, m31 * p.x + m32 * p.y + m33)
  }

  /// Maps a point; nil when it lies behind the viewer (`W ≤ 0`).
  public func apply(_ p: Point) -> Point? {
    let h = homogeneous(p)
    guard h.w > 0 else { return nil }
    return Point(x: h.x / h.w, y: h.y / h.w)
  }

  /// The determinant of the 3 × 3 matrix (0 when the plane is seen edge-on).
  public var determinant: Double {
    m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
  }

  /// The smallest area scale (`areaScale(at:)`) still drawn: below it the plane is edge-on (a
  /// 90° turn about x or y) and covers no pixel.
  public static let edgeOnAreaScale = 1e-9

  /// How much the projection scales areas near `p`: |det| / |W(p)|³ (1 for no change; 0 when the
  /// plane is seen edge-on). Unlike the determinant alone it does not depend on the matrix's
  /// overall factor or on where the plane's origin is.
  public func areaScale(at p: Point) -> Double {
    let w = abs(homogeneous(p).w)
    return w > 0 ? abs(determinant) / (w * w * w) : .infinity
  }

  /// The inverse projection, or nil when the matrix is singular (determinant 0) or its inverse
  /// is not finite.
  public var inverse: Projection? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    let i = 1 / det
    let inverse = Projection(
      m11: (m22 * m33 - m23 * m32) * i, m12: (m13 * m32 - m12 * m33) * i, m13: (m12 * m23 - m13 * m22) * i,
      m21: (m23 * m31 - m21 * m33) * i, m22: (m11 * m33 - m13 * m31) * i, m23: (m13 * m21 - m11 * m23) * i,
      m31: (m21 * m32 - m22 * m31) * i, m32: (m12 * m31 - m11 * m32) * i, m33: (m11 * m22 - m12 * m21) * i)
    return inverse.isFinite ? inverse : nil
  }
}
