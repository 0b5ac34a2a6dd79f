import Foundation

// Internal machinery of `AnimationParser`: a character scanner, argument lists split at
// top-level commas, binding of arguments to Swift-style parameter lists, and spelling
// suggestions. Offsets are 0-based `Character` offsets into the parsed text.

// MARK: - Scanner

/// Walks the text of an animation expression.
struct AnimationScanner {
  /// The text, as characters (offsets index this array).
  let characters: [Character]
  /// Current offset.
  var position = 0

  init(_ text: String) { characters = Array(text) }

  /// True when only whitespace remains.
  var atEnd: Bool {
    var probe = self
    probe.skipSpace()
    return probe.position >= probe.characters.count
  }

  /// The current character, or nil at the end.
  var current: Character? { position < characters.count ? characters[position] : nil }

  /// Skips whitespace (including newlines).
  mutating func skipSpace() {
    while let c = current, c.isWhitespace { position += 1 }
  }

  /// Consumes `c` after optional whitespace.
  /// - Returns: whether it was there (nothing is consumed otherwise but whitespace).
  mutating func consume(_ c: Character) -> Bool {
    skipSpace()
    guard current == c else { return false }
    position += 1
    return true
  }

  /// Reads an identifier (ASCII letter or `_`, then letters, digits, `_`) after optional
  /// whitespace.
  /// - Returns: the name and its offset, or nil if none starts here.
  mutating func identifier() -> (name: String, offset: Int)? {
    skipSpace()
    let start = position
    guard let first = current, AnimationScanner.isIdentifierHead(first) else { return nil }
    position += 1
    while let c = current, AnimationScanner.isIdentifierHead(c) || AnimationScanner.isDigit(c) {
      position += 1
    }
    return (String(characters[start..<position]), start)
  }

  /// Reads a name that may be hyphenated the CSS way (`ease-in-out`, `cubic-bezier`): an
  /// identifier, then any number of `-` + identifier characters.
  /// - Returns: the name and its offset, or nil if none starts here.
  mutating func hyphenatedName() -> (name: String, offset: Int)? {
    guard let (head, start) = identifier() else { return nil }
    var name = head
    while current == "-", position + 1 < characters.count,
      AnimationScanner.isIdentifierHead(characters[position + 1])
    {
      position += 1
      let tailStart = position
      while let c = current, AnimationScanner.isIdentifierHead(c) || AnimationScanner.isDigit(c) {
        position += 1
      }
      name += "-" + String(characters[tailStart..<position])
    }
    return (name, start)
  }

  /// A short excerpt of the text from `offset`, for messages.
  func excerpt(at offset: Int) -> String {
    let end = min(characters.count, offset + 12)
    return String(characters[offset..<end])
  }

  static func isIdentifierHead(_ c: Character) -> Bool {
    c == "_" || ("a"..."z").contains(c) || ("A"..."Z").contains(c)
  }

  static func isDigit(_ c: Character) -> Bool { ("0"..."9").contains(c) }

  // MARK: - Argument lists

  /// Reads a parenthesised argument list starting at the current `(` (after whitespace).
  /// - Returns: the arguments and the offsets of the parentheses.
  /// - Throws: `AnimationSyntaxError` for an unclosed list, a stray closing bracket or an empty
  ///   argument.
  mutating func argumentList() throws -> ArgumentList {
    skipSpace()
    let open = position
    position += 1
    var arguments: [AnimationArgument] = []
    var depth = 0
    var start = position
    var closers: [Character] = []
    while true {
      guard let c = current else {
        throw AnimationSyntaxError(offset: open, message: "missing ')' for this '('")
      }
      switch c {
      case "(", "[", "{":
        closers.append(c == "(" ? ")" : c == "[" ? "]" : "}")
        depth += 1
      case ")", "]", "}":
        if depth == 0 {
          guard c == ")" else {
            throw AnimationSyntaxError(offset: position, message: "unexpected '\(c)'")
          }
          let isEmptyList = arguments.isEmpty && isBlank(start, position)
          if !isEmptyList { arguments.append(try argument(from: start, to: position)) }
          let close = position
          position += 1
          return ArgumentList(arguments: arguments, open: open, close: close)
        }
        guard closers.last == c else {
          throw AnimationSyntaxError(offset: position, message: "unexpected '\(c)'")
        }
        closers.removeLast()
        depth -= 1
      case "," where depth == 0:
        arguments.append(try argument(from: start, to: position))
        start = position + 1
      default:
        break
      }
      position += 1
    }
  }

  /// True when characters[from..<to] is only whitespace.
  private func isBlank(_ from: Int, _ to: Int) -> Bool {
    characters[from..<to].allSatisfy { $0.isWhitespace }
  }

