import Foundation
import KurukuruCore
import KurukuruCodecs
import XCTest

/// Every bundled preset, rendered at scale 1 by the built binary both as a PNG sequence and as a
/// GIF with the default options: the GIF, decoded by our decoder and put on the white matte, must
/// show every rendered frame at ≥ 35 dB PSNR against the true-colour PNG frame composited on the
/// same matte, with delays that add up and frames merged only where the canvas did not change.
final class GIFPresetTests: XCTestCase {
  /// The lowest PSNR any frame of any preset may have, in dB.
  private let minimumPSNR = 35.0

  private struct PresetInfo {
    var name: String
    var file: String
    var fps: Double
    var frames: Int
  }

  /// The bundled presets as `kurukuru presets --json` lists them.
  private func presets() throws -> [PresetInfo] {
    let r = try CLITest.run(["presets", "--json", "--dir", CLITest.root.appendingPathComponent("Presets").path])
    XCTAssertEqual(r.status, 0, r.stderr)
    let rows = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
    return rows.compactMap { row in
      guard let name = row["name"] as? String, let file = row["file"] as? String,
            let fps = (row["fps"] as? NSNumber)?.doubleValue, let frames = (row["frames"] as? NSNumber)?.intValue
      else { return nil }
      return PresetInfo(name: name, file: file, fps: fps, frames: frames)
    }
  }

  // MARK: - Helpers

  /// Straight RGBA composited on the white matte, as RGB triples (rounded like the encoder's
  /// matting). Unsafe buffers keep the debug build fast.
  private func onMatte(_ frame: Frame) -> [UInt8] {
    let count = frame.width * frame.height
    return [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialized in
      frame.pixels.withUnsafeBufferPointer { px in
        for i in 0..<count {
          let a = Int(px[i * 4 + 3])
          for c in 0..<3 {
            out[i * 3 + c] = UInt8((Int(px[i * 4 + c]) * a + 255 * (255 - a) + 127) / 255)
          }
        }
      }
      initialized = count * 3
    }
  }

