import KurukuruCore

// MARK: - FormatOption

/// One option of an output format, as the command line shows it: `--NAME VALUE  help`.
public struct FormatOption: Equatable, Sendable {
  /// The option's name without dashes, e.g. `matte`.
  public var name: String
  /// What the value is, e.g. `COLOR`, `N`, `none|ordered`.
  public var value: String
  /// What it does and its default; may span several lines.
  public var help: String

  public init(_ name: String, value: String, help: String) {
    self.name = name
    self.value = value
    self.help = help
  }
}

// MARK: - FormatOptionValues

/// Option values given by name (as text, the way the command line passes them), with typed
/// readers whose errors name the option and the command.
public struct FormatOptionValues: Sendable {
  /// Values by option name (without dashes).
  public var values: [String: String]
  /// The command named in error messages, e.g. `render`.
  public var command: String

  public init(_ values: [String: String] = [:], command: String = "render") {
    self.values = values
    self.command = command
  }

  /// A number within `range`, or nil when not given. Only decimal notation counts as a number
  /// (`NumberText.parse`: `2`, `0.5`, `1e3`; not `0x2`, `inf` or `nan`).
  /// - Throws: `RenderError.invalidOption`.
  public func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
    guard let text = values[name] else { return nil }
    guard let v = NumberText.parse(text), range.contains(v) else {
      throw fail("--\(name) must be a number in \(OutputNaming.number(range.lowerBound))…\(OutputNaming.number(range.upperBound)), got \(quoted: text)")
    }
    return v
  }

  /// A whole number within `range`, or nil when not given.
  /// - Throws: `RenderError.invalidOption`.
  public func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
    guard let text = values[name] else { return nil }
    guard let v = Int(text), range.contains(v) else {
      throw fail("--\(name) must be a whole number in \(range.lowerBound)…\(range.upperBound), got \(quoted: text)")
    }
    return v
  }

  /// One of `choices`, or nil when not given.
  /// - Throws: `RenderError.invalidOption`, with a suggestion for a misspelling.
  public func choice(_ name: String, of choices: [String]) throws -> String? {
    guard let text = values[name] else { return nil }
    guard choices.contains(text) else {
      let list = choices.count == 2 ? "\(choices[0]) or \(choices[1])" : choices.joined(separator: ", ")
      throw fail("--\(name) must be \(list), got \(quoted: text)" + Suggestion.hint(for: text, in: choices))
    }
    return text
  }

  /// An opaque colour in any syntax presets accept, or nil when not given.
  /// - Throws: `RenderError.invalidOption`.
  public func opaqueColor(_ name: String) throws -> RGBAColor? {
    guard let text = values[name] else { return nil }
    switch ColorSyntax.parse(text) {
    case .success(let color):
      guard color.alpha == 1 else { throw fail("--\(name) must be an opaque colour") }
      return color
    case .failure(let e):
      throw fail("--\(name) \(excerpt: text): \(e.message)")
    }
  }

  /// The error of a bad value: `COMMAND: message`.
  package func fail(_ message: String) -> RenderError {
    .invalidOption("\(command): \(message)")
  }
}
