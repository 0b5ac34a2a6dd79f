import Foundation

// MARK: - SnapshotLocation

/// Where the references and failure artifacts of one test live, derived from the test's
/// `#filePath` and `#function` as swift-snapshot-testing does:
/// `<dir of test file>/__Snapshots__/<TestFileName>/<testName>.<name>.png` for references and
/// `<artifacts>/<TestFileName>/<testName>.<name>.png` (actual) and `….diff.png` for failures.
public struct SnapshotLocation: Sendable, Equatable {
  /// The folder holding this test file's references, `…/__Snapshots__/<TestFileName>`.
  public var referenceDirectory: String
  /// The folder receiving actual frames and diff images of failures.
  public var artifactDirectory: String
  /// The test's name without parentheses, e.g. `testSpinner` for `testSpinner()`.
  public var testName: String

  /// Derives the location of a test's snapshots.
  /// - Parameters:
  ///   - filePath: the test file (`#filePath`).
  ///   - function: the test function (`#function`); `()` and anything unsafe in a file name
  ///     are dropped or replaced by `-`.
  ///   - artifacts: the artifacts root; default the environment variable `KURUKURU_ARTIFACTS`,
  ///     else `<tmp>/kurukuru-artifacts`.
  public init(filePath: String, function: String, artifacts: String? = nil) {
    let file = URL(fileURLWithPath: filePath)
    let stem = file.deletingPathExtension().lastPathComponent
    referenceDirectory = file.deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__").appendingPathComponent(stem).path
    let root = artifacts ?? SnapshotLocation.defaultArtifactsRoot
    artifactDirectory = URL(fileURLWithPath: root).appendingPathComponent(stem).path
    testName = SnapshotLocation.sanitize(function)
  }

  /// The artifacts root: `KURUKURU_ARTIFACTS`, else `<tmp>/kurukuru-artifacts`.
  public static var defaultArtifactsRoot: String {
    if let env = ProcessInfo.processInfo.environment["KURUKURU_ARTIFACTS"], !env.isEmpty { return env }
    return URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kurukuru-artifacts").path
  }

  /// The reference image of the snapshot `name`, e.g. `…/testSpinner.1.png`.
  public func referencePath(named name: String) -> String {
    referenceDirectory + "/" + testName + "." + name + ".png"
  }

  /// Where the actual frame of a failed snapshot `name` is written.
  public func actualPath(named name: String) -> String {
    artifactDirectory + "/" + testName + "." + name + ".png"
  }

  /// Where the diff image of a failed snapshot `name` is written.
  public func diffPath(named name: String) -> String {
    artifactDirectory + "/" + testName + "." + name + ".diff.png"
  }

  /// `testFoo()` → `testFoo`; `` `a test`(x:) `` → `a-test`.
  static func sanitize(_ function: String) -> String {
    let head = function.split(separator: "(", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    var out = ""
    for c in head.unicodeScalars where c != "`" {
      let safe = CharacterSet.alphanumerics.contains(c) || c == "_" || c == "-"
      out.unicodeScalars.append(safe ? c : "-")
    }
    return out.isEmpty ? "snapshot" : out
  }
}
