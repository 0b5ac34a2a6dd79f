import Foundation
import KurukuruCore
import KurukuruRender

// MARK: - Contact sheet

/// Frames laid out in a grid on a checkerboard (so transparency shows), each labelled with its
/// index and time in a built-in bitmap font — no system fonts, so the sheet is byte-identical on
/// every machine.
package enum ContactSheet {
  /// One frame of the sheet with its label.
  package struct Cell {
    /// The frame, straight RGBA; every cell of a sheet has the same size.
    package var frame: Frame
    /// The label under the frame, in the characters `BitmapFont` draws (digits, '.', 's', '#');
    /// the first space splits it into two lines, e.g. `#12 0.40s`.
    package var label: String

    package init(frame: Frame, label: String) {
      self.frame = frame
      self.label = label
    }
  }

  /// Frames sampled for a sheet: at most this many, evenly spaced over the loop.
  package static let maximumCells = 120
  /// Sheets are laid out to be at most about this wide, in points (at most 10 columns).
  package static let targetWidth = 1600.0

  // MARK: - From a renderer

  /// The sheet of a loop: up to `maximumCells` frames evenly spaced (every frame for loops of
  /// at most 120 frames), each labelled `#INDEX SECONDSs`, in as many columns as fit in
  /// `targetWidth` points (1…10). Frames are rendered on `renderer.jobs` threads in chunks of
  /// 16; the sheet never depends on the number of threads.
  /// - Throws: `RasterError`.
  package static func render(_ renderer: Renderer) throws -> Frame {
    make(try cells(renderer), columns: columns(for: renderer))
  }

  /// The cells of `render(_:)`'s sheet: the sampled frames with their labels.
  /// - Throws: `RasterError`.
  package static func cells(_ renderer: Renderer) throws -> [Cell] {
    let timeline = renderer.scene.timeline
    let total = timeline.frameCount
    let step = max(1, (total + maximumCells - 1) / maximumCells)
    let indices = Array(stride(from: 0, to: total, by: step))
    var cells: [Cell] = []
    for chunk in stride(from: 0, to: indices.count, by: 16) {
      let part = Array(indices[chunk..<min(chunk + 16, indices.count)])
      let frames = try Parallel.map(part.count, workers: renderer.jobs) { try renderer.frame(part[$0]) }
      for (frame, index) in zip(frames, part) {
        cells.append(Cell(frame: frame, label: "#\(index) " + String(format: "%.2fs", timeline.time(ofFrame: index))))
      }
    }
    return cells
  }

  /// Columns of `render(_:)`'s sheet: as many as fit in `targetWidth` points, 1…10.
  package static func columns(for renderer: Renderer) -> Int {
    max(1, min(10, Int((targetWidth / (renderer.scene.size.width + 8)).rounded(.down))))
  }

  // MARK: - Composing

  /// Composes a sheet.
  /// - Parameters:
  ///   - cells: frames (all the same size) with their labels.
  ///   - columns: cells per row (≥ 1; fewer when there are fewer cells).
  /// - Returns: the sheet, straight RGBA, opaque: a white page with 8-px margins; a 1×1 frame
  ///   when there are no cells.
  package static func make(_ cells: [Cell], columns: Int) -> Frame {
    guard let first = cells.first?.frame else { return Frame(width: 1, height: 1) }
    // Labels are two lines (index, then time); small frames get the 1× font.
    let fontScale = first.width >= 80 ? 2 : 1
    let lines = cells.map { $0.label.split(separator: " ", maxSplits: 1).map(String.init) }
    let longest = lines.flatMap { $0 }.map(\.count).max() ?? 0
    let labelWidth = longest * (BitmapFont.width + 1) * fontScale
    let lineHeight = (BitmapFont.height + 2) * fontScale
    let pad = 8, labelHeight = 2 * lineHeight + 4
    let cellW = max(first.width, labelWidth) + pad, cellH = first.height + pad + labelHeight
    let cols = max(1, min(columns, cells.count))
    let rows = (cells.count + cols - 1) / cols
    var sheet = Frame(width: cols * cellW + pad, height: rows * cellH + pad, fill: RGBA8(r: 255, g: 255, b: 255))
    for (n, cell) in cells.enumerated() {
      let frame = cell.frame
      let ox = pad + (n % cols) * cellW, oy = pad + (n / cols) * cellH
      for y in 0..<frame.height {
        for x in 0..<frame.width {
          // 8-px checkerboard of two light greys under the frame.
          let light = ((x / 8) + (y / 8)) % 2 == 0
          let bg: Double = light ? 255 : 230
          let p = frame[x, y]
          let a = Double(p.a) / 255
          func blend(_ c: UInt8) -> UInt8 { UInt8((Double(c) * a + bg * (1 - a)).rounded()) }
          sheet[ox + x, oy + y] = RGBA8(r: blend(p.r), g: blend(p.g), b: blend(p.b))
        }
      }
      for (l, text) in lines[n].enumerated() {
        BitmapFont.draw(
          text, into: &sheet, x: ox, y: oy + frame.height + 4 + l * lineHeight, scale: fontScale,
          color: RGBA8(r: 60, g: 60, b: 67))
      }
    }
    return sheet
  }
}

// MARK: - Bitmap font

/// A 5×7 pixel font for the characters of frame labels: digits, '.', 's', '#' and space.
package enum BitmapFont {
  /// Glyph width in font pixels; characters advance by `width + 1`.
  package static let width = 5
  /// Glyph height in font pixels.
  package static let height = 7
  /// Rows top to bottom, 5 bits each, most significant bit on the left.
  package static let glyphs: [Character: [UInt8]] = [
    "0": [0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E], "1": [0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E],
    "2": [0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F], "3": [0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E],
    "4": [0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02], "5": [0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E],
    "6": [0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E], "7": [0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
    "8": [0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E], "9": [0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C],
    ".": [0, 0, 0, 0, 0, 0x0C, 0x0C], "s": [0, 0, 0x0E, 0x10, 0x0E, 0x01, 0x1E],
    "#": [0x0A, 0x0A, 0x1F, 0x0A, 0x1F, 0x0A, 0x0A], " ": [0, 0, 0, 0, 0, 0, 0],
  ]

  /// Draws `text` with its top-left at (x, y) pixels, each font pixel `scale` pixels wide;
  /// characters without a glyph are skipped; drawing is clipped to the frame.
  package static func draw(_ text: String, into frame: inout Frame, x: Int, y: Int, scale: Int, color: RGBA8) {
    var cx = x
    for ch in text {
      if let rows = glyphs[ch] {
        for (ry, bits) in rows.enumerated() {
          for rx in 0..<width where bits & (0x10 >> UInt8(rx)) != 0 {
            for dy in 0..<scale {
              for dx in 0..<scale {
                let px = cx + rx * scale + dx, py = y + ry * scale + dy
                if px >= 0, py >= 0, px < frame.width, py < frame.height { frame[px, py] = color }
              }
            }
          }
        }
      }
      cx += (width + 1) * scale
    }
  }
}
