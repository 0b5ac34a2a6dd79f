import FuzzSupport
import KurukuruCodecs
import KurukuruCompare
import KurukuruCore
import KurukuruRaster
import KurukuruRender

// MARK: - Preset target

/// A preset end to end, short of encoding: bytes → UTF-8 → `Preset(text:file:)` → `scene()` →
/// `scene(settings:limits:)` with `--set` values → `evaluate` at a few instants → rasterize when
/// the canvas is tiny.
///
/// Input: `SETTINGS \0 PRESET-JSON`, where SETTINGS is `name=value` lines given as `--set`
/// values; without a NUL byte the whole input is the preset and each parameter gets a value
/// picked by the preset's first bytes from `probes` (edges: 0, negatives, huge, NaN text, …).
/// `Limits` are tight so that one input stays well under a second.

/// Values tried for parameters when the input gives none.
let probes = [
  "0", "1", "-1", "0.5", "2", "1e300", "-1e300", "1e-300", "nan", "inf", "100000", "-0", "3.5",
  "#000", "#FFFFFF80", "red", "clear", "$x", "",
]

/// Tight bounds: one input must stay fast whatever it asks for.
let limits: Limits = {
  var l = Limits()
  l.maxCanvasPoints = 512
  l.maxFPS = 120
  l.maxPeriod = 30
  l.maxDuration = 60
  l.maxFrames = 2_000
  l.maxViews = 2_000
  l.maxDepth = 24
  l.maxLayoutMeasurements = 5_000
  return l
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  FuzzSupport.run(data, size) { bytes in
    var settingsText: [UInt8] = []
    var presetBytes = bytes
    if let (before, after) = split(bytes, at: [0]) { (settingsText, presetBytes) = (before, after) }
    guard let text = String(validating: presetBytes, as: UTF8.self) else { return }
    let preset = try Preset(text: text, file: "fuzz.json")
    _ = try preset.scene()

    var settings: [String: String] = [:]
    if !settingsText.isEmpty {
      for line in String(decoding: settingsText, as: UTF8.self).split(separator: "\n") {
        let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        settings[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
      }
    } else {
      for (i, p) in preset.parameters.enumerated() {
        settings[p.name] = probes[Int(i < bytes.count ? bytes[i] : 0) % probes.count]
      }
    }
    // Settings may be refused (bad values): fall back to the defaults, still with tight limits.
    let scene: ResolvedScene
    do { scene = try preset.scene(settings: settings, limits: limits) } catch { scene = try preset.scene(limits: limits) }

    let timeline = scene.timeline
    let last = Double(max(0, timeline.frameCount - 1)) / timeline.fps
    var lists: [DisplayList] = []
    for t in [0, timeline.period / 3, timeline.period / 2, last, -1, timeline.period * 7.25] {
      lists.append(scene.displayList(at: t))
    }
    // Cairo on tiny canvases only: the drawing code sees every display list feature.
    if scene.size.width * scene.size.height <= 64 * 64, let list = lists.dropFirst().first {
      // A rasterizer of its own per input, so its cache is freed on return: LeakSanitizer cannot
      // follow Swift enum payload pointers whose spare bits hold the case, so display items a
      // cache still held at exit would look leaked.
      _ = try Rasterizer(scale: 1).render(list)
    }
  }
}
