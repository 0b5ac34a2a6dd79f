// MARK: - RenderHelp

/// What `kurukuru render --help` and `kurukuru frame --help` say rendering does: the output
/// naming of `Renderer.defaultTarget(for:)`, the frame times of `Timeline` and the frame-rate
/// limits of the formats, kept beside the renderer so that the text and the rules cannot drift
/// apart. Lines of at most 100 characters.
package enum RenderHelp {
  /// The paragraph of `render --help`: the inputs and every format's one-line summary.
  package static var render: String {
    """
    Renders the loop of each INPUT — a preset (a bundled name or a .json file), a Lottie file
    (.json, .lottie) or a SwiftUI view (.swift; several .swift inputs are one view's files,
    compiled together) — in one or more of these formats:
    """ + "\n" + OutputFormats.summaryLines.joined(separator: "\n")
  }

  /// `render --output`: where each format writes by default.
  package static let output = """
    the file or folder to write (default NAME.gif, NAME@Nx.gif at --scale N;
    png: the folder NAME/, NAME@Nx/; android: NAME-android/; xcassets: the
    folder that gets NAME.xcassets, default .; css: NAME-css/); with several
    presets or formats, the folder that gets each one's default name
    """

  /// `render --fps`.
  package static let fps = """
    frames per second (default: the preset's); GIF plays at most 50 fps,
    so a higher value is lowered to 50 with a warning
    """

  /// The text after `render`'s options: PNG frame names, frame times, the app bundles.
  package static var renderDiscussion: String {
    """
    PNG frames are straight RGBA, named NAME0.png, NAME1.png, … (NAME0@2x.png at --scale 2), as
    UIImage.animatedImageNamed(_:duration:) expects. Frame i is rendered at t = i / fps.
    """ + "\n" + AppBundleHelp.text
  }

  /// The paragraph of `frame --help`: `Renderer.frame(at:)`'s instant.
  package static let frame = """
    Renders the preset at one instant to a straight-RGBA PNG: seconds from the start of its
    loop; a time past the loop wraps round it (t modulo the loop length), as the rendered
    files loop.
    """
}