  /// Peak signal-to-noise ratio of two RGB buffers, in dB (`.infinity` when equal).
  private func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    var sum = 0
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        for i in 0..<min(a.count, b.count) {
          let d = Int(a[i]) - Int(b[i])
          sum += d * d
        }
      }
    }
    guard sum > 0 else { return .infinity }
    let mse = Double(sum) / Double(a.count)
    return 10 * log10(255 * 255 / mse)
  }

  // MARK: - Tests

  func testEveryPresetsGIFMatchesItsPNGFramesOnTheMatte() throws {
    let list = try presets()
    XCTAssertGreaterThanOrEqual(list.count, 5, "the bundled presets")
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    for preset in list {
      let gifPath = dir.appendingPathComponent("\(preset.name).gif").path
      let pngDir = dir.appendingPathComponent(preset.name)
      // GIF plays at most 50 fps: a faster preset is compared at 50 fps in both formats.
      let fps = min(preset.fps, 50)
      let rate = preset.fps > 50 ? ["--fps", "50"] : []
      let g = try CLITest.run(["render", preset.file, "--output", gifPath] + rate, in: CLITest.root)
      XCTAssertEqual(g.status, 0, "\(preset.name): \(g.stderr)")
      let p = try CLITest.run(["render", preset.file, "--format", "png", "--output", pngDir.path] + rate, in: CLITest.root)
      XCTAssertEqual(p.status, 0, "\(preset.name): \(p.stderr)")
      let frameCount = preset.fps > 50 ? try FileManager.default.contentsOfDirectory(atPath: pngDir.path).count : preset.frames
      let gif = try GIFDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: gifPath))))
      XCTAssertEqual(gif.loopCount, 0, "\(preset.name) loops forever")

      // Bookkeeping: the GIF's frames start where rendered frames start, their delays add up to
      // the loop, and a frame is merged into the previous one only when it looks the same.
      let frameDuration = try XCTUnwrap(Rational(approximating: 1 / fps, maxDenominator: 1_000_000), "\(preset.name)")
      let timeline = GIFDelays.centiseconds(.uniform(count: frameCount, frameDuration: frameDuration))
      var timelineStarts: [Int] = []
      var t = 0
      for d in timeline {
        timelineStarts.append(t)
        t += d
      }
      XCTAssertEqual(gif.delays.reduce(0, +), t, "\(preset.name): delays add up to the loop (cs)")
      XCTAssertTrue(gif.delays.allSatisfy { $0 >= 2 }, "\(preset.name): every delay ≥ 2 cs")
      XCTAssertLessThanOrEqual(gif.frames.count, frameCount, preset.name)
      var gifStarts: [Int] = []
      t = 0
      for d in gif.delays {
        gifStarts.append(t)
        t += d
      }
      XCTAssertTrue(Set(gifStarts).isSubset(of: Set(timelineStarts)), "\(preset.name): GIF frames start on rendered frames")
      for k in 1..<max(1, gif.frames.count) {
        XCTAssertNotEqual(gif.frames[k].pixels, gif.frames[k - 1].pixels, "\(preset.name): frame \(k) should have been merged")
      }

      // Pixels: the GIF frame showing at each rendered frame's start against that PNG frame.
      var k = 0
      var shown = onMatte(gif.frames[0])
      for i in 0..<frameCount where timeline[i] > 0 {
        while k + 1 < gifStarts.count && gifStarts[k + 1] <= timelineStarts[i] {
          k += 1
          shown = onMatte(gif.frames[k])
        }
        let url = pngDir.appendingPathComponent("\(preset.name)\(i).png")
        let png = try PNG.decode([UInt8](Data(contentsOf: url)))
        XCTAssertEqual(png.width, gif.width, preset.name)
        let value = psnr(shown, onMatte(png))
        XCTAssertGreaterThanOrEqual(value, minimumPSNR, "\(preset.name) frame \(i) (GIF frame \(k))")
      }
    }
  }

  func testQualityAndColorsOptionsTradeBytesForFidelity() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let preset = CLITest.preset("circle-progress")
    var sizes: [String: Int] = [:]
    // "few": every colour up to 15, so the colour limit is what binds.
    for (label, extra) in [("exact", ["--quality", "0"]), ("default", []), ("few", ["--colors", "15", "--quality", "0"])] {
      let path = dir.appendingPathComponent("\(label).gif").path
      let r = try CLITest.run(["render", preset, "--fps", "2", "--output", path] + extra)
      XCTAssertEqual(r.status, 0, r.stderr)
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      sizes[label] = bytes.count
      let table = 2 << Int(bytes[10] & 7)
      if label == "few" { XCTAssertEqual(table, 16, "15 colours + transparent fit a 16-entry table") }
    }
    let exact = try XCTUnwrap(sizes["exact"]), tuned = try XCTUnwrap(sizes["default"]), few = try XCTUnwrap(sizes["few"])
    XCTAssertLessThan(tuned, exact, "the default quality target makes a smaller file than every colour")
    XCTAssertLessThan(few, exact)
    let bad = try CLITest.run(["render", preset, "--quality", "-3", "--output", dir.appendingPathComponent("x.gif").path])
    XCTAssertEqual(bad.status, 2)
    let png = try CLITest.run(["render", preset, "--format", "png", "--colors", "8", "--output", dir.appendingPathComponent("p").path])
    XCTAssertEqual(png.status, 2, "--colors is for GIF only")
    XCTAssertTrue(png.stderr.contains("--colors"), png.stderr)
  }

  /// The default quality is 46 dB for a GIF that keeps transparency and 54 dB for an opaque one:
  /// the same bytes as asking for those values, and the transparent default is the smaller file.
  func testDefaultQualityDependsOnTransparency() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let preset = CLITest.preset("spinkit-cube-grid")
    func render(_ label: String, _ extra: [String]) throws -> [UInt8] {
      let path = dir.appendingPathComponent("\(label).gif").path
      let r = try CLITest.run(["render", preset, "--scale", "2", "--output", path] + extra)
      XCTAssertEqual(r.status, 0, r.stderr)
      return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    let transparent = try render("transparent", [])
    XCTAssertEqual(transparent, try render("transparent46", ["--quality", "46"]))
    XCTAssertLessThan(transparent.count, try render("transparent54", ["--quality", "54"]).count)
    let opaque = try render("opaque", ["--background", "white"])
    XCTAssertEqual(opaque, try render("opaque54", ["--background", "white", "--quality", "54"]))
    XCTAssertNotEqual(opaque, try render("opaque46", ["--background", "white", "--quality", "46"]))
  }
}
