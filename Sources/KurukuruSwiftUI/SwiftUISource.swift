import Foundation
import KurukuruCore

// MARK: - SwiftUISource

/// A SwiftUI view file as a preset: the file is compiled, unmodified, against Kurukuru's stand-in
/// module named `SwiftUI` (`StandIn/SwiftUI.swift.txt`) and linked with its harness
/// (`StandIn/Harness.swift.txt`), which evaluates the root view before and after its `onAppear`
/// actions on a virtual clock and prints the preset those evaluations describe
/// (Presets/README.md, "SwiftUI source"). Running the file runs its code, as `swift run` would.
///
/// ```swift
/// let preset = try SwiftUISource.preset(path: "Spinner.swift")
/// ```
public enum SwiftUISource {
  /// What `kurukuru port --help` says: how a file becomes a preset.
  package static let portHelp = """
    Prints the preset a SwiftUI view file describes, to edit or to bundle. The file is compiled
    against Kurukuru's stand-in SwiftUI module and run, so its code runs as 'swift run' would
    (20 s and 1 GiB at most); it needs swiftc. What is covered: Presets/README.md §17.
    """

  /// How a source file is compiled and run.
  public struct Options: Sendable {
    /// The root view's type name (`--view`); default: the only `View` in the file, else the one
    /// its only `PreviewProvider` shows, else the body of its only `#Preview`.
    public var view: String?
    /// The compiler; default `KURUKURU_SWIFTC`, else `swiftc` on `PATH`.
    public var compiler: String?
    /// The cache folder; default `$XDG_CACHE_HOME/kurukuru`, else `~/.cache/kurukuru`.
    public var cacheFolder: String?
    /// Wall-clock seconds the view's code may run (default 20); CPU seconds are limited to the same.
    public var timeLimit: Double
    /// Address space of the view's process in MiB (default 1024).
    public var memoryLimit: Int
    /// The loop length in seconds (`--duration`): the run stops there and every value a timer or
    /// `TimelineView` steps is one period of it. Default nil: the loop the samples show.
    public var loop: Double?
    /// The size offered to a root without a size of its own, in points (`--size W[xH]`); an axis
    /// the root sizes itself keeps its own size. Default nil: such a root is an error.
    public var size: (width: Double, height: Double)?
    /// The iOS version whose `Animation.default` is meant (`--ios`): before 17 it is
    /// `easeInOut(duration: 0.35)`, from 17 the spring (Presets/README.md §9). Default 17.
    public var ios: Int

    public init(
      view: String? = nil, compiler: String? = nil, cacheFolder: String? = nil, timeLimit: Double = 20, memoryLimit: Int = 1024,
      loop: Double? = nil, size: (width: Double, height: Double)? = nil, ios: Int = 17
    ) {
      self.loop = loop
      self.size = size
      self.ios = ios
      self.view = view
      self.compiler = compiler
      self.cacheFolder = cacheFolder
      self.timeLimit = timeLimit
      self.memoryLimit = memoryLimit
    }
  }

  /// Whether `argument` names a SwiftUI source file: it ends in `.swift`.
  public static func isSwiftFile(_ argument: String) -> Bool { argument.hasSuffix(".swift") }

  /// The preset the view in the file at `path` describes, checked by the preset loader (its
  /// errors name `path`).
  /// - Throws: `SwiftUISourceError`, or `PresetError` for a preset the loader refuses.
  public static func preset(path: String, options: Options = Options()) throws -> Preset {
    try preset(paths: [path], options: options)
  }

  /// The preset the view in the files at `paths` describes: the files are compiled together as
  /// one module (a view and its shapes in separate files), the root chosen across them as in one
  /// file; the preset is named after the file that declares the root (its errors name it).
  /// - Throws: `SwiftUISourceError`, or `PresetError` for a preset the loader refuses.
  public static func preset(paths: [String], options: Options = Options()) throws -> Preset {
    var warnings: [String] = []
    var path = paths.first ?? ""
    let text = try presetText(paths: paths, options: options, warnings: &warnings, rootFile: &path)
    var preset = try Preset(text: text, file: path, defaultName: stem(of: path))
    preset.sourceWarnings = warnings.map { path + ": warning: " + $0 }
    preset.generatedText = text
    return preset
  }

  /// The preset JSON text the harness prints for the file at `path` (what `kurukuru port` writes).
  /// - Throws: `SwiftUISourceError`.
  public static func presetText(path: String, options: Options = Options()) throws -> String {
    try presetText(paths: [path], options: options)
  }

