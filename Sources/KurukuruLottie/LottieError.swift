// MARK: - LottieError

/// A scene that the Lottie exporter cannot write without changing the animation. The
/// description is one line naming the view (by its place in the tree, as preset errors do) and
/// the modifier or paint.
public struct LottieError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file the scene was read from (`ResolvedScene.file`), or the scene's name when it was
  /// made in code.
  public var file: String
  /// Where in the view tree, e.g. `view.ZStack.content[1]`.
  public var place: String
  /// What cannot be exported, e.g. `an AngularGradient on a Rectangle`.
  public var message: String

  public init(file: String, place: String, message: String) {
    self.file = file
    self.place = place
    self.message = message
  }

  public var description: String {
    "\(file): cannot export to Lottie: \(message) (at \(place))"
  }
}
