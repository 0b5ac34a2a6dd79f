import Foundation

// MARK: - StandInCache

/// The compiled stand-in and compiled views, in `FOLDER/swiftui-KEY/`, where KEY hashes the
/// compiler's `--version` and the stand-in's sources: the stand-in is compiled once per toolchain
/// (and Kurukuru version), a view once per source text and root. Everything is written to a
/// temporary folder beside it and renamed into place, so concurrent runs never see half a file.
struct StandInCache {
  let compiler: String
  let folder: String
  let file: String
  /// `FOLDER/swiftui-KEY`.
  let root: String

  /// Finds or builds the stand-in for `compiler`.
  /// - Throws: `SwiftUISourceError` (`.standIn`) when the folder cannot be written or the stand-in
  ///   does not compile with this toolchain.
  init(compiler: String, folder: String, file: String) throws {
    self.compiler = compiler
    self.folder = folder
    self.file = file
    let version = try Self.version(of: compiler, folder: folder, file: file)
    let key = Self.hash([version] + standInSourceData.flatMap { [$0.name, $0.text] })
    root = folder + "/swiftui-" + key
    if !FileManager.default.fileExists(atPath: root + "/SwiftUI.o") { try buildStandIn() }
  }

  /// The compiler's `--version` output, remembered in `FOLDER/compilers/KEY` where KEY hashes the
  /// compiler file's resolved path, size and modification time, so the compiler runs once per
  /// installed toolchain, not once per file.
  static func version(of compiler: String, folder: String, file: String) throws -> String {
    let resolved = URL(fileURLWithPath: compiler).resolvingSymlinksInPath().path
    let attributes = (try? FileManager.default.attributesOfItem(atPath: resolved)) ?? [:]
    let stamp = [resolved, "\(attributes[.size] ?? "")", "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"]
    let remembered = folder + "/compilers/" + hash(stamp)
    if let data = FileManager.default.contents(atPath: remembered), !data.isEmpty { return String(decoding: data, as: UTF8.self) }
    let result = try Subprocess.run(compiler, ["--version"], timeLimit: 60)
    guard result.status == 0 else {
      throw SwiftUISourceError(file: file, message: "'\(compiler) --version' failed", kind: .noCompiler)
    }
    try? FileManager.default.createDirectory(atPath: folder + "/compilers", withIntermediateDirectories: true)
    let temporary = remembered + "." + UUID().uuidString
    if FileManager.default.createFile(atPath: temporary, contents: Data(result.stdout.utf8)) {
      if rename(temporary, remembered) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }
    return result.stdout
  }

  /// FNV-1a 64 of the strings (each followed by a NUL), as 16 hex digits.
  static func hash(_ parts: [String]) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for part in parts {
      for byte in part.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
      h = (h ^ 0) &* 0x100_0000_01b3
    }
    let hex = String(h, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  func makeTemporary() throws -> String {
    let path = folder + "/tmp-" + UUID().uuidString
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw SwiftUISourceError(file: file, message: "cannot create the cache folder '\(folder)'", kind: .standIn)
    }
    return path
  }

