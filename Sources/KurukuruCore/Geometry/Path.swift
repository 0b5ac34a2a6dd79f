// MARK: - BezierPath

/// One command of a `BezierPath`. Coordinates are in the path's local points.
public enum PathElement: Equatable, Hashable, Sendable {
  /// Starts a new subpath at the point.
  case move(Point)
  /// A straight line from the current point.
  case line(Point)
  /// A cubic Bézier from the current point with two control points and an end point.
  case cubic(Point, Point, Point)
  /// Closes the current subpath with a straight line back to its start.
  case close
}

/// A sequence of subpaths made of lines and cubic Béziers — every shape is lowered to this
/// before drawing (ARCHITECTURE.md §2), so trimming and rasterizing need to know only four commands.
public struct BezierPath: Equatable, Hashable, Sendable {
  public var elements: [PathElement]
  public init(_ elements: [PathElement] = []) { self.elements = elements }
  public var isEmpty: Bool { elements.isEmpty }

  public mutating func move(to p: Point) { elements.append(.move(p)) }
  public mutating func line(to p: Point) { elements.append(.line(p)) }
  public mutating func cubic(_ c1: Point, _ c2: Point, _ p: Point) { elements.append(.cubic(c1, c2, p)) }
  public mutating func close() { elements.append(.close) }
}
