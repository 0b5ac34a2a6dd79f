import KurukuruCore

// MARK: - Render options

/// The options every render takes, read by name from option values as the command line passes
/// them: `scale`, `fit`, `max-work`, `jobs`, `fps`, `background` and `format` with each
/// format's own options. Each reader returns nil (or the stated default) when the option is not
/// given, and its error names the command and the option (`RenderError.invalidOption`, e.g.
/// `batch: --scale takes numbers in 0.01…64, got '0x2'`).
extension FormatOptionValues {
  /// `scale`: pixels per point, 0.01…64. Default 1.
  package func scale() throws -> Double { try number("scale", in: 0.01...64) ?? 1 }

  /// `scale` as a comma-separated list (`1,2,3`), each 0.01…64, repeats dropped. Default `[1]`.
  package func scales() throws -> [Double] {
    try (list("scale") ?? ["1"]).map { text in
      guard let v = NumberText.parse(text), v >= 0.01, v <= 64 else {
        throw fail("--scale takes numbers in 0.01…64, got \(quoted: text)")
      }
      return v
    }
  }

  /// `fit`: `WxH` in points (`96x96`, `x` or `X`), each side 1…8192, or nil.
  package func fit() throws -> Size? { try size("fit") }

  /// A size option `key` written `WxH` in points, each side 1…8192; with `square`, `W` alone is
  /// W × W too.
  package func size(_ key: String, square: Bool = false) throws -> Size? {
    guard let text = values[key] else { return nil }
    let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { NumberText.parse(String($0)) }
    guard sides.count == 2 || (square && sides.count == 1), let w = sides[0], let h = sides[sides.count - 1],
      (1...8192).contains(w), (1...8192).contains(h)
    else { throw fail("--\(key) takes \(square ? "W or WxH" : "WxH") in points, each 1…8192, got \(quoted: text)") }
    return Size(width: w, height: h)
  }

  /// `Limits()` with `max-work` (pixel-views, a number ≥ 1 such as `1e12`) when given.
  package func limits() throws -> Limits {
    var limits = Limits()
    if let work = try number("max-work", in: 1...9e18) { limits.maxWork = Int(work) }
    return limits
  }

  /// `jobs`: worker threads, 1…256. Default `Renderer.defaultJobs` (the number of cores).
  package func jobs() throws -> Int { try integer("jobs", in: 1...256) ?? Renderer.defaultJobs }

  /// `fps`: frames per second, 0.1…240, or nil (the input's own rate).
  package func fps() throws -> Double? { try number("fps", in: 0.1...240) }

  /// A colour option (`background`) in any syntax presets accept, `transparent` included, or nil.
  package func color(_ name: String) throws -> RGBAColor? {
    guard let text = values[name] else { return nil }
    switch ColorSyntax.parse(text) {
    case .success(let color): return color
    case .failure(let e): throw fail("--\(name) \(excerpt: text): \(e.message)")
    }
  }

  /// A comma-separated option: its items trimmed, empty items and repeats dropped; nil when not
  /// given; an error when it names nothing.
  package func list(_ name: String) throws -> [String]? {
    guard let text = values[name] else { return nil }
    var seen = Set<String>()
    let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && seen.insert($0).inserted }
    guard !items.isEmpty else { throw fail("--\(name) needs at least one value") }
    return items
  }

  /// `format`: one or more comma-separated format names (default `gif`), each made with its own
  /// options (`OutputFormats.options`). An option that none of the named formats takes is an
  /// error (`--matte applies to --format gif only`), not silently ignored.
  package func formats() throws -> [any OutputFormat] {
    let types = try (list("format") ?? [GIFFormat.name]).map { name -> any OutputFormat.Type in
      guard let type = OutputFormats.named(name) else {
        let names = OutputFormats.names
        throw fail(
          "--format must be \(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""), got \(quoted: name)"
            + Suggestion.hint(for: name, in: names))
      }
      return type
    }
    let own = Set(types.flatMap { $0.options.map(\.name) })
    for option in OutputFormats.options where !own.contains(option.name) && values[option.name] != nil {
      let owners = OutputFormats.formats(accepting: option.name).map { $0.name }
      throw fail("--\(option.name) applies to --format \(owners.joined(separator: ", ")) only")
    }
    return try types.map { try $0.init(options: self) }
  }
}

// MARK: - Declarations

extension FormatOption {
  /// `--scale N`, read by `scale()`.
  package static let scale = FormatOption("scale", value: "N", help: "pixels per point (default 1); each canvas side ≤ 8192 px")
  /// `--fit WxH`, read by `fit()`.
  package static let fit = FormatOption(
    "fit", value: "WxH", help: "scale the canvas to fit W×H points, keeping its aspect (pixels at --scale 1), e.g. 96x96")
  /// `--background COLOR`, read by `color("background")`.
  package static let background = FormatOption(
    "background", value: "COLOR", help: "replace the preset's background; 'transparent' for none")
  /// `--max-work N`, read by `limits()`.
  package static let maxWork = FormatOption(
    "max-work", value: "N", help: "refuse a loop of more than N pixel-views: pixels × frames × views (default 2e11)")
  /// `--jobs N`, read by `jobs()`.
  package static let jobs = FormatOption(
    "jobs", value: "N", help: "worker threads (default: number of cores); output is identical for any N")
}

// MARK: - Renderer from options

extension Renderer {
  /// A renderer for `source` as the options ask: fitted into `fit` points (`FittedAnimation`;
  /// not when `fits` is false — the Lottie export is vector and keeps its size), at `scale`,
  /// with `max-work` (not when `wholeLoop` is false: the bound is for whole loops, and one frame
  /// is rendered).
  /// - Throws: `RenderError.invalidOption` for a bad option; the renderer's errors.
  package init(
    _ source: any AnimationSource, options: FormatOptionValues, jobs: Int = 1, wholeLoop: Bool = true, fits: Bool = true
  ) throws {
    let box = try options.fit()
    let fitted: any AnimationSource = box.map { fits ? FittedAnimation(source, fitting: $0) : source } ?? source
    var limits = try options.limits()
    if !wholeLoop { limits.maxWork = .max }
    try self.init(fitted, scale: try options.scale(), jobs: jobs, limits: limits)
  }
}

// MARK: - Frame rate per format

extension OutputFormat {
  /// The frame rate to render `requested` at for this format: `requested` itself (nil: the
  /// input's own rate) when the format plays it, else the format's `frameRateLimit`, returned
  /// as `lowered` so the caller can say so.
  package func frameRate(for requested: Double?) -> (fps: Double?, lowered: FrameRateLimit?) {
    guard let limit = frameRateLimit, let fps = requested, fps > limit.fps else { return (requested, nil) }
    return (limit.fps, limit)
  }
}