  /// The preset JSON text for the files at `paths`, compiled together as one module.
  /// - Throws: `SwiftUISourceError`.
  public static func presetText(paths: [String], options: Options = Options()) throws -> String {
    var warnings: [String] = []
    var root = paths.first ?? ""
    return try presetText(paths: paths, options: options, warnings: &warnings, rootFile: &root)
  }

  /// The preset JSON text for the files at `paths` (one module), in `warnings` the harness's
  /// warning lines (without the file name), in `rootFile` the file that declares the root (the
  /// first that declares it; else the first file).
  static func presetText(paths: [String], options: Options, warnings: inout [String], rootFile: inout String) throws -> String {
    var sources: [String] = []
    for path in paths {
      guard let data = FileManager.default.contents(atPath: path), let source = String(data: data, encoding: .utf8) else {
        let exists = FileManager.default.fileExists(atPath: path)
        throw SwiftUISourceError(file: path, message: exists ? "cannot read the file as UTF-8 text" : "no such file", kind: .unreadableFile)
      }
      sources.append(source)
    }
    let first = paths.first ?? ""
    let compiler = try findCompiler(file: first, options: options)
    let root = try rootExpression(in: sources.joined(separator: "\n"), file: paths.count == 1 ? first : paths.joined(separator: " + "), view: options.view)
    // The file that declares the root is the one the entry point joins (a `private` root is in reach).
    let main = sources.indices.first { index in
      let (views, previews) = declaredTypes(in: sources[index])
      return views.contains(root.title) || previews.contains(root.title + "_Previews") || previews.contains(root.title)
        || previewMacros(in: sources[index]).contains(root.title)
    } ?? 0
    rootFile = paths[main]
    let cache = try StandInCache(compiler: compiler, folder: options.cacheFolder ?? defaultCacheFolder(), file: rootFile)
    let others = paths.indices.filter { $0 != main }.map { (path: paths[$0], source: sources[$0]) }
    let binary = try cache.viewBinary(
      source: sources[main], path: rootFile, others: others, title: root.title, expression: root.expression)
    return looping(try run(binary: binary, file: rootFile, options: options, warnings: &warnings), file: rootFile)
  }

  /// The loop bound for repeating animations whose cycles share no period the loader can compute
  /// (a spring slowed by a random speed: no fraction of a second, or a multiple past 30 s):
  /// the least visible seam within this many seconds (Presets/README.md §10), as the bundled
  /// presets of such designs choose.
  static let autoLoopSeconds = 12

  /// `text` with `"duration": {"auto": autoLoopSeconds}` before its view when it has no
  /// duration and the loader asks for one; else `text` as it is.
  static func looping(_ text: String, file: String) -> String {
    let view = "\n  \"view\": "
    guard !text.contains("\n  \"duration\": "), let at = text.range(of: view) else { return text }
    do {
      _ = try Preset(text: text, file: file, defaultName: stem(of: file))
      return text
    } catch let error as PresetError where error.message.contains("set \"duration\"") {
      return text.replacingCharacters(in: at, with: "\n  \"duration\": {\"auto\": \(autoLoopSeconds)},\(view)")
    } catch {
      return text
    }
  }

  // MARK: - Views in the file

