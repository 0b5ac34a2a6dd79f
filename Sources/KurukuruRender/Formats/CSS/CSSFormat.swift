import Foundation
import KurukuruCodecs
import KurukuruCore

// MARK: - CSSFormat

/// A web bundle: sprite sheets of every frame at 1x (`NAME.png`) and 2x (`NAME@2x.png`),
/// `NAME.css` defining the class `.NAME` — an element of the preset's size in CSS px that plays
/// the loop — and `NAME.html`, a page that shows it.
///
/// Layout: frames go left to right in one row while the 2x sheet stays within
/// `maximumSheetSide` (16384) px, the largest image side browsers decode everywhere; beyond
/// that, in a grid of full rows (as many columns as fit), read row by row. Cells are the 1x
/// canvas (the preset's size in points, rounded to whole pixels) and exactly twice that at 2x.
///
/// Timing: frame i shows during [i / fps, (i + 1) / fps). One row plays with
/// `animation: NAME-play PERIODs steps(N) infinite` from `0 0` to `-N·width px 0`; a grid has a
/// keyframe per frame at i/N·100% with `step-end` timing. `background-size` is the 1x sheet's
/// size in CSS px for both sheets, so the 2x sheet, chosen by `image-set()` on screens of 2 and
/// more device pixels per CSS px, maps 2 device pixels per CSS px and stays sharp.
///
/// Names: the class, the keyframes and the files use `cssIdentifier(for:)` of the scene name.
/// `--scale` does not apply. The folder is staged and moved in only when complete.
public struct CSSFormat: OutputFormat {
  public static let name = "css"
  public static let displayName = "CSS bundle"
  public static let summary = "web bundle: 1x and 2x sprite sheets, NAME.css (class .NAME) and a demo page NAME.html"
  public static let options: [FormatOption] = []

  /// The largest sprite-sheet side, in pixels: 16384 (Chromium and Firefox decode larger
  /// images only in part or not at all on some devices; Safari's limit on area is higher).
  public static let maximumSheetSide = 16384

  /// zlib level of the sheets: 9, since they are served to browsers as they are.
  public static let compressionLevel = 9

  public init() {}

  public init(options: FormatOptionValues) throws {}

  public var writesFolder: Bool { true }

  /// `NAME-css`, whatever the scale.
  public func defaultPath(name: String, scale: Double) -> String { name + "-css" }

  // MARK: - Names

  /// A CSS identifier for a scene name, also used for the files: characters other than ASCII
  /// letters, digits, `-` and `_` become `_`; `_` goes before a name that would not be an
  /// identifier (a leading digit, `-` and a digit, `--`, or `-` alone).
  public static func cssIdentifier(for name: String) -> String {
    var id = String(name.unicodeScalars.map { scalar -> Character in
      switch scalar {
      case "a"..."z", "A"..."Z", "0"..."9", "-", "_": return Character(scalar)
      default: return "_"
      }
    })
    let chars = Array(id)
    let first = chars.first, second = chars.count > 1 ? chars[1] : nil
    let dashNotIdentifier = first == "-" && (second == nil || second == "-" || second?.isNumber == true)
    if id.isEmpty || first?.isNumber == true || dashNotIdentifier {
      id = "_" + id
    }
    return id
  }

  // MARK: - Layout

  /// Where each frame sits in the sheets.
  public struct Layout: Equatable, Sendable {
    /// Frames in the loop.
    public var frames: Int
    /// Cell size at 1x, in pixels (= CSS px).
    public var cellWidth: Int
    public var cellHeight: Int
    /// Columns and rows of the sheet (one row unless it would be too wide).
    public var columns: Int
    public var rows: Int

    /// The 1x sheet's size in pixels (= the CSS `background-size`).
    public var sheetWidth: Int { columns * cellWidth }
    public var sheetHeight: Int { rows * cellHeight }

    /// The column and row of frame `index`.
    public func cell(of index: Int) -> (column: Int, row: Int) { (index % columns, index / columns) }

