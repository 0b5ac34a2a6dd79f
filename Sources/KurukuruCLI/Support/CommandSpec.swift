import KurukuruRender

// MARK: - CommandSpec

/// Everything the command line says about one command, declared once: what `--help` prints,
/// the line in `kurukuru --help`, and which options the argument parser accepts.
struct CommandSpec {
  /// The subcommand, e.g. `render`.
  var name: String
  /// The positional arguments as the usage line shows them, e.g. `PRESET...`.
  var arguments: String
  /// What the command does (the paragraph after USAGE).
  var abstract: String
  /// Every option, in the order help lists them.
  var options: [OptionSpec]
  /// Text after the options (output naming, exit status), or empty.
  var discussion: String = ""

  /// The parser's view: which options take a value and which are flags.
  var argumentSpec: Arguments.Spec {
    Arguments.Spec(
      options: options.filter { $0.value != nil }.map(\.name), flags: options.filter { $0.value == nil }.map(\.name))
  }

  /// `kurukuru NAME ARGUMENTS`.
  var invocation: String {
    arguments.isEmpty ? "kurukuru \(name)" : "kurukuru \(name) \(arguments)"
  }

  /// `kurukuru NAME --help`.
  var help: String {
    var text = "USAGE: \(invocation) [options]\n\n\(abstract)\n\nOPTIONS:\n"
    text += options.map(\.helpLines).joined(separator: "\n")
    if !discussion.isEmpty { text += "\n\n" + discussion }
    return text
  }

  /// The command's entry in `kurukuru --help`: every option, wrapped at 100 columns.
  var usage: String {
    let head = "  " + invocation
    let indent = String(repeating: " ", count: head.count + 1)
    var lines = [head]
    for option in options {
      let word = option.usageWord
      if lines[lines.count - 1].count + 1 + word.count > 100 { lines.append(String(indent.dropLast())) }
      lines[lines.count - 1] += " " + word
    }
    return lines.joined(separator: "\n")
  }
}

// MARK: - OptionSpec

/// One option: `--NAME VALUE` (or a flag when `value` is nil) and its help.
struct OptionSpec {
  /// Without dashes.
  var name: String
  /// What the value is (`N`, `COLOR`, `gif|png`), or nil for a flag.
  var value: String?
  /// What it does and its default; may span lines.
  var help: String
  /// Whether it may be given several times (shown as `...` in the usage).
  var repeatable = false
  /// Whether the command needs it (shown without brackets in the usage).
  var required = false

  init(_ name: String, _ value: String? = nil, _ help: String, repeatable: Bool = false, required: Bool = false) {
    self.name = name
    self.value = value
    self.help = help
    self.repeatable = repeatable
    self.required = required
  }

  /// An option a library declares beside what reads it: name, value (nil for a flag), help.
  init(_ option: (name: String, value: String?, help: String)) {
    self.init(option.name, option.value, option.help)
  }

  /// A format's own option (e.g. GIF's `--matte`).
  init(_ option: FormatOption) {
    self.init(option.name, option.value, option.help)
  }

  /// `[--scale N]`, `[--set NAME=VALUE]...`, `[--json]`, `--time SECONDS` (required).
  var usageWord: String {
    let word = "--\(name)\(value.map { " " + $0 } ?? "")"
    return (required ? word : "[\(word)]") + (repeatable ? "..." : "")
  }

  /// The option's lines in `--help`, help text aligned at column 26.
  var helpLines: String {
    let head = "  --\(name)\(value.map { " " + $0 } ?? "")"
    let pad = String(repeating: " ", count: 26)
    let body = help.split(separator: "\n", omittingEmptySubsequences: false)
    var first = head.count < 26 ? head + String(repeating: " ", count: 26 - head.count) : head + "\n" + pad
    first += body.first.map(String.init) ?? ""
    return ([first] + body.dropFirst().map { pad + $0 }).joined(separator: "\n")
  }
}
