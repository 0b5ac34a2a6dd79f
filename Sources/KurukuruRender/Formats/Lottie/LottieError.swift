// MARK: - LottieError

/// A scene that the Lottie exporter cannot write without changing the animation. The
/// description is one line naming the view (by its place in the tree, as preset errors do) and
/// the modifier or paint.
public struct LottieError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The scene's name.
  public var scene: String
  /// Where in the view tree, e.g. `view.ZStack.content[1]`.
  public var place: String
  /// What cannot be exported, e.g. `an AngularGradient on a Rectangle`.
  public var message: String

  public init(scene: String, place: String, message: String) {
    self.scene = scene
    self.place = place
    self.message = message
  }

  public var description: String {
    "\(scene): cannot export to Lottie: \(message) (at \(place))"
  }
}