  /// The `View` and `PreviewProvider` types the file declares, in order, found by a scan of
  /// `struct|class|enum NAME…: …View…{` (the compiler checks the rest).
  public static func declaredTypes(in source: String) -> (views: [String], previews: [String]) {
    let pattern = #"(?m)\b(?:struct|class|enum)\s+([A-Za-z_][A-Za-z0-9_]*)\s*(?:<[^>{]*>)?\s*:\s*([^{]*)\{"#
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return ([], []) }
    var views: [String] = [], previews: [String] = []
    let ns = source as NSString
    for match in regex.matches(in: source, range: NSRange(location: 0, length: ns.length)) {
      let name = ns.substring(with: match.range(at: 1))
      let conformances = ns.substring(with: match.range(at: 2))
        .split(whereSeparator: { ",& \n\t".contains($0) }).map { $0.split(separator: ".").last.map(String.init) ?? "" }
      if conformances.contains("View") { views.append(name) }
      if conformances.contains("PreviewProvider") { previews.append(name) }
    }
    return (views, previews)
  }

  /// The root: the view named by `view`, else the only `View`, else what the only
  /// `PreviewProvider` shows, else the only `#Preview`'s body. A view `X` with a preview `X_Previews` is rendered through that
  /// preview, which gives it the frame and colours it is shown with.
  static func rootExpression(in source: String, file: String, view: String?) throws -> (title: String, expression: String) {
    let (views, previews) = declaredTypes(in: source)
    func shown(_ name: String) -> (String, String) {
      previews.contains(name + "_Previews") ? (name, "\(name)_Previews.previews") : (name, "\(name)()")
    }
    if let view {
      guard views.contains(view) else {
        throw SwiftUISourceError(
          file: file, message: "no View named '\(view)' in the file" + listing(views), kind: .noView)
      }
      return shown(view)
    }
    if views.count == 1 { return shown(views[0]) }
    if previews.count == 1 {
      let name = previews[0]
      return (name.hasSuffix("_Previews") ? String(name.dropLast(9)) : name, "\(name).previews")
    }
    let macros = previewMacros(in: source)
    if previews.isEmpty, macros.count == 1 { return (macros[0], "_KKPreviews.shown()") }
    if views.isEmpty {
      throw SwiftUISourceError(file: file, message: "declares no type conforming to View", kind: .noView)
    }
    throw SwiftUISourceError(file: file, message: "declares several views; choose one with --view NAME" + listing(views), kind: .noView)
  }

  /// The file's `#Preview` macros, each named by the first name its body begins with
  /// (`#Preview { LoadingCircleTest() }` → `LoadingCircleTest`; else `Preview`).
  static func previewMacros(in source: String) -> [String] {
    let pattern = #"(?m)^\s*#Preview\b(?:\s*\([^)]*\))?\s*\{\s*([A-Za-z_][A-Za-z0-9_]*)?"#
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
    let ns = source as NSString
    return regex.matches(in: source, range: NSRange(location: 0, length: ns.length)).map { match in
      match.range(at: 1).location == NSNotFound ? "Preview" : ns.substring(with: match.range(at: 1))
    }
  }

  static func listing(_ views: [String]) -> String {
    views.isEmpty ? " (it declares none)" : " (it declares \(views.joined(separator: ", ")))"
  }

  // MARK: - Compiler and cache

  /// `options.compiler`, else `KURUKURU_SWIFTC`, else `swiftc` on `PATH`.
  static func findCompiler(file: String, options: Options) throws -> String {
    let environment = ProcessInfo.processInfo.environment
    if let explicit = options.compiler ?? environment["KURUKURU_SWIFTC"] {
      guard FileManager.default.isExecutableFile(atPath: explicit) else {
        throw SwiftUISourceError(file: file, message: "the Swift compiler '\(explicit)' is not an executable file", kind: .noCompiler)
      }
      return explicit
    }
    for folder in (environment["PATH"] ?? "").split(separator: ":") {
      let candidate = String(folder) + "/swiftc"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw SwiftUISourceError(
      file: file,
      message: "reading SwiftUI source needs the Swift compiler, and there is no 'swiftc' on PATH (install a Swift toolchain, or set KURUKURU_SWIFTC)",
      kind: .noCompiler)
  }

  /// `$XDG_CACHE_HOME/kurukuru`, else `~/.cache/kurukuru`.
  public static func defaultCacheFolder() -> String {
    let environment = ProcessInfo.processInfo.environment
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/kurukuru" }
    return (environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache/kurukuru"
  }

  static func stem(of path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.hasSuffix(".swift") ? String(name.dropLast(6)) : name
  }

  // MARK: - Running

  /// Runs the compiled view with the time and memory limits and returns what it printed.
  static func run(binary: String, file: String, options: Options, warnings: inout [String]) throws -> String {
    let cpuSeconds = max(1, Int(options.timeLimit.rounded(.up)))
    let presetFile = NSTemporaryDirectory() + "kurukuru-preset-" + UUID().uuidString + ".json"
    defer { try? FileManager.default.removeItem(atPath: presetFile) }
    let output = try Subprocess.run(
      "/bin/sh", ["-c", "ulimit -v \(options.memoryLimit * 1024) && ulimit -t \(cpuSeconds) && exec \"$0\" \"$@\"", binary, presetFile]
        + harnessArguments(options),
      timeLimit: options.timeLimit)
    if output.timedOut || output.signal == 24 /* SIGXCPU */ {
      throw SwiftUISourceError(
        file: file, message: "the view's code ran longer than \(seconds(options.timeLimit)) s and was stopped", kind: .timeLimit)
    }
    let stderr = output.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
    switch output.status {
    case 0:
      guard let data = FileManager.default.contents(atPath: presetFile), data.count <= 4 << 20 else {
        throw SwiftUISourceError(file: file, message: "the view's code printed no preset (or one larger than 4 MiB)", kind: .crashed)
      }
      let marker = "kurukuru-warning: "
      warnings += stderr.split(separator: "\n").filter { $0.hasPrefix(marker) }.map { String($0.dropFirst(marker.count)) }
      return String(decoding: data, as: UTF8.self)
    case 3:
      let line = stderr.split(separator: "\n").last.map(String.init) ?? "unsupported"
      throw SwiftUISourceError(file: file, message: line, kind: .unsupported)
    default:
      let last = stderr.split(separator: "\n").first { $0.contains("Fatal error") || $0.contains("error") }.map(String.init)
      throw SwiftUISourceError(
        file: file,
        message: "the view's code crashed or ran out of its \(options.memoryLimit) MiB memory limit"
          + (last.map { ": " + $0 } ?? (output.signal.map { " (signal \($0))" } ?? " (exit status \(output.status))")),
        kind: .crashed)
    }
  }

  /// What the harness is told after the preset file's path (`key=value`, read by `_KKOptions` in
  /// `StandIn/Harness.swift.txt`).
  static func harnessArguments(_ options: Options) -> [String] {
    var arguments: [String] = []
    if let loop = options.loop { arguments.append("loop=\(loop)") }
    if let size = options.size { arguments.append("size=\(size.width)x\(size.height)") }
    if options.ios != 17 { arguments.append("ios=\(options.ios)") }
    return arguments
  }

  /// `x` seconds for a message: `20`, `2.5`.
  static func seconds(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }
}

// MARK: - States

extension SwiftUISource {
  /// The values a SwiftUI file's preset (`text`, what its run printed) animates, for `info`: one
  /// line per animated number, `VIEW PATH: KEY FROM → TO, ANIMATION` for a change between two
  /// states, `VIEW PATH: KEY N keyframes FIRST … LAST, ANIMATION` for what a timer or timeline
  /// steps. The view path names each view by its kind, with its place among its stack's content
  /// (`ZStack / Circle[1]`); keys are the preset's (`rotationEffect`, `offset.x`, `trim.to`).
  public static func animatedValues(in text: String) -> [String] {
    guard let root = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
      let view = root["view"] as? [String: Any]
    else { return [] }
    var lines: [String] = []
    func number(_ value: Any?) -> String {
      guard let x = value as? Double else { return "?" }
      return x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(format: "%g", x)
    }
    func values(_ value: Any, key: String, at path: String) {
      if let object = value as? [String: Any] {
        if let animation = object["animation"] as? String {
          if let keyframes = object["values"] as? [Double] {
            lines.append("\(path): \(key) \(keyframes.count) keyframes \(number(keyframes.first)) … \(number(keyframes.last)), \(animation)")
          } else {
            lines.append("\(path): \(key) \(number(object["from"])) → \(number(object["to"])), \(animation)")
          }
          return
        }
        for name in object.keys.sorted() { values(object[name] as Any, key: key.isEmpty ? name : key + "." + name, at: path) }
      } else if let items = value as? [Any] {
        for (index, item) in items.enumerated() { values(item, key: "\(key)[\(index)]", at: path) }
      }
    }
    func walk(_ node: [String: Any], path: String) {
      guard let kind = node.keys.first(where: { $0 != "modifiers" }) else { return }
      let here = path.isEmpty ? kind : path
      let args = node[kind] as? [String: Any] ?? [:]
      for name in args.keys.sorted() where name != "content" { values(args[name] as Any, key: name, at: here) }
      for modifier in node["modifiers"] as? [[String: Any]] ?? [] {
        for name in modifier.keys.sorted() { values(modifier[name] as Any, key: name, at: here) }
      }
      for (index, child) in (args["content"] as? [[String: Any]] ?? []).enumerated() {
        let childKind = child.keys.first(where: { $0 != "modifiers" }) ?? "?"
        walk(child, path: here + " / " + childKind + "[\(index)]")
      }
    }
    walk(view, path: "")
    return lines
  }
}
