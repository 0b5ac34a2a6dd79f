// MARK: - SwiftUISourceError

/// Every failure of reading a SwiftUI source file: finding the compiler, choosing the root view,
/// compiling, running the compiled view. `description` is `FILE: message`; a compile failure is
/// the compiler's own diagnostics (`FILE:LINE:COL: error: …`) followed by that one line.
public struct SwiftUISourceError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: Equatable, Sendable {
    /// The file does not exist or is not UTF-8 text.
    case unreadableFile
    /// No `swiftc` on `PATH` (or at `KURUKURU_SWIFTC`).
    case noCompiler
    /// The file declares no `View`, several without a `--view` choice, or not the one named.
    case noView
    /// The compiler refused the file (often: a SwiftUI API the stand-in does not declare).
    case compileFailed
    /// The stand-in itself did not compile, or its cache folder cannot be written.
    case standIn
    /// The view ran but uses what the preset vocabulary cannot say.
    case unsupported
    /// The view's code ran past the time limit.
    case timeLimit
    /// The view's code crashed or ran out of the memory limit.
    case crashed
  }

  public var kind: Kind
  /// The source file as the user named it.
  public var file: String
  /// Lower-case message, without the file.
  public var message: String
  /// The compiler's diagnostics, for `.compileFailed`.
  public var diagnostics: String?

  public init(file: String, message: String, kind: Kind, diagnostics: String? = nil) {
    self.file = file
    self.message = message
    self.kind = kind
    self.diagnostics = diagnostics
  }

  public var description: String {
    let line = "\(file): \(message)"
    guard let diagnostics, !diagnostics.isEmpty else { return line }
    return diagnostics + "\n" + line
  }
}
