import Foundation
import KurukuruCore

// MARK: - RenderError

/// Every failure of the render stage that is not a failure of an earlier stage: output options
/// that make no sense, and files or folders that cannot be written.
///
/// Errors of the stages the renderer drives pass through unchanged: `PresetError` (re-timing a
/// scene), `RasterError` (the canvas, Cairo), `GIFError`, `PNGError`, `APNGError` and
/// `WebPError` (encoding), `LottieError` (exporting).
/// `description` is one line that names the option or the path.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A format option has a value the format cannot use (the whole message, e.g.
  /// `render: --loops must be a whole number in 0…65535, got 'x'`).
  case invalidOption(String)
  /// No output format is registered under this name (the name, the registered names).
  case unknownFormat(String, known: [String])
  /// A file or folder could not be written (its path, why).
  case cannotWrite(path: String, reason: String)
  /// The destination exists and is not a folder, where a folder is needed.
  case notAFolder(path: String)
  /// The destination is a folder (or another kind of file), where a file is needed.
  case notAFile(path: String)
  /// A symbolic link is where an output or one of its folders goes inside the output folder;
  /// outputs are never written through links there (`OutputDirectory`).
  case symbolicLink(path: String)
  /// A folder that should exist inside the output folder does not.
  case noSuchFolder(path: String)
  /// A component of an output's path cannot name a file (the path, why: `the name '..'`).
  case unsafePath(path: String, reason: String)
  /// The process is being stopped by a signal; no new output is started.
  case interrupted
  /// An app bundle cannot be made of this scene (the format, why: a name that cannot become a
  /// resource name, a sprite sheet past the browsers' size limit).
  case cannotBundle(format: String, reason: String)
  /// One loop is more work than `Limits.maxWork` allows: the scene's file (`label`), the canvas in
  /// pixels, frames in the loop, views, and the limit in pixel-views.
  case tooMuchWork(scene: String, width: Int, height: Int, frames: Int, views: Int, limit: Int)

  public var description: String {
    switch self {
    case .invalidOption(let message):
      return message
    case .unknownFormat(let name, let known):
      return "unknown format \(quoted: name); formats: \(known.joined(separator: ", "))"
    case .cannotWrite(let path, let reason):
      return reason.isEmpty
        ? "\(printable(path)): cannot write the file" : "\(printable(path)): cannot write the file (\(reason))"
    case .notAFolder(let path):
      return "\(printable(path)): exists and is not a directory"
    case .notAFile(let path):
      return "\(printable(path)): is a directory, not a file"
    case .symbolicLink(let path):
      return "\(printable(path)): is a symbolic link; outputs are never written through links inside the output folder"
    case .noSuchFolder(let path):
      return "\(printable(path)): no such directory"
    case .unsafePath(let path, let reason):
      return "\(printable(path)): cannot name an output: \(reason)"
    case .interrupted:
      return "interrupted"
    case .cannotBundle(let format, let reason):
      return "\(format): \(reason)"
    case .tooMuchWork(let scene, let width, let height, let frames, let views, let limit):
      let work = Renderer.work(width: width, height: height, frames: frames, views: views)
      return "\(scene): one loop is \(scientific(work)) pixel-views (\(width)×\(height) px × \(frames) frames × "
        + "\(views) views), more than the limit of \(scientific(limit)); check the size, duration, fps and "
        + "ForEach ranges, or raise the limit (Limits.maxWork)"
    }
  }
}

/// `path` with control characters written as `\u{1B}`, so that a message stays one line and
/// cannot drive the terminal.
func printable(_ path: String) -> String {
  var out = ""
  for scalar in path.unicodeScalars {
    if scalar.value < 0x20 || scalar.value == 0x7F {
      out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    } else {
      out.unicodeScalars.append(scalar)
    }
  }
  return out
}

/// `2e+11`, `6.71e+12`: a large count at a glance.
private func scientific(_ n: Int) -> String {
  n == Int.max ? "more than 9.2e+18" : String(format: "%.3g", Double(n))
}
