import Foundation

// MARK: - Standard streams

enum Console {
  static func out(_ line: String) { print(line) }
  static func err(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// The one form of a warning on stderr, as compilers write them: `PLACE: warning: message`,
  /// where the place is the file it is about (or the command, for an option:
  /// `render: warning: …`). Lottie's reader makes its own lines in the same form, with the
  /// line and column (`FILE:LINE:COL: warning: …`).
  static func warning(_ place: String, _ message: String) { err("\(place): warning: \(message)") }

  /// A note in the same form: `PLACE: note: message`.
  static func note(_ place: String, _ message: String) { err("\(place): note: \(message)") }
}
