// MARK: - Suggestions

/// "did you mean" help for unknown names: by meaning (the word SwiftUI, UIKit, Core Animation or
/// CSS uses for what the format calls otherwise), else by spelling.
package enum Suggestion {
  /// The candidate that `word` most likely means, or nil: first the first of `meanings[word]`
  /// (case-insensitive) that is among `candidates`, so `color` in a `stroke` suggests `paint`;
  /// else the candidate nearest in spelling (case-insensitive optimal-string-alignment
  /// distance) if it is close enough to be a likely misspelling: at most
  /// max(1, min(3, candidate length / 3)) edits. Ties go to the earlier candidate.
  ///
  /// Cheap for any length of `word`: the distance is at least the difference in length, so a
  /// word more than 3 characters longer than every candidate is not compared at all.
  package static func closest(to word: String, in candidates: [String]) -> String? {
    if word.utf8.count <= excerptLength, let targets = meanings[word.lowercased()],
      let target = targets.first(where: candidates.contains)
    {
      return target
    }
    let longest = candidates.map(\.count).max() ?? 0
    guard word.prefix(longest + 4).count <= longest + 3 else { return nil }
    let w = Array(word.lowercased())
    var best: (String, Int)?
    for candidate in candidates {
      let c = Array(candidate.lowercased())
      let limit = max(1, min(3, candidate.count / 3))
      guard abs(w.count - c.count) <= limit else { continue }
      let d = distance(w, c)
      guard d <= limit else { continue }
      if best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
    }
    return best?.0
  }

  /// `" — did you mean 'x'?"` or an empty string.
  package static func hint(for word: String, in candidates: [String]) -> String {
    closest(to: word, in: candidates).map { " — did you mean \(quoted: $0)?" } ?? ""
  }

  // MARK: - Quoting

  /// Characters of user text that a message shows: longer text is cut after this many and
  /// ends in `…`, so a 4 MB name makes a short line. Default 40.
  package static let excerptLength = 40

  /// `text` as messages show it: whole when it has at most `excerptLength` characters, else its
  /// first `excerptLength` characters followed by `…`. Reads only that much of `text`.
  package static func excerpt(_ text: some StringProtocol) -> String {
    let head = text.prefix(excerptLength + 1)
    guard head.count > excerptLength else { return String(head) }
    return String(head.prefix(excerptLength)) + "…"
  }

  /// `text` on one line, as an error line shows it: control characters (a line break, a tab,
  /// NUL, …) and the Unicode line and paragraph separators are written as Swift escapes (`\n`,
  /// `\t`, `\r`, `\u{1B}`), so a key, a name or a character the user wrote cannot break the
  /// line.
  package static func oneLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: breaksLine) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      guard breaksLine(scalar) else {
        out.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return out
  }

  private static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control || scalar.value == 0x2028 || scalar.value == 0x2029
  }

  /// Words people reach for (lower-cased) → the names they mean, in order of preference; only
  /// a name that is valid where the word was written is suggested (`width` is `lineWidth` in a
  /// stroke, `x` in an offset or a scale, `frame` among the modifiers, and valid in a frame).
  package static let meanings: [String: [String]] = [
    // Paints and colours: SwiftUI's `.stroke(Color.red)`, `foregroundStyle`, CSS `color`/`fill`.
    "color": ["paint", "foregroundColor"],
    "colour": ["paint", "color", "foregroundColor"],
    "foregroundcolor": ["paint", "color"],
    "foregroundstyle": ["paint", "color"],
    "fill": ["paint", "color"],
    "fillcolor": ["paint", "color"],
    "strokecolor": ["paint", "color"],
    "tint": ["paint", "foregroundColor", "color"],
    "foreground": ["foregroundColor"],
    "backgroundcolor": ["background"],
    // Strokes: UIKit/CAShapeLayer and SVG/CSS names.
    "width": ["lineWidth", "x", "frame"],
    "strokewidth": ["lineWidth", "stroke"],
    "linewidth": ["stroke"],
    "thickness": ["lineWidth"],
    "cap": ["lineCap"],
    "strokelinecap": ["lineCap"],
    "join": ["lineJoin"],
    "strokelinejoin": ["lineJoin"],
    "miter": ["miterLimit"],
    "strokemiterlimit": ["miterLimit"],
    "dashpattern": ["dash"],
    "linedashpattern": ["dash"],
    "strokedasharray": ["dash"],
    "dasharray": ["dash"],
    "dashoffset": ["dashPhase"],
    "linedashphase": ["dashPhase"],
    "strokedashoffset": ["dashPhase"],
    "strokestyle": ["stroke"],
    // Geometry: `offset(CGSize(width:height:))`, `scaleEffect(CGSize)`, CSS transforms.
    "height": ["y", "frame"],
    "dx": ["x"],
    "dy": ["y"],
    "scalex": ["x"],
    "scaley": ["y"],
    "translatex": ["x"],
    "translatey": ["y"],
    "skewx": ["skew", "x"],
    "skewy": ["skew", "y"],
    "translate": ["offset"],
    "translation": ["offset"],
    "angle": ["degrees"],
    "rotation": ["degrees", "rotationEffect", "angle"],
    "rotate": ["degrees", "rotationEffect"],
    "deg": ["degrees"],
    "scale": ["scaleEffect"],
    "factor": ["scale"],
    "alpha": ["opacity"],
    "blur": ["radius"],
    "shadowradius": ["radius"],
    // CSS `box-shadow`, `border`, `transform`.
    "boxshadow": ["shadow"],
    "box-shadow": ["shadow"],
    "dropshadow": ["shadow"],
    "border": ["strokeBorder", "stroke"],
    "transform": ["rotationEffect", "scaleEffect", "offset"],
    "shadowcolor": ["color"],
    "size": ["frame", "width"],
    "align": ["alignment"],
    "offsetx": ["x"],
    "offsety": ["y"],
    "left": ["leading", "x"],
    "right": ["trailing"],
    "top": ["y"],
    "margin": ["padding"],
    "insets": ["padding"],
    "gap": ["spacing"],
    "children": ["content"],
    "views": ["content"],
    "count": ["range"],
    "centre": ["center"],
    // Clips and masks: CSS `clip-path`, `overflow: hidden`, `border-radius`, `mask-image`;
    // UIKit's `clipsToBounds`, Core Animation's `masksToBounds` and `mask` layer.
    "clip": ["clipShape"],
    "clippath": ["clipShape"],
    "clip-path": ["clipShape"],
    "clipshape": ["clipShape"],
    "overflow": ["clipped"],
    "clipstobounds": ["clipped"],
    "maskstobounds": ["clipped"],
    "cliptobounds": ["clipped"],
    "borderradius": ["cornerRadius"],
    "border-radius": ["cornerRadius"],
    "maskimage": ["mask"],
    "mask-image": ["mask"],
    "maskshape": ["clipShape"],
    "masklayer": ["mask"],
    // Shapes and trims: `strokeStart`/`strokeEnd` (CAShapeLayer), `cornerRadius`.
    "start": ["from", "startAngle", "startPoint", "startRadius"],
    "end": ["to", "endAngle", "endPoint", "endRadius"],
    "strokestart": ["from"],
    "strokeend": ["to"],
    "radius": ["cornerRadius", "endRadius"],
    "direction": ["clockwise"],
    "counterclockwise": ["clockwise"],
    "anticlockwise": ["clockwise"],
    "oval": ["Ellipse"],
    "rect": ["Rectangle"],
    "roundedrect": ["RoundedRectangle"],
    "pill": ["Capsule"],
    "stadium": ["Capsule"],
    "triangle": ["Polygon"],
    "path": ["Polygon"],
    "polyline": ["Polygon"],
    "line": ["Capsule", "Rectangle"],
    "group": ["ZStack"],
    // Gradients.
    "locations": ["stops"],
    "offset": ["location"],
    "position": ["location"],
    "r": ["red"],
    "g": ["green"],
    "b": ["blue"],
    "a": ["opacity"],
    "gradient": ["colors"],
    // Animated values: CABasicAnimation's `fromValue`/`toValue`, CAKeyframeAnimation's
    // `timingFunction(s)`, CSS `animation-timing-function`.
    "fromvalue": ["from"],
    "tovalue": ["to"],
    "keyframes": ["values"],
    "times": ["keyTimes"],
    "offsets": ["keyTimes"],
    "timingfunction": ["curve"],
    "timingfunctions": ["curves"],
    "easing": ["curve"],
    // Animation strings: Core Animation and CSS names.
    "easeineaseout": ["easeInOut"],
    "cubicbezier": ["timingCurve"],
    "bezier": ["timingCurve"],
    "forever": ["repeatForever"],
    // CSS `animation-iteration-count: infinite`.
    "infinite": ["repeatForever"],
    "iterationcount": ["repeatCount"],
    "animationiterationcount": ["repeatCount"],
    "repeat": ["repeatForever", "ForEach"],
    "wait": ["delay"],
    "begintime": ["delay"],
    "rate": ["speed"],
    // Layout: CSS flexbox and sizing words.
    "flex": ["Spacer"],
    "flexgrow": ["Spacer"],
    "minwidth": ["frame"],
    "maxwidth": ["frame"],
    "minheight": ["frame"],
    "maxheight": ["frame"],
    "intrinsicsize": ["fixedSize"],
    // Top level and parameters.
    "framerate": ["fps"],
    "period": ["duration"],
    "loop": ["duration"],
    "loopduration": ["duration"],
    "params": ["parameters"],
    "body": ["view"],
    "root": ["view"],
    "value": ["default"],
    "minimum": ["min"],
    "maximum": ["max"],
    "desc": ["description"],
    "help": ["description"],
  ]

  /// Damerau–Levenshtein distance (optimal string alignment).
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }
}

// MARK: - Quoted interpolation

extension DefaultStringInterpolation {
  /// `\(quoted: name)` in a message: the user's text between single quotes, cut to
  /// `Suggestion.excerpt` (`'aaaa…'`). Every message that quotes a name, a key or a value the
  /// user wrote goes through this.
  package mutating func appendInterpolation(quoted text: some StringProtocol) {
    appendLiteral("'" + Suggestion.excerpt(text) + "'")
  }

  /// `\(excerpt: text)`: the user's text unquoted, cut to `Suggestion.excerpt`.
  package mutating func appendInterpolation(excerpt text: some StringProtocol) {
    appendLiteral(Suggestion.excerpt(text))
  }
}