    /// The layout of `frames` cells of `width`×`height` px at 1x, with the 2x sheet at most
    /// `maximumSide` px a side.
    /// - Throws: `RenderError.cannotBundle` when even a grid would be too large.
    public init(frames: Int, width: Int, height: Int, maximumSide: Int = CSSFormat.maximumSheetSide) throws {
      self.frames = frames
      cellWidth = width
      cellHeight = height
      columns = max(1, min(frames, maximumSide / max(1, 2 * width)))
      rows = (frames + columns - 1) / columns
      guard 2 * width <= maximumSide, rows * 2 * height <= maximumSide else {
        let fit = max(1, maximumSide / max(1, 2 * width)) * max(0, maximumSide / max(1, 2 * height))
        throw RenderError.cannotBundle(
          format: CSSFormat.name,
          reason: "\(frames) frames of \(width)×\(height) px do not fit a 2x sprite sheet of \(maximumSide) px a side "
            + "(at most \(fit) frames); lower the frame rate")
      }
    }
  }

  // MARK: - Text

  /// The style sheet: the class `.ID`, its keyframes `ID-play`.
  public static func css(id: String, layout: Layout, timeline: Timeline, sceneName: String) -> String {
    let n = layout.frames
    let period = AppBundle.number(AppBundle.loopSeconds(timeline))
    let fps = AppBundle.number(timeline.fps)
    let arrangement = layout.rows == 1 ? "one row" : "\(layout.columns) columns × \(layout.rows) rows"
    let cell = "\(layout.cellWidth)×\(layout.cellHeight)"
    var css = """
      /* \(comment(sceneName)): \(n) frames at \(fps) fps, a \(period) s loop; frame i shows during [i/fps, (i+1)/fps).
         Sprite sheets \(id).png (1x) and \(id)@2x.png (2x): \(arrangement) of \(cell) px cells.
         Generated by kurukuru. */
      .\(id) {
        display: inline-block;
        width: \(layout.cellWidth)px;
        height: \(layout.cellHeight)px;
        background-image: url("\(id).png");
        background-image: -webkit-image-set(url("\(id).png") 1x, url("\(id)@2x.png") 2x);
        background-image: image-set(url("\(id).png") 1x, url("\(id)@2x.png") 2x);
        background-repeat: no-repeat;
        background-size: \(layout.sheetWidth)px \(layout.sheetHeight)px;
        background-position: 0 0;

      """
    if layout.rows == 1 {
      css += """
          animation: \(id)-play \(period)s steps(\(n)) infinite;
        }

        @keyframes \(id)-play {
          from { background-position: 0 0; }
          to { background-position: -\(layout.sheetWidth)px 0; }
        }

        """
    } else {
      css += """
          animation: \(id)-play \(period)s step-end infinite;
        }

        @keyframes \(id)-play {

        """
      for i in 0..<n {
        css += "  \(percent(i, of: n)) { background-position: \(position(i, layout)); }\n"
      }
      css += "  100% { background-position: \(position(n - 1, layout)); }\n}\n"
    }
    return css
  }

