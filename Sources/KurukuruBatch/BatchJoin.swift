import Foundation
import KurukuruCore
import KurukuruRender

// MARK: - Joining manifests

extension Manifest {
  /// This manifest with `newer` written over it: the presets `newer` holds (its preset and
  /// failure records, by input position) replace this manifest's records for them, with their
  /// outputs; the others are kept. Records and outputs come out in input order (a preset's
  /// outputs in the order its manifest listed them), so the result depends on what is joined,
  /// never on the order of joining: shards joined in any order give the manifest one batch of
  /// every preset writes.
  ///
  /// When the two are not parts of one batch — another tool, other options (`batch`), or
  /// shards of another split — `newer` alone is the result.
  public func overlaid(with newer: Manifest) -> Manifest {
    guard tool == newer.tool, batch == newer.batch else { return newer }
    var shards: ShardSet?
    switch (self.shards, newer.shards) {
    case (_, nil), (nil, _):
      shards = nil
    case let (old?, new?):
      guard old.count == new.count else { return newer }
      let joined = ShardSet(count: new.count, done: old.done + new.done)
      shards = joined.isComplete ? nil : joined
    }
    let replaced = newer.inputs
    var presets = self.presets.filter { !replaced.contains($0.input) } + newer.presets
    var failures = self.failures.filter { !replaced.contains($0.input) } + newer.failures
    presets.sort { $0.input < $1.input }
    failures.sort { $0.input < $1.input }
    // Each output goes with its preset's input position; an output whose preset neither
    // manifest lists any more is dropped.
    let oldInputs = inputOfPreset, newInputs = newer.inputOfPreset
    let kept = self.outputs.compactMap { e in oldInputs[e.preset].flatMap { replaced.contains($0) ? nil : ($0, e) } }
    let added = newer.outputs.compactMap { e in newInputs[e.preset].map { ($0, e) } }
    let outputs = (kept + added).enumerated().sorted { a, b in
      a.element.0 != b.element.0 ? a.element.0 < b.element.0 : a.offset < b.offset
    }.map(\.element.1)
    return Manifest(
      tool: tool, batch: batch, title: newer.title, shards: shards, presets: presets, outputs: outputs, failures: failures)
  }

  /// The input positions this manifest has a record of (rendered or failed).
  var inputs: Set<Int> { Set(presets.map(\.input) + failures.map(\.input)) }

  /// Input positions by scene name, for the presets that rendered and those that loaded but
  /// failed an output.
  var inputOfPreset: [String: Int] {
    var map: [String: Int] = [:]
    for f in failures { if let name = f.name, map[name] == nil { map[name] = f.input } }
    for p in presets where map[p.name] == nil { map[p.name] = p.input }
    return map
  }
}

// MARK: - BatchFolderLock

/// An exclusive lock on a batch's output folder, held while its manifest and gallery are read
/// and rewritten, so that shards writing into one shared folder at the same time (pods on one
/// volume) each join their part into what the others wrote. It is `flock(2)` on the empty file
/// `.kurukuru-batch.lock` in the folder, which every batch and merge creates (so a joined tree
/// and a single machine's hold the same files); Linux carries it over NFS as a POSIX lock. The
/// lock is released when the body returns or throws, or when the process dies.
package enum BatchFolderLock {
  /// The lock file's name.
  package static let fileName = ".kurukuru-batch.lock"

  /// Runs `body` with the lock on `folder` held (waiting for other holders).
  /// - Throws: `RenderError.cannotWrite` when the lock file cannot be opened or locked; what
  ///   `body` throws.
  package static func withLock<T>(_ folder: String, _ body: () throws -> T) throws -> T {
    let path = (folder.isEmpty ? "." : folder) + "/" + fileName
    let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw RenderError.cannotWrite(path: path, reason: OutputDirectory.reason(errno)) }
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0 {
      guard errno == EINTR else { throw RenderError.cannotWrite(path: path, reason: OutputDirectory.reason(errno)) }
    }
    defer { flock(fd, LOCK_UN) }
    return try body()
  }
}

// MARK: - Fingerprint

extension BatchOptions {
  /// SHA-256 (hex) of everything that decides which outputs a batch writes and what its
  /// manifest and gallery say, so that only shards of one batch join: the tool version, the
  /// inputs as given and the files they expand to (`files`), the formats with their options,
  /// the scales, the settings, the gallery title, the limits and how Lottie files are read.
  /// Not the output folder, `jobs`, `force` or `shard`.
  package func fingerprint(files: [String]) -> String {
    let formatText = formats.map { "\(type(of: $0).name)[\($0.cacheKey)]" }.joined(separator: ",")
    let settingsText = settings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    let parts = [
      ToolVersion.name, inputs.joined(separator: "\u{0}"), files.joined(separator: "\u{0}"), formatText,
      scales.map { "\($0)" }.joined(separator: ","), settingsText, galleryTitle, "\(limits)",
      "\(inputOptions.animation ?? "")|\(inputOptions.allowUnsupported)|\(inputOptions.limits)",
    ]
    return SHA256.hex(Array(parts.joined(separator: "\n").utf8))
  }
}
