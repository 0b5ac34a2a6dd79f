import KurukuruCore
import KurukuruLottie
import KurukuruRender

// MARK: - RenderPlan

/// What one `kurukuru render` writes: every input in every format, each input loaded once per
/// frame rate, and every renderer made before anything is written, so that a bad input or
/// option fails first and leaves no output.
package struct RenderPlan {
  /// One output to write.
  package struct Job {
    /// The input file, as the user named it.
    package var file: String
    /// The renderer, re-timed to the format's frame-rate limit when it needs that.
    package var renderer: Renderer
    package var format: any OutputFormat
    /// Why the frame rate was lowered for this format (`Renderer.prepared(for:)`), or nil.
    package var note: String?
  }

  /// In input order, each input's formats in the order given.
  package var jobs: [Job]

  /// Plans `inputs` × `formats` with the render options (`fps`, `background`, `fit`, `scale`,
  /// `max-work`) of `options`; the `.swift` files among `inputs` are one input
  /// (`AnimationInput.groups`). `loaded` is called once per input, with the input as it loaded
  /// (for its warnings). Every error names its input file (`InputFailure`).
  package init(
    inputs: [String], formats: [any OutputFormat], options: FormatOptionValues, settings: [String: String],
    inputOptions: AnimationInput.Options, jobs: Int, loaded: (AnimationInput) -> Void
  ) throws {
    let requested = try options.fps(), background = try options.color("background")
    let rates = formats.map { $0.frameRate(for: requested) }
    var planned: [Job] = []
    for group in AnimationInput.groups(inputs) {
      let input = try AnimationInput.load(group: group, options: inputOptions)
      loaded(input)
      var sources: [Double?: any AnimationSource] = [:]
      for (format, rate) in zip(formats, rates) {
        let source = try sources[rate.fps] ?? input.source(settings: settings, fps: rate.fps, background: background)
        sources[rate.fps] = source
        let prepared = try InputFailure.naming(input.file) {
          try Renderer(source, options: options, jobs: jobs, fits: !(format is LottieFormat)).prepared(for: format)
        }
        planned.append(Job(file: input.file, renderer: prepared.renderer, format: format, note: prepared.note))
      }
    }
    self.jobs = planned
  }

  /// The label of a job's progress line: `render`, with the scene's name when there are several
  /// jobs, and the format's when there are several formats.
  package func label(of job: Job) -> String {
    if jobs.count == 1 { return "render" }
    let formats = Set(jobs.map { type(of: $0.format).name }).count
    return formats == 1 ? "render \(job.renderer.scene.name)" : "render \(job.renderer.scene.name) \(type(of: job.format).name)"
  }
}

// MARK: - InputFailure

/// A failure while working on one input file after it loaded (making its renderer, writing its
/// output): printed with the file first, so that a line among many says which input it was about.
package struct InputFailure: Error, CustomStringConvertible {
  /// The input, as the user named it.
  package var file: String
  /// What failed.
  package var error: Error

  package init(file: String, error: Error) {
    self.file = file
    self.error = error
  }

  package var description: String {
    let message = String(describing: error)
    return message.hasPrefix(file) ? message : "\(file): \(message)"
  }

  /// Runs `body`, the work on the input `file`, so that its error names the file first; a bad
  /// option value (`RenderError.invalidOption`) is about the command line, not the file, and
  /// passes unchanged.
  package static func naming<T>(_ file: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as InputFailure {
      throw error
    } catch let error as RenderError where error.isInvalidOption {
      throw error
    } catch {
      throw InputFailure(file: file, error: error)
    }
  }
}

extension RenderError {
  /// Whether this is a bad option value (`invalidOption`): about the command line, not a file.
  fileprivate var isInvalidOption: Bool {
    if case .invalidOption = self { return true }
    return false
  }
}