  /// The demo page.
  public static func html(id: String, layout: Layout, sceneName: String) -> String {
    let title = escapeHTML(sceneName)
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(title)</title>
      <link rel="stylesheet" href="\(id).css">
      <style>
        body { margin: 2rem; font: 14px/1.5 system-ui, sans-serif; }
        code { background: #f2f2f2; padding: 0 0.25em; }
      </style>
      </head>
      <body>
      <div class="\(id)" role="img" aria-label="Loading"></div>
      <p>\(title): <code>&lt;link rel="stylesheet" href="\(id).css"&gt;</code> and
      <code>&lt;div class="\(id)"&gt;&lt;/div&gt;</code>, \(layout.cellWidth)×\(layout.cellHeight) CSS px.</p>
      </body>
      </html>

      """
  }

  /// `-96px -48px`: the background position that shows frame `index`.
  static func position(_ index: Int, _ layout: Layout) -> String {
    let (c, r) = layout.cell(of: index)
    func px(_ v: Int) -> String { v == 0 ? "0" : "-\(v)px" }
    return "\(px(c * layout.cellWidth)) \(px(r * layout.cellHeight))"
  }

  /// `12.5%`: the keyframe offset of frame `index`, to a millionth of a percent.
  static func percent(_ index: Int, of count: Int) -> String {
    var s = String(format: "%.6f", 100 * Double(index) / Double(count))
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s + "%"
  }

  private static func comment(_ s: String) -> String { s.replacingOccurrences(of: "*/", with: "* /") }

  private static func escapeHTML(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  // MARK: - Writing

  public func write(_ renderer: Renderer, to target: OutputTarget) throws -> OutputSummary {
    let scene = renderer.scene
    let id = CSSFormat.cssIdentifier(for: scene.name)
    let base = try AppBundle.renderers(renderer, scales: [1])[0]
    let layout = try Layout(frames: renderer.frameCount, width: base.width, height: base.height)
    let renderers = try AppBundle.renderers(renderer, scales: [1, 2])
    let tree = try StagingTree(destination: target)
    let files = ["\(id).css", "\(id).html", "\(id).png", "\(id)@2x.png"]
    let css = CSSFormat.css(id: id, layout: layout, timeline: scene.timeline, sceneName: scene.name)
    try tree.write(Array(css.utf8), at: files[0])
    try tree.write(Array(CSSFormat.html(id: id, layout: layout, sceneName: scene.name).utf8), at: files[1])
    for (s, r) in renderers.enumerated() {
      let sheet = try CSSFormat.sheet(r, layout: layout, factor: s + 1)
      try tree.write(try PNG.encode(sheet, compressionLevel: CSSFormat.compressionLevel), at: files[2 + s])
    }
    let bytes = tree.totalBytes
    try tree.commit { _ in false }
    let notes = AppBundle.scaleNotes(renderer, format: CSSFormat.name, scales: [1, 2])
    return OutputSummary(path: target.path, frames: layout.frames, bytes: bytes, files: files, notes: notes)
  }

  /// Every frame of `renderer` in its cell of a sheet `factor` times the 1x layout. A frame of a
  /// fractional-point preset may be a pixel larger or smaller than its cell at 2x: it is placed
  /// at the cell's top-left corner and cropped to it.
  /// - Throws: the first frame's `RasterError`.
  static func sheet(_ renderer: Renderer, layout: Layout, factor: Int) throws -> Frame {
    let cellWidth = layout.cellWidth * factor, cellHeight = layout.cellHeight * factor
    let sheet = SheetPixels(width: layout.sheetWidth * factor, height: layout.sheetHeight * factor)
    try renderer.forEachFrame(in: 0..<layout.frames) { i, frame in
      let (c, r) = layout.cell(of: i)
      sheet.place(frame, x: c * cellWidth, y: r * cellHeight, width: cellWidth, height: cellHeight)
    }
    return sheet.frame
  }
}

extension OutputFormat where Self == CSSFormat {
  /// A web bundle: sprite sheets, a style sheet and a demo page.
  public static func css() -> CSSFormat { CSSFormat() }
}

// MARK: - SheetPixels

/// A sprite sheet filled from several threads: every frame goes to its own cell.
private final class SheetPixels: @unchecked Sendable {
  private let lock = NSLock()
  private var pixels: [UInt8]
  let width: Int, height: Int

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: width * height * 4)
  }

  /// Copies `frame` to (`x`, `y`), cropped to `width`×`height`.
  func place(_ frame: Frame, x: Int, y: Int, width w: Int, height h: Int) {
    let rowBytes = min(frame.width, w) * 4
    lock.lock()
    defer { lock.unlock() }
    for row in 0..<min(frame.height, h) {
      let src = row * frame.width * 4, dst = ((y + row) * width + x) * 4
      pixels.replaceSubrange(dst..<(dst + rowBytes), with: frame.pixels[src..<(src + rowBytes)])
    }
  }

  var frame: Frame {
    lock.lock()
    defer { lock.unlock() }
    return Frame(width: width, height: height, pixels: pixels)
  }
}