  /// Moves `temporary` to `final` unless another run got there first.
  func publish(_ temporary: String, as final: String) {
    let manager = FileManager.default
    try? manager.createDirectory(atPath: (final as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    if (try? manager.moveItem(atPath: temporary, toPath: final)) == nil { try? manager.removeItem(atPath: temporary) }
  }

  /// Compiles the stand-in's two modules: `Combine` (`Combine.swift`), then `SwiftUI` (the other
  /// sources), which re-exports it.
  func buildStandIn() throws {
    let temporary = try makeTemporary()
    var modules: [(name: String, sources: [String])] = [("Combine", []), ("SwiftUI", [])]
    for entry in standInSourceData {
      let path = temporary + "/" + entry.name
      do { try entry.text.write(toFile: path, atomically: false, encoding: .utf8) } catch {
        throw SwiftUISourceError(file: file, message: "cannot write the cache folder '\(folder)'", kind: .standIn)
      }
      if entry.name == Self.previewMacros { continue }
      modules[entry.name == "Combine.swift" ? 0 : 1].sources.append(path)
    }
    try buildPreviewMacros(in: temporary)
    for module in modules {
      let result = try Subprocess.run(
        compiler,
        ["-parse-as-library", "-module-name", module.name, "-I", temporary, "-wmo", "-emit-module",
         "-emit-module-path", temporary + "/\(module.name).swiftmodule", "-emit-object", "-o", temporary + "/\(module.name).o"]
          + module.sources,
        timeLimit: 600)
      guard result.status == 0 else {
        try? FileManager.default.removeItem(atPath: temporary)
        throw SwiftUISourceError(
          file: file, message: "Kurukuru's SwiftUI stand-in does not compile with this Swift toolchain", kind: .standIn,
          diagnostics: result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
      }
    }
    publish(temporary, as: root)
  }

  /// The source of the `#Preview` macro's plugin, and the library it becomes.
  static let previewMacros = "PreviewMacros.swift"
  static let previewLibrary = "libKurukuruPreviewMacros.so"

  /// The toolchain's host libraries (SwiftSyntax, for the `#Preview` plugin): `../lib/swift/host`
  /// beside the compiler's resolved path.
  var hostLibraries: String {
    let resolved = URL(fileURLWithPath: compiler).resolvingSymlinksInPath()
    return resolved.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib/swift/host").path
  }

  /// Compiles the `#Preview` macro into a plugin library against the toolchain's SwiftSyntax. A
  /// toolchain without those host libraries gets no plugin: `#Preview` then fails to expand, with
  /// the compiler's error.
  func buildPreviewMacros(in temporary: String) throws {
    guard let entry = standInSourceData.first(where: { $0.name == Self.previewMacros }),
      FileManager.default.fileExists(atPath: hostLibraries + "/SwiftSyntaxMacros.swiftmodule")
    else { return }
    let path = temporary + "/" + entry.name
    do { try entry.text.write(toFile: path, atomically: false, encoding: .utf8) } catch {
      throw SwiftUISourceError(file: file, message: "cannot write the cache folder '\(folder)'", kind: .standIn)
    }
    let host = hostLibraries
    _ = try Subprocess.run(
      compiler,
      ["-emit-library", "-module-name", "KurukuruPreviewMacros", "-I", host, "-L", host, "-lSwiftSyntax", "-lSwiftSyntaxMacros",
       "-Xlinker", "-rpath", "-Xlinker", host, path, "-o", temporary + "/" + Self.previewLibrary],
      timeLimit: 600)
  }

  /// The executable of the view file (`source`, at `path`) linked with the harness, whose root is
  /// `expression`. The file's text is compiled as it is, followed by the harness's entry point in
  /// the same file (so a `private` view is in reach), under `#sourceLocation` so that the
  /// compiler's errors name the file and its own lines.
  /// `others` are more files of the same module (a view's shapes in a file of their own), each
  /// compiled as it is under its own name.
  func viewBinary(
    source: String, path: String, others: [(path: String, source: String)] = [], title: String, expression: String
  ) throws -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    let main = """
      #sourceLocation(file: \(Self.quote(path)), line: 1)
      \(source)
      #sourceLocation()
      // Generated by Kurukuru: the harness's entry point for \(title).
      _kkRun(title: \(Self.quote(title)), source: \(Self.quote("SwiftUI source \(Self.lastComponent(path)), view \(title)"))) { \(expression) }
      \(([source] + others.map(\.source)).contains(where: Self.declaresTimer) ? "" : Self.timerAlias)

      """
    let key = Self.hash([absolute, main] + others.flatMap { [Self.absolute($0.path), $0.source] })
    let final = root + "/views/" + key
    let binary = final + "/view"
    if FileManager.default.isExecutableFile(atPath: binary) { return binary }
    let temporary = try makeTemporary()
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    var files = [temporary + "/main.swift"]
    do {
      try main.write(toFile: files[0], atomically: false, encoding: .utf8)
      // Each other file as it was read, under its own name so that errors name it.
      for (index, other) in others.enumerated() {
        let folder = temporary + "/\(index)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        files.append(folder + "/" + Self.lastComponent(other.path))
        try ("#sourceLocation(file: \(Self.quote(other.path)), line: 1)\n" + other.source + "\n#sourceLocation()\n")
          .write(toFile: files[files.count - 1], atomically: false, encoding: .utf8)
      }
    } catch {
      throw SwiftUISourceError(file: file, message: "cannot write the cache folder '\(folder)'", kind: .standIn)
    }
    let plugin = root + "/" + Self.previewLibrary
    let result = try Subprocess.run(
      compiler,
      ["-I", root, root + "/Combine.o", root + "/SwiftUI.o", "-Xfrontend", "-import-module", "-Xfrontend", "SwiftUI", "-module-name", "KurukuruUserView"]
        + (FileManager.default.fileExists(atPath: plugin) ? ["-load-plugin-library", plugin] : [])
        + files + ["-o", temporary + "/view"],
      timeLimit: 600)
    guard result.status == 0 else {
      let diagnostics = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
      throw SwiftUISourceError(
        file: file, message: Self.explain(diagnostics), kind: .compileFailed, diagnostics: diagnostics)
    }
    let staged = temporary + "/done"
    try? FileManager.default.createDirectory(atPath: staged, withIntermediateDirectories: true)
    try? FileManager.default.moveItem(atPath: temporary + "/view", toPath: staged + "/view")
    publish(staged, as: final)
    return binary
  }

  /// Names the stand-in's `_KKTimer` as `Timer` in the view's own module, where it shadows
  /// Foundation's `Timer` for the file (see `_KKTimer` in `StandIn/Combine.swift.txt`).
  static let timerAlias = "typealias Timer = _KKTimer"

  /// Whether the file declares a type named `Timer` of its own (then it keeps it, and no alias is
  /// declared).
  static func declaresTimer(_ source: String) -> Bool {
    source.range(of: #"\b(?:struct|class|enum|actor|typealias|protocol)\s+Timer\b"#, options: .regularExpression) != nil
  }

  /// The one line after a failed compile: the SwiftUI names the compiler could not find, which
  /// the stand-in does not declare yet (or which the view declares in a file not named).
  static func explain(_ diagnostics: String) -> String {
    // Names, and argument labels (`maxWidth:` of `frame(maxWidth:)`).
    let patterns = [
      (#"cannot find '([^']+)' in scope"#, ""), (#"cannot find type '([^']+)' in scope"#, ""), (#"has no member '([^']+)'"#, ""),
      (#"extra argument '([^']+)' in call"#, ":"),
    ]
    var names: [String] = []
    for (pattern, suffix) in patterns {
      guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
      let ns = diagnostics as NSString
      for match in regex.matches(in: diagnostics, range: NSRange(location: 0, length: ns.length)) {
        let name = ns.substring(with: match.range(at: 1)) + suffix
        if !names.contains(name) { names.append(name) }
      }
    }
    if names.isEmpty { return "the file does not compile against Kurukuru's SwiftUI stand-in (the compiler's errors are above)" }
    return "the file uses SwiftUI API that Kurukuru's stand-in does not support yet: "
      + names.map { "'\($0)'" }.joined(separator: ", ")
      + " (Presets/README.md, \"SwiftUI source\", lists what is covered; a type of the view's own in another file: name that file too)"
  }

  static func quote(_ s: String) -> String {
    "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
  }

  static func lastComponent(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
}
