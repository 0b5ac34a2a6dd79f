import Foundation
import XCTest

/// The result of running the built `kurukuru` binary.
struct CLIRun {
  var status: Int32
  var stdout: String
  var stderr: String
}

enum CLITest {
  /// The repository root.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The built executable, beside the test bundle in the products directory.
  static var binary: URL {
    var dir = Bundle.main.bundleURL
    for _ in 0..<3 {
      let candidate = dir.appendingPathComponent("kurukuru")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      dir = dir.deletingLastPathComponent()
    }
    return root.appendingPathComponent(".build/debug/kurukuru")
  }

  static func preset(_ name: String) -> String { root.appendingPathComponent("Presets/\(name).json").path }

  /// A fresh temporary directory.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("kurukuru-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The variables `batch --shard auto` reads, which `run(_:in:shardEnvironment:)` clears.
  static let shardVariables = [
    "KURUKURU_SHARD", "KURUKURU_SHARD_INDEX", "KURUKURU_SHARD_COUNT", "JOB_COMPLETION_INDEX", "CI_NODE_INDEX",
    "CI_NODE_TOTAL",
  ]

  /// Runs `kurukuru` with `arguments` in `directory`. With `shardEnvironment`, the process gets
  /// this one's environment without any shard variable of a job engine running the tests, plus
  /// those given.
  static func run(_ arguments: [String], in directory: URL? = nil, shardEnvironment: [String: String]? = nil) throws -> CLIRun {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let shardEnvironment {
      var environment = ProcessInfo.processInfo.environment
      for name in shardVariables { environment[name] = nil }
      environment.merge(shardEnvironment) { _, given in given }
      process.environment = environment
    }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes before waiting so a chatty process cannot block on a full pipe.
    final class Box: @unchecked Sendable { var data = Data() }
    let errBox = Box()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errBox.data = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    let errData = errBox.data
    process.waitUntilExit()
    return CLIRun(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// Writes `text` to a file in `directory` and returns its path.
  static func write(_ text: String, named name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }
}
