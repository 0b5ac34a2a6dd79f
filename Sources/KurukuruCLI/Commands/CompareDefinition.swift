// MARK: - compare declaration

extension CompareCommand: Command {
  static let definition = CommandSpec(
    name: "compare", arguments: "A B",
    abstract: """
      Counts the pixels that differ between two images or two animations, exactly as pixelmatch
      v7.2.0 does (YIQ distance, anti-aliasing detection, transparent pixels over a checkerboard).

      A and B are each a PNG file, a GIF file, or a folder of PNG frames (ordered by the trailing
      number of their names: name0.png, name1.png, … name10.png; an @Nx suffix is ignored). Two PNG
      files compare as images; anything else compares frame by frame: frame counts, sizes, pixels,
      and delays (centiseconds) where both sides have them (GIF).
      """,
    options: [
      OptionSpec("threshold", "T", "matching threshold 0…1, smaller is stricter (default 0.1)"),
      OptionSpec("include-aa", nil, "count anti-aliased pixels as differences too"),
      OptionSpec("alpha", "A", "opacity 0…1 of the faded first image in the diff (default 0.1)"),
      OptionSpec("diff-mask", nil, "draw only the differences, on a transparent background"),
      OptionSpec("no-checkerboard", nil, "blend transparent pixels onto white instead of pixelmatch's pattern"),
      OptionSpec(
        "diff", "PATH",
        """
        write the diff image: a PNG file for two images, otherwise a folder
        of diff0.png, diff1.png, … (one per pair of same-sized frames)
        """),
      OptionSpec("json", nil, "print the result as JSON (mismatchedPixels, identical, frames)"),
    ],
    discussion: """
      Exit status: 0 identical, 1 different (pixels, sizes, frame counts or delays), 2 unreadable
      input or bad usage.
      """)
}
