import Foundation
import KurukuruBatch
import KurukuruCodecs
import KurukuruCompare
import KurukuruCore
import KurukuruRender

// MARK: - compare

/// `kurukuru compare A B`: opens both sides as `FrameSource`s, compares them and writes the diff
/// (`FileComparison`, on `SequenceCompare`, the one sequence comparison) and prints the result.
enum CompareCommand: Command {
  static let definition = CommandSpec(
    name: "compare", arguments: "A B",
    abstract: CompareHelp.text,
    options: CompareHelp.options.map(OptionSpec.init), discussion: CompareHelp.exitStatus)

  static func run(_ raw: [String]) throws -> Int32 {
    let args = try Arguments(raw, spec: definition.argumentSpec, command: "compare")
    guard args.positional.count == 2 else {
      throw UsageError("compare: name exactly two inputs, A and B (run 'kurukuru compare --help')")
    }
    let options = PixelmatchOptions(
      threshold: try args.options.number("threshold", in: 0...1) ?? 0.1,
      includeAA: args.has("include-aa"),
      alpha: try args.options.number("alpha", in: 0...1) ?? 0.1,
      diffMask: args.has("diff-mask"),
      checkerboard: !args.has("no-checkerboard"))
    let (pathA, pathB) = (args.positional[0], args.positional[1])
    let (a, b) = try FrameSource.openPair(pathA, pathB)
    for source in [a, b] {
      if let problem = source.numberingProblem { Console.warning(source.path, problem) }
    }
    let singleImages = a.isSingleImage && b.isSingleImage
    let diffPath = args.value("diff")
    let result = try FileComparison.compare(a, b, options: options, diff: diffPath, singleImages: singleImages)

    if args.has("json") {
      Console.out(result.json(a: pathA, b: pathB, images: singleImages, diff: diffPath).render())
    } else {
      Console.out(singleImages ? result.imageSummary : result.summary)
    }
    return result.differs ? 1 : 0
  }
}
