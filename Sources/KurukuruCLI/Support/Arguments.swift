import KurukuruCore
import KurukuruRender

// MARK: - Arguments

/// The parsed command line of one subcommand: positional arguments, options with values
/// (`--scale 2` or `--scale=2`, repeatable ones collected in order) and flags.
struct Arguments {
  var positional: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  /// The command its errors name, e.g. `render`.
  let command: String

  /// What a subcommand accepts.
  struct Spec {
    /// Options that take a value.
    var options: [String]
    /// Options without a value.
    var flags: [String]
  }

  /// Parses `args` against `spec`.
  /// - Throws: `UsageError` for an unknown option (with a suggestion) or a missing value.
  init(_ args: [String], spec: Spec, command: String) throws {
    self.command = command
    var i = 0
    var onlyPositional = false
    while i < args.count {
      let a = args[i]
      i += 1
      if onlyPositional || !a.hasPrefix("--") || a == "-" {
        if !onlyPositional, a.hasPrefix("-"), a.count > 1, NumberText.parse(a) == nil {
          throw UsageError("\(command): unknown option \(quoted: a); options are spelled with two dashes")
        }
        positional.append(a)
        continue
      }
      if a == "--" { onlyPositional = true; continue }
      var name = String(a.dropFirst(2))
      var inlineValue: String?
      if let eq = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: eq)...])
        name = String(name[..<eq])
      }
      if spec.flags.contains(name) {
        if inlineValue != nil { throw UsageError("\(command): --\(name) takes no value") }
        flags.insert(name)
      } else if spec.options.contains(name) {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard i < args.count else { throw UsageError("\(command): --\(name) needs a value") }
          value = args[i]
          i += 1
        }
        values[name, default: []].append(value)
      } else {
        let all = (spec.options + spec.flags).map { "--" + $0 }
        throw UsageError("\(command): unknown option \(quoted: "--" + name)" + Suggestion.hint(for: "--" + name, in: all))
      }
    }
  }

  /// The last value of an option, if given.
  func value(_ name: String) -> String? { values[name]?.last }
  /// Every value of a repeatable option.
  func all(_ name: String) -> [String] { values[name] ?? [] }
  func has(_ name: String) -> Bool { flags.contains(name) }

  /// The options' last values by name, with the library's typed readers (`FormatOptionValues`:
  /// `number`, `scale()`, `fit()`, `formats()`, …), whose errors name the command.
  var options: FormatOptionValues { FormatOptionValues(values.compactMapValues(\.last), command: command) }

  /// `--set NAME=VALUE` pairs.
  func settings() throws -> [String: String] {
    var out: [String: String] = [:]
    for s in all("set") {
      guard let eq = s.firstIndex(of: "="), eq != s.startIndex else {
        throw UsageError("\(command): --set takes NAME=VALUE, got \(quoted: s)")
      }
      out[String(s[..<eq])] = String(s[s.index(after: eq)...])
    }
    return out
  }
}

// MARK: - UsageError

/// Bad usage of the command line: exit status 2, one line on stderr.
struct UsageError: Error, CustomStringConvertible {
  var description: String
  init(_ message: String) { description = message }
}
