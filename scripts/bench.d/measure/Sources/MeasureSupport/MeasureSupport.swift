import Foundation

// MARK: - Timing

/// The wall time `body` takes, in seconds, from the monotonic clock.
/// - Parameter body: the work to time; its errors are passed on.
/// - Returns: seconds (≥ 0).
public func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

// MARK: - Command line

/// The options of a measurement: `--NAME VALUE` pairs, each name at most once.
public struct MeasureOptions {
  private var values: [String: String] = [:]

  /// Reads `arguments`; an unknown name, a missing value or `--help` prints `usage` and exits
  /// (status 0 for `--help`, 2 otherwise).
  /// - Parameters:
  ///   - names: the option names accepted, without the leading `--`.
  ///   - usage: the usage text, printed as is.
  ///   - arguments: default the process's arguments without the executable.
  public init(names: Set<String>, usage: String, arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
    var rest = arguments[...]
    while let word = rest.popFirst() {
      if word == "--help" || word == "-h" {
        print(usage)
        exit(0)
      }
      let name = word.hasPrefix("--") ? String(word.dropFirst(2)) : ""
      guard names.contains(name), values[name] == nil, let value = rest.popFirst() else {
        fail("bad argument '\(word)'\n\(usage)")
      }
      values[name] = value
    }
  }

  /// The value given for `--name`, or nil.
  public subscript(name: String) -> String? { values[name] }

  /// The value of `--name` as a whole number ≥ 1, or `fallback` when absent.
  public func count(_ name: String, default fallback: Int) -> Int {
    guard let text = values[name] else { return fallback }
    guard let value = Int(text), value >= 1 else { fail("--\(name) needs a whole number ≥ 1, got '\(text)'") }
    return value
  }
}

// MARK: - Failure

/// Prints `message` on stderr, prefixed with the executable's name, and exits with status 2:
/// the measurement could not run (or measured something other than it should).
public func fail(_ message: String) -> Never {
  let name = URL(fileURLWithPath: CommandLine.arguments.first ?? "measure").lastPathComponent
  FileHandle.standardError.write(Data("\(name): \(message)\n".utf8))
  exit(2)
}
