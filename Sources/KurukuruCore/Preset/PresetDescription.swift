import Foundation

// MARK: - Describing a preset

extension Preset {
  /// What `kurukuru info PRESET --json` says about this preset resolved as `scene`, in a fixed
  /// order: file, name, title, size in points, fps, loop duration in seconds, frames, background,
  /// parameters (name, type, default, bounds, description), and notes and source when present.
  /// The fps is `NumberText.tidy`'s: frames / period without the division's last-bit noise.
  package func description(of scene: ResolvedScene, file: String) -> [(String, JSONOut)] {
    let parameters: [JSONOut] = self.parameters.map { p in
      var m: [(String, JSONOut)] = [("name", .string(p.name))]
      switch p.kind {
      case .number(let d, let lo, let hi):
        m += [("type", .string("number")), ("default", .number(d))]
        if let lo { m.append(("min", .number(lo))) }
        if let hi { m.append(("max", .number(hi))) }
      case .color:
        m += [("type", .string("color")), ("default", .string(p.defaultText))]
      }
      if let d = p.description { m.append(("description", .string(d))) }
      return .object(m)
    }
    var members: [(String, JSONOut)] = [
      ("file", .string(file)), ("name", .string(scene.name)), ("title", title.map { .string($0) } ?? .null),
      ("width", .number(scene.size.width)), ("height", .number(scene.size.height)),
      ("fps", .number(NumberText.tidy(scene.timeline.fps))), ("duration", .number(scene.timeline.period)),
      ("frames", .int(scene.timeline.frameCount)), ("background", .string(scene.background.hexDescription)),
      ("parameters", .array(parameters)),
    ]
    if scene.timeline.seam > 0 {
      // The loop's seam as a fraction of a value's range (Presets/README.md §10); absent when seamless.
      members.append(("seam", .number((scene.timeline.seam * 1000).rounded() / 1000)))
    }
    if !scene.timeline.notes.isEmpty { members.append(("notes", .array(scene.timeline.notes.map { .string($0) }))) }
    if let family { members.append(("family", .string(family))) }
    if let source { members.append(("source", .string(source))) }
    let fonts = scene.fontFiles
    if !fonts.isEmpty {
      // The files its Text is drawn from, as fontconfig chose them (Presets/README.md §4, Text).
      members.append(("fonts", .array(fonts.map {
        .object([("file", .string($0.path)), ("family", .string($0.family)), ("style", .string($0.style)), ("bytes", .int($0.bytes))])
      })))
    }
    return members
  }
}

extension RGBAColor {
  /// `#RRGGBB`, `#RRGGBBAA` when partly transparent, or `transparent`.
  package var hexDescription: String {
    let p = rgba8
    if p.a == 0 { return "transparent" }
    return String(format: p.a == 255 ? "#%02X%02X%02X" : "#%02X%02X%02X%02X", p.r, p.g, p.b, p.a)
  }
}
