// MARK: - CompareHelp

/// What `kurukuru compare --help` says the comparison does: the rule of `SequenceCompare`,
/// kept beside it so that the two cannot drift apart. Lines of at most 100 characters.
package enum CompareHelp {
  package static let text = """
    Counts the pixels that differ between two images or two animations, exactly as pixelmatch
    v7.2.0 does (YIQ distance, anti-aliasing detection, transparent pixels over a checkerboard).

    A and B are each a PNG, APNG, GIF or WebP file, or a folder of PNG frames (ordered by the
    trailing number of their names: name0.png, name1.png, … name10.png; an @Nx suffix is ignored;
    numbers that do not run 0, 1, 2, … without a gap get a warning). Two PNG files compare as
    images. Anything else compares by display time: a folder or a PNG file has no timing and is
    taken as evenly spaced over the other side's duration; every frame of either side is looked
    at in the middle of its display interval, and each pair of frames on screen together there is
    compared, so a frame an encoder merged with identical neighbours (shown for k frame-times)
    equals each of the k frames the other side shows meanwhile, and frame counts may differ. When
    both sides have timing, total durations that differ (beyond the coarser side's delay unit: a
    GIF's centisecond, a WebP's millisecond) are a difference, and past the shorter one frames are
    missing. Two folders (no timing on either side) compare frame i with frame i: counts, sizes,
    pixels. Results list positions in display order with the frame of each side and the time.
    GIF, APNG and WebP files are decoded whole, at most 1 GiB of frames for both together;
    folders are read one frame at a time.
    """

  /// The options of `kurukuru compare`: name, value (nil for a flag) and help, with
  /// `PixelmatchOptions`'s defaults.
  package static let options: [(name: String, value: String?, help: String)] = [
    ("threshold", "T", "matching threshold 0…1, smaller is stricter (default 0.1)"),
    ("include-aa", nil, "count anti-aliased pixels as differences too"),
    ("alpha", "A", "opacity 0…1 of the faded first image in the diff (default 0.1)"),
    ("diff-mask", nil, "draw only the differences, on a transparent background"),
    ("no-checkerboard", nil, "blend transparent pixels onto white instead of pixelmatch's pattern"),
    (
      "diff", "PATH",
      """
      write the diff image: a PNG file for two images, otherwise a folder
      of diff0.png, diff1.png, … (one per position of two same-sized frames)
      """
    ),
    ("json", nil, "print the result as JSON (mismatchedPixels, identical, frames with times)"),
  ]

  /// What `SequenceComparison.differs` means for the exit status.
  package static let exitStatus = """
    Exit status: 0 identical, 1 different (pixels, sizes, missing frames, frame counts of two
    folders, or total durations), 2 unreadable input or bad usage.
    """
}
