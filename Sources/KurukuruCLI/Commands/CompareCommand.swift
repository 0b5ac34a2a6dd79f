import Foundation
import KurukuruCodecs
import KurukuruCompare
import KurukuruCore
import KurukuruRender

// MARK: - compare

/// `kurukuru compare A B`: opens both sides as `FrameSource`s, compares them with
/// `SequenceCompare` (the one sequence comparison, shared with the library) and prints the result.
enum CompareCommand: Command {
  static let definition = CommandSpec(
    name: "compare", arguments: "A B",
    abstract: CompareHelp.text,
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
        of diff0.png, diff1.png, … (one per position of two same-sized frames)
        """),
      OptionSpec("json", nil, "print the result as JSON (mismatchedPixels, identical, frames with times)"),
    ],
    discussion: """
      Exit status: 0 identical, 1 different (pixels, sizes, missing frames, frame counts of two
      folders, or total durations), 2 unreadable input or bad usage.
      """)

  static func run(_ raw: [String]) throws -> Int32 {
    let args = try Arguments(raw, spec: definition.argumentSpec, command: "compare")
    guard args.positional.count == 2 else {
      throw UsageError("compare: name exactly two inputs, A and B (run 'kurukuru compare --help')")
    }
    let options = PixelmatchOptions(
      threshold: try args.number("threshold", in: 0...1, command: "compare") ?? 0.1,
      includeAA: args.has("include-aa"),
      alpha: try args.number("alpha", in: 0...1, command: "compare") ?? 0.1,
      diffMask: args.has("diff-mask"),
      checkerboard: !args.has("no-checkerboard"))
    let (pathA, pathB) = (args.positional[0], args.positional[1])
    let (a, b) = try FrameSource.openPair(pathA, pathB)
    for source in [a, b] {
      if let problem = source.numberingProblem { Console.warning(source.path, problem) }
    }
    let singleImages = a.isSingleImage && b.isSingleImage
    let diffPath = args.value("diff")
    let result = try compare(a, b, options: options, diff: diffPath, singleImages: singleImages)

    if args.has("json") {
      Console.out(result.json(a: pathA, b: pathB, images: singleImages, diff: diffPath).render())
    } else {
      Console.out(singleImages ? result.imageSummary : result.summary)
    }
    return result.differs ? 1 : 0
  }

  // MARK: - Comparing

  /// Compares on every core and writes the diff: for two images the PNG file `diff`, otherwise
  /// the folder `diff` of `diff<i>.png`, one per pair of same-sized frames, staged and committed
  /// only when everything succeeded (stale `diff<i>.png` files of an earlier run are removed).
  static func compare(
    _ a: FrameSource, _ b: FrameSource, options: PixelmatchOptions, diff: String?, singleImages: Bool
  ) throws -> SequenceComparison {
    let workers = ProcessInfo.processInfo.activeProcessorCount
    let (a, b) = (a.frames, b.frames)
    guard let diff else { return try SequenceCompare.compare(a, b, options: options, workers: workers) }
    if singleImages {
      var image: Frame?
      // Two images make one position: the sink is called at most once, on one thread.
      let result = try SequenceCompare.compare(a, b, options: options, workers: 1) { _, diff in image = diff }
      if let image { try AtomicFile.write(try PNG.encode(image), to: diff) }
      return result
    }
    let staging = try StagingDirectory(destination: try OutputTarget(path: diff))
    // Each call writes its own file, so the sink needs no lock.
    let result = try SequenceCompare.compare(a, b, options: options, workers: workers) { i, image in
      try staging.write(try PNG.encode(image), named: "diff\(i).png")
    }
    try staging.commit { name in
      name.hasPrefix("diff") && name.hasSuffix(".png") && name.dropFirst(4).dropLast(4).allSatisfy(\.isNumber)
    }
    return result
  }
}
