// MARK: - Automatic duration

extension PresetReader {
  /// Reads the top-level `duration` when it asks for an automatic loop length: `"auto"` (up to
  /// `Timeline.defaultAutoMaximum`, 10 s) or `{"auto": seconds}` (up to that maximum, a number
  /// or expression in [`limits.minPeriod`, `limits.maxPeriod`]). See Presets/README.md §10.
  /// The string `"auto"` is never an expression: with a number parameter named `auto` it is
  /// ambiguous, and an error.
  /// - Returns: the maximum loop length in seconds, or nil when `node` is an ordinary duration.
  /// - Throws: `PresetError` for a bad maximum, or for `"auto"` beside a parameter `auto`.
  func autoDuration(_ node: JSONNode, limits: Limits) throws -> Double? {
    switch node.value {
    case .string(let text) where text.trimmingCharacters(in: .whitespaces) == "auto":
      guard variables["auto"] == nil else {
        throw fail(
          node, "duration",
          "\"duration\": \"auto\" is the automatic loop, but a parameter is also named 'auto'; rename the parameter, or write {\"auto\": \(fmt(Timeline.defaultAutoMaximum))} for the automatic loop")
      }
      return min(Timeline.defaultAutoMaximum, limits.maxPeriod)
    case .object:
      let o = try object(node, path: "duration", keys: ["auto"])
      guard let m = o["auto"] else {
        throw fail(node, "duration", "an object 'duration' is {\"auto\": maximum seconds}")
      }
      let maximum = try number(m, path: "duration.auto")
      guard maximum >= limits.minPeriod, maximum <= limits.maxPeriod else {
        throw fail(
          m, "duration.auto",
          "the longest automatic loop must be in [\(fmt(limits.minPeriod)), \(fmt(limits.maxPeriod))] seconds, got \(fmt(maximum))")
      }
      return maximum
    default:
      return nil
    }
  }
}
