import KurukuruCore

// MARK: - BatchHelp

/// What `kurukuru batch --help` says a batch does: its inputs (`PresetFolder`), the cache rule
/// (`BatchPlan`), shards (`BatchShard`), merging (`BatchMerge`) and the outputs' names, kept
/// beside the batch so that the text and the rules cannot drift apart. Lines of at most 100
/// characters.
package enum BatchHelp {
  /// The paragraph after USAGE.
  package static let abstract = """
    Renders every preset (files, folders of .json, .lottie and .swift files, or names of bundled
    presets such as loading-circle; a file or folder of that name comes first) at several scales
    and formats into DIR, with manifest.json, a contact sheet per preset and an offline
    index.html gallery.
    Re-runs skip outputs whose preset, options and tool version are unchanged.
    """

  /// `--shard K/N|auto`.
  package static let shard = """
    render only shard K of N (a stable split by preset name); auto: the shard the job
    engine set (KURUKURU_SHARD, Kubernetes JOB_COMPLETION_INDEX, GitLab CI_NODE_INDEX; README)
    """

  /// The text after the options: merging shards, the outputs, exit statuses.
  package static let discussion = """
    kurukuru batch merge DIR... --output OUT [--quiet] [--json] joins the folders of every shard
    (--shard K/N) of one batch into OUT: the files, manifest.json and index.html one machine's
    batch writes. A folder missing, given twice or made with other options or another version is
    an error naming it (exit 2). Shards may also write into one shared folder at the same time.
    Outputs: NAME.gif, NAME@2x.gif, …; PNG frame folders NAME/ and NAME@2x/ (NAME0.png, …);
    NAME.contact.png; previews/ (GIFs on the gallery's dark matte); manifest.json; index.html.
    Exit status: 0 all rendered, 1 some presets failed (the others are still rendered), 2 bad usage,
    3 the folder, manifest or gallery could not be written (a full disk, no permission).
    """
}

// MARK: - Summaries

extension BatchReport {
  /// `batch --json`'s summary: presets that succeeded, the failures (file, error), outputs
  /// written and up to date, the manifest and gallery paths.
  package var summaryJSON: JSONOut {
    .object([
      ("presets", .int(presetsSucceeded)),
      ("failed", .array(failures.map { .object([("file", .string($0.file)), ("error", .string($0.message))]) })),
      ("written", .int(written)), ("upToDate", .int(upToDate)),
      ("manifest", .string(manifestPath)), ("gallery", .string(galleryPath)),
    ])
  }

  /// The line for people: `batch: 3 presets ok, 0 failed; 6 outputs written, 0 up to date; gallery …`.
  package var summaryLine: String {
    "batch: \(presetsSucceeded) preset\(presetsLoaded == 1 ? "" : "s") ok, \(failures.count) failed; "
      + "\(written) output\(written == 1 ? "" : "s") written, \(upToDate) up to date; gallery \(galleryPath)"
  }
}

extension BatchMerge.Report {
  /// Presets of the joined manifest that did not fail.
  private var presetsOK: Int {
    manifest.presets.filter { p in !manifest.failures.contains { $0.input == p.input } }.count
  }

  /// `batch merge --json`'s summary of joining `shards` folders.
  package func summaryJSON(shards: Int) -> JSONOut {
    .object([
      ("shards", .int(shards)), ("presets", .int(presetsOK)), ("failed", .int(manifest.failures.count)),
      ("outputs", .int(manifest.outputs.count)), ("copied", .int(copied)),
      ("manifest", .string(manifestPath)), ("gallery", .string(galleryPath)),
    ])
  }

  /// The line for people: `batch merge: 2 folders, 5 presets, 0 failed; 10 outputs (10 copied); gallery …`.
  package func summaryLine(shards: Int) -> String {
    "batch merge: \(shards) folder\(shards == 1 ? "" : "s"), \(presetsOK) presets, "
      + "\(manifest.failures.count) failed; \(manifest.outputs.count) outputs (\(copied) copied); gallery \(galleryPath)"
  }
}