  /// Splits one raw argument into an optional `label:` and its trimmed value text.
  private func argument(from: Int, to: Int) throws -> AnimationArgument {
    var start = from
    while start < to && characters[start].isWhitespace { start += 1 }
    var end = to
    while end > start && characters[end - 1].isWhitespace { end -= 1 }
    guard start < end else {
      throw AnimationSyntaxError(offset: start, message: "empty argument")
    }
    // A label is an identifier followed by ':' (a ternary's ':' comes after a '?').
    var probe = start
    if AnimationScanner.isIdentifierHead(characters[probe]) {
      probe += 1
      while probe < end
        && (AnimationScanner.isIdentifierHead(characters[probe])
          || AnimationScanner.isDigit(characters[probe]))
      {
        probe += 1
      }
      let labelEnd = probe
      while probe < end && characters[probe].isWhitespace { probe += 1 }
      if probe < end && characters[probe] == ":" {
        let label = String(characters[start..<labelEnd])
        var valueStart = probe + 1
        while valueStart < end && characters[valueStart].isWhitespace { valueStart += 1 }
        guard valueStart < end else {
          throw AnimationSyntaxError(offset: probe + 1, message: "missing value for '\(excerpt: label):'")
        }
        return AnimationArgument(
          label: label, labelOffset: start, text: String(characters[valueStart..<end]),
          offset: valueStart)
      }
    }
    return AnimationArgument(
      label: nil, labelOffset: start, text: String(characters[start..<end]), offset: start)
  }
}

// MARK: - Arguments and parameters

/// A parenthesised argument list and where its parentheses are.
struct ArgumentList {
  /// The arguments, in order.
  var arguments: [AnimationArgument]
  /// Offset of `(`.
  var open: Int
  /// Offset of `)`.
  var close: Int
}

/// One argument of a call: `label: text` or just `text`.
struct AnimationArgument: Equatable {
  /// The label, without its colon; nil for an unlabelled argument.
  var label: String?
  /// Offset of the argument's first character (its label when labelled).
  var labelOffset: Int
  /// The trimmed value text.
  var text: String
  /// Offset of the value text.
  var offset: Int
}

/// One parameter of a Swift-style signature.
struct AnimationParameter {
  /// The argument label; nil for an unlabelled parameter (`delay(_:)`).
  var label: String?
  /// The parameter's name in messages when it has no label, e.g. `c0x` or `seconds`.
  var name: String
  /// Whether the argument may be left out (it has a default).
  var optional: Bool
  /// The parameter as written in messages, e.g. `duration:` or `c0x`.
  var display: String { label.map { "\($0):" } ?? name }

  static func labelled(_ label: String, optional: Bool = true) -> AnimationParameter {
    AnimationParameter(label: label, name: label, optional: optional)
  }

  static func unlabelled(_ name: String, optional: Bool = false) -> AnimationParameter {
    AnimationParameter(label: nil, name: name, optional: optional)
  }
}

/// Matches arguments to parameters the way Swift does: in order, optional parameters may be left
/// out, labels must match.
/// - Parameters:
///   - arguments: the call's arguments.
///   - parameters: the signature.
///   - call: the function's name, for messages.
///   - close: offset of the closing parenthesis (where a missing argument is reported).
/// - Returns: for each parameter, its argument or nil when left out.
/// - Throws: `AnimationSyntaxError` for unknown, misplaced, repeated, missing or extra arguments.
func bindArguments(
  _ arguments: [AnimationArgument], to parameters: [AnimationParameter], call: String, close: Int
) throws -> [AnimationArgument?] {
  var bound = [AnimationArgument?](repeating: nil, count: parameters.count)
  let labels = parameters.compactMap(\.label)
  var next = 0
  for argument in arguments {
    if let label = argument.label, !labels.contains(label) {
      let hint = Suggestion.closest(to: label, in: labels).map { " — did you mean '\($0):'?" } ?? ""
      throw AnimationSyntaxError(
        offset: argument.labelOffset,
        message: "unknown argument label '\(excerpt: label):' in '\(call)'\(hint)")
    }
    var index = next
    while index < parameters.count && parameters[index].label != argument.label
      && parameters[index].optional
    {
      index += 1
    }
    if index < parameters.count && parameters[index].label == argument.label {
      bound[index] = argument
      next = index + 1
      continue
    }
    // No parameter from `next` on takes this argument: say why.
    let offset = argument.labelOffset
    if let label = argument.label {
      if let earlier = parameters[..<next].firstIndex(where: { $0.label == label }) {
        let message =
          bound[earlier] != nil
          ? "argument '\(excerpt: label):' given twice in '\(call)'"
          : "argument '\(excerpt: label):' is out of order in '\(call)'"
        throw AnimationSyntaxError(offset: offset, message: message)
      }
      if index < parameters.count {
        throw AnimationSyntaxError(
          offset: offset,
          message: "missing argument '\(parameters[index].display)' in '\(call)' before '\(excerpt: label):'"
        )
      }
    } else if next < parameters.count, let label = parameters[next].label {
      throw AnimationSyntaxError(
        offset: offset, message: "missing argument label '\(label):' in '\(call)'")
    }
    throw AnimationSyntaxError(offset: offset, message: "extra argument in '\(call)'")
  }
  for (index, parameter) in parameters.enumerated() where !parameter.optional && bound[index] == nil
  {
    throw AnimationSyntaxError(
      offset: close, message: "missing argument '\(parameter.display)' in '\(call)'")
  }
  return bound
}
