// MARK: - FrameSourceError

/// Why a path cannot be opened or read as a `FrameSource`.
///
/// `description` is one line that starts with the path, e.g. `x.gif: gif: truncated data in …`,
/// `frames: the folder holds no .png frames`, `p.png: no such file or folder`.
public enum FrameSourceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing exists at the path.
  case notFound(path: String)
  /// The file exists but cannot be read.
  case unreadableFile(path: String)
  /// The folder exists but cannot be listed.
  case unreadableFolder(path: String)
  /// The folder holds no `.png` file (hidden files are ignored).
  case noFrames(folder: String)
  /// The file starts with none of the GIF, WebP and PNG signatures.
  case unknownFormat(path: String)
  /// The GIF cannot be decoded (the file, the decoder's error).
  case gif(path: String, GIFError)
  /// The APNG cannot be decoded (the file, the decoder's error).
  case apng(path: String, APNGError)
  /// The WebP cannot be decoded (the file, the decoder's error).
  case webp(path: String, WebPError)
  /// A PNG (the file itself, or a frame of a folder) cannot be decoded (its path, the error).
  case png(path: String, PNGError)
  /// The inputs' decoded frames would take more memory than the limit (the paths, bytes, the
  /// limit in bytes: `FrameSource.pairMemoryLimit`).
  case tooLarge(paths: [String], bytes: Int, limit: Int)

  public var description: String {
    switch self {
    case .notFound(let path): return "\(path): no such file or folder"
    case .unreadableFile(let path): return "\(path): cannot read the file"
    case .unreadableFolder(let path): return "\(path): cannot read the folder"
    case .noFrames(let folder): return "\(folder): the folder holds no .png frames"
    case .unknownFormat(let path): return "\(path): not a PNG, APNG, GIF or WebP file, nor a folder of PNG frames"
    case .gif(let path, let error): return "\(path): \(error)"
    case .webp(let path, let error): return "\(path): \(error)"
    case .png(let path, let error): return "\(path): \(error)"
    case .apng(let path, let error): return "\(path): \(error)"
    case .tooLarge(let paths, let bytes, let limit):
      return "\(paths.joined(separator: ", ")): the frames decode to \(gibibytes(bytes)) together, more than the "
        + "\(gibibytes(limit)) that a comparison holds in memory; compare PNG frame folders (decoded one frame at a "
        + "time) or fewer frames"
    }
  }
}

/// `2.1 GiB`, `512 MiB`.
private func gibibytes(_ bytes: Int) -> String {
  bytes >= 1 << 30 ? String(format: "%.1f GiB", Double(bytes) / Double(1 << 30)) : "\(bytes >> 20) MiB"
}
