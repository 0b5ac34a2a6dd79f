import KurukuruRender

// MARK: - batch declaration

extension BatchCommand: Command {
  static let definition = CommandSpec(
    name: "batch", arguments: "PATH...",
    abstract: """
      Renders every preset (files, or folders of .json files) at several scales and formats into
      DIR, with manifest.json, a contact sheet per preset and an offline index.html gallery.
      Re-runs skip outputs whose preset, options and tool version are unchanged.
      """,
    options: [
      OptionSpec("output", "DIR", "output folder (required)"),
      OptionSpec("format", "LIST", "comma-separated: \(OutputFormats.names.joined(separator: ", ")) (default gif)"),
      OptionSpec("scale", "LIST", "comma-separated pixels per point, e.g. 1,2,3 (default 1)"),
      OptionSpec("set", "NAME=VALUE", "set a parameter in every preset that declares it (repeatable)", repeatable: true),
      OptionSpec("matte", "COLOR", "GIF matte for partly transparent pixels (default white)"),
      OptionSpec("jobs", "N", "worker threads (default: number of cores); bytes identical for any N"),
      OptionSpec("shard", "K/N", "render only shard K of N (a stable split by preset name)"),
      OptionSpec("force", nil, "re-render even what is up to date"),
      OptionSpec("quiet", nil, "no progress or per-output lines"),
      OptionSpec("json", nil, "print a JSON summary on stdout"),
    ],
    discussion: """
      Outputs: NAME.gif, NAME@2x.gif, …; PNG frame folders NAME/ and NAME@2x/ (NAME0.png, …);
      NAME.contact.png; previews/ (GIFs on the gallery's dark matte); manifest.json; index.html.
      Exit status: 0 all rendered, 1 some presets failed (the others are still rendered), 2 bad usage.
      """)
}
