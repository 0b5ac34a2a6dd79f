import Foundation

// MARK: - AnimationSyntaxError

/// Why an animation or timing-curve string could not be parsed, and where.
///
/// Messages are lower-case, name the offending name or argument and, for misspelt names, suggest
/// the nearest valid one: `unknown animation 'easIn' — did you mean 'easeIn'?`.
package struct AnimationSyntaxError: Error, Equatable, CustomStringConvertible {
  /// 0-based offset, in characters, into the parsed text.
  package var offset: Int
  /// What is wrong, lower-case.
  package var message: String

  /// Creates an error.
  /// - Parameters:
  ///   - offset: 0-based character offset into the parsed text.
  ///   - message: lower-case description.
  package init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }

  /// "at character N: message" with a 0-based N.
  package var description: String { "at character \(offset): \(message)" }
}
