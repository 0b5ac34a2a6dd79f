import Foundation
import KurukuruCore
import KurukuruRender

// MARK: - Gallery

/// `index.html` for a batch output folder: every preset's animation on a light and a dark matte,
/// with its title, source, size, fps, bytes and parameters, grouped under a heading per family
/// (the preset's `family`; families sorted case-insensitively, presets without one last under
/// "Other"), with a table of contents linking to each family. Self-contained (no external assets),
/// readable offline from `file://`. A small script records in `<body data-loaded data-total>`
/// how many images decoded, which the browser check reads.
package enum Gallery {
  /// One preset's card.
  package struct Card {
    /// The scene name; also the card's HTML id.
    package var name: String
    /// The preset's title, or its name.
    package var title: String
    /// Where the animation comes from (the preset's `source`), if it says.
    package var source: String?
    /// The collection the preset belongs to (its `family`), if it says; cards are grouped by it.
    package var family: String? = nil
    /// A warning about the preset (its drawing leaves the canvas and is clipped), if any.
    package var warning: String? = nil
    /// The preset file as given.
    package var file: String
    /// Canvas size in points.
    package var width: Double, height: Double
    /// Frames per second, loop length in seconds, frames in the loop.
    package var fps: Double, duration: Double, frames: Int
    /// Every parameter with the value used.
    package var parameters: [Parameter]
    /// Paths of the preview GIFs on a light and a dark matte, relative to the folder.
    package var light: String, dark: String
    /// Path of the contact sheet, relative to the folder, if any.
    package var contactSheet: String?
    /// The preset's outputs.
    package var outputs: [Link]
    /// Outputs browsers play with full alpha (APNG, WebP at the smallest scale), each shown on
    /// a light and a dark tile next to the GIF, with its format and bytes: unlike the GIF, one
    /// file looks right on both.
    package var fullAlpha: [Link] = []
    /// Its ink is near invisible on the dark tile (`InkContrast`): the dark tiles get a note.
    package var darkInk = false
  }

  /// A parameter and the value it was rendered with.
  package struct Parameter {
    package var name: String
    package var value: String
  }

  /// A link to an output file or folder.
  package struct Link {
    /// Relative to the output folder.
    package var path: String
    /// The link text.
    package var label: String
    /// Size in bytes.
    package var bytes: Int
  }

  /// The page of a batch's manifest: a card per preset record, in order, and its failures.
  package static func html(manifest: Manifest) -> String {
    html(cards: cards(of: manifest), failures: manifest.failures.map { BatchFailure(file: $0.file, message: $0.message) },
         title: manifest.title)
  }

  /// The cards of a manifest's presets, but those among its failures. The light tile shows the first GIF at 1× among the
  /// preset's outputs when there is one, else the light preview; the dark tile the dark preview
  /// when there is one (a transparent background), else the light tile.
  package static func cards(of manifest: Manifest) -> [Card] {
    let inputs = manifest.inputOfPreset
    var byInput: [Int: [Manifest.Entry]] = [:]
    for entry in manifest.outputs { if let input = inputs[entry.preset] { byInput[input, default: []].append(entry) } }
    let failed = Set(manifest.failures.map(\.input))
    return manifest.presets.filter { !failed.contains($0.input) }.map { record in
      let name = record.name, outputs = byInput[record.input] ?? []
      let own = outputs.filter { $0.format != "contact-sheet" && !$0.path.hasPrefix("previews/") }
      let light = own.first { $0.format == "gif" && $0.scale == 1 }?.path ?? "previews/\(name)-light.gif"
      let darkPath = "previews/\(name)-dark.gif"
      return Card(
        name: name, title: record.title ?? name, source: record.source, family: record.family, warning: record.warning,
        file: record.file, width: record.width, height: record.height, fps: record.fps, duration: record.duration,
        frames: record.frames, parameters: record.parameters.map { Parameter(name: $0.name, value: $0.value) },
        light: light, dark: outputs.contains { $0.path == darkPath } ? darkPath : light,
        contactSheet: "\(name).contact.png",
        outputs: own.map { Link(path: $0.path, label: $0.path, bytes: $0.bytes) }, fullAlpha: fullAlphaImages(own),
        darkInk: record.darkInk)
    }
  }

  /// The outputs browsers play with full alpha, one per format, at the smallest scale written.
  static func fullAlphaImages(_ outputs: [Manifest.Entry]) -> [Link] {
    var seen = Set<String>()
    return outputs.enumerated().sorted { a, b in
      a.element.scale != b.element.scale ? a.element.scale < b.element.scale : a.offset < b.offset
    }.compactMap { _, e -> Link? in
      guard let type = OutputFormats.named(e.format), (try? type.init(options: FormatOptionValues()))?.showsFullAlphaInBrowsers == true,
        seen.insert(type.name).inserted
      else { return nil }
      return Link(path: e.path, label: type.displayName, bytes: e.bytes)
    }
  }

  /// The page.
  /// - Parameters:
  ///   - cards: one per preset, in order.
  ///   - failures: presets that failed, listed at the end.
  ///   - title: the page title and heading.
  package static func html(cards: [Card], failures: [BatchFailure], title: String) -> String {
    func esc(_ s: String) -> String {
      s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
    func url(_ path: String) -> String {
      path.split(separator: "/").map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0) }
        .joined(separator: "/")
    }
    func bytes(_ n: Int) -> String { n >= 10_240 ? String(format: "%.1f KB", Double(n) / 1024) : "\(n) B" }
    func card(_ c: Card) -> String {
      let params = c.parameters.isEmpty ? "<em>none</em>"
        : c.parameters.map { "<code>\(esc($0.name))=\(esc($0.value))</code>" }.joined(separator: " ")
      let outs = c.outputs.map { "<li><a href=\"\(url($0.path))\">\(esc($0.label))</a> · \(bytes($0.bytes))</li>" }.joined()
      return """
        <section class="card" id="\(esc(c.name))">
          <div class="tiles">
            <div class="tile light"><img src="\(url(c.light))" alt="\(esc(c.name)) on a light matte" width="\(Int(c.width))" height="\(Int(c.height))"></div>
            <div class="tile dark"><img src="\(url(c.dark))" alt="\(esc(c.name)) on a dark matte" width="\(Int(c.width))" height="\(Int(c.height))"></div>
          </div>
          \(c.fullAlpha.map { image in
            """
            <div class="tiles alpha">
              <div class="tile light"><img src="\(url(image.path))" alt="\(esc(image.label)) on light" width="\(Int(c.width))" height="\(Int(c.height))"></div>
              <div class="tile dark"><img src="\(url(image.path))" alt="\(esc(image.label)) on dark" width="\(Int(c.width))" height="\(Int(c.height))"></div>
            </div>
            <p class="caption">\(esc(image.label)) · \(bytes(image.bytes)) · the same file on both</p>
            """
          }.joined())
          \(c.darkInk ? "<p class=\"note\">Dark ink: near invisible on the dark tiles, which show how it looks on a dark page.</p>" : "")
          <h3>\(esc(c.title)) <small>\(esc(c.name))</small></h3>
          \(c.source.map { "<p class=\"source\">\(esc($0))</p>" } ?? "")
          \(c.warning.map { "<p class=\"warning\">⚠︎ \(esc($0))</p>" } ?? "")
          <dl>
            <dt>size</dt><dd>\(OutputNaming.number(c.width))×\(OutputNaming.number(c.height)) pt</dd>
            <dt>loop</dt><dd>\(NumberText.format(c.duration, decimals: 6)) s · \(c.frames) frames · \(String(format: "%.4g", c.fps)) fps</dd>
            <dt>parameters</dt><dd>\(params)</dd>
            <dt>preset</dt><dd><code>\(esc(c.file))</code></dd>
          </dl>
          <ul class="outputs">\(outs)\(c.contactSheet.map { "<li><a href=\"\(url($0))\">contact sheet</a></li>" } ?? "")</ul>
        </section>

        """
    }
    // Families sorted case-insensitively; presets without a family last, under "Other".
    let groups = families(of: cards)
    let toc = groups.count > 1
      ? "<nav class=\"families\">" + groups.map { g in
        "<a href=\"#\(esc(familyID(g.family)))\">\(esc(g.family ?? otherFamily))</a> <small>\(g.cards.count)</small>"
      }.joined(separator: " · ") + "</nav>\n" : ""
    var body = ""
    for g in groups {
      body += """
        <section class="family" id="\(esc(familyID(g.family)))">
        <h2>\(esc(g.family ?? otherFamily)) <small>\(g.cards.count) preset\(g.cards.count == 1 ? "" : "s")</small></h2>
        <div class="grid">
        \(g.cards.map(card).joined())</div>
        </section>

        """
    }
    let failed = failures.isEmpty ? "" : "<section class=\"failures\"><h2>Failed</h2><ul>"
      + failures.map { failure in
        // The message starts with the file (`BatchFailure`): the file is set in code, the rest follows.
        let rest = failure.message.hasPrefix(failure.file) ? String(failure.message.dropFirst(failure.file.count)) : ": " + failure.message
        return "<li><code>\(esc(failure.file))</code>\(esc(rest))</li>"
      }.joined() + "</ul></section>"
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(esc(title))</title>
      <style>
        body { font: 14px/1.4 -apple-system, system-ui, sans-serif; margin: 24px; background: #f2f2f7; color: #1c1c1e; }
        h1 { font-size: 22px; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 16px; }
        .card { background: #fff; border-radius: 12px; padding: 12px; box-shadow: 0 1px 3px rgba(0,0,0,.1); }
        .tiles { display: flex; gap: 8px; }
        .tile { flex: 1; display: flex; align-items: center; justify-content: center; min-height: 140px; border-radius: 8px; overflow: hidden; }
        .tile img { max-width: 100%; height: auto; }
        .light { background: #ffffff; border: 1px solid #e5e5ea; }
        .dark { background: #1c1c1e; }
        nav.families { margin: 0 0 12px; } nav.families small { color: #8e8e93; }
        .family > h2 { font-size: 19px; margin: 24px 0 10px; } h2 small { color: #8e8e93; font-weight: normal; font-size: 14px; }
        h3 { font-size: 16px; margin: 10px 0 4px; } h3 small { color: #8e8e93; font-weight: normal; }
        .source { color: #3c3c43; margin: 4px 0; overflow-wrap: anywhere; }
        .warning { color: #b25000; margin: 4px 0; }
        dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 8px; margin: 6px 0; } dt { color: #8e8e93; } dd { margin: 0; }
        .outputs { margin: 6px 0 0; padding-left: 18px; }
        .tiles.alpha { margin-top: 8px; } .tiles.alpha .tile { min-height: 90px; }
        .caption { color: #8e8e93; margin: 2px 0 0; font-size: 12px; }
        .note { color: #3c3c43; background: #f2f2f7; border-radius: 6px; padding: 4px 8px; margin: 6px 0 0; font-size: 12px; }
        .failures { background: #fff0f0; border-radius: 12px; padding: 12px; margin-top: 16px; }
      </style>
      </head>
      <body data-loaded="0" data-total="0">
      <h1>\(esc(title))</h1>
      \(toc)<main>
      \(body)</main>
      \(failed)
      <script>
        window.addEventListener('load', function () {
          var images = document.images, ok = 0;
          for (var i = 0; i < images.length; i++) { if (images[i].complete && images[i].naturalWidth > 0) ok++; }
          document.body.dataset.loaded = String(ok);
          document.body.dataset.total = String(images.length);
        });
      </script>
      </body>
      </html>

      """
  }

  // MARK: - Families

  /// The heading of presets that name no family.
  static let otherFamily = "Other"

  /// Cards grouped by family: families sorted case-insensitively (then exactly), cards in their
  /// given order within a family, the cards without a family last.
  static func families(of cards: [Card]) -> [(family: String?, cards: [Card])] {
    var order: [String?] = []
    var groups: [String?: [Card]] = [:]
    for c in cards {
      let key = c.family.flatMap { $0.isEmpty ? nil : $0 }
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(c)
    }
    order.sort { a, b in
      guard let a else { return false }
      guard let b else { return true }
      let (la, lb) = (a.lowercased(), b.lowercased())
      return la != lb ? la < lb : a < b
    }
    return order.map { ($0, groups[$0] ?? []) }
  }

  /// The HTML id of a family's section: `family-` and the name with characters other than
  /// letters and digits as `-` (`exyte/ActivityIndicatorView` → `family-exyte-ActivityIndicatorView`).
  static func familyID(_ family: String?) -> String {
    let name = family ?? otherFamily
    return "family-" + String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
  }
}
