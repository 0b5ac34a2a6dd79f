import Foundation

// MARK: - Subprocess

/// A child process run to completion with a wall-clock limit; its output goes to temporary files
/// (so no pipe can fill up and block it) and is read back.
struct Subprocess {
  var status: Int32
  /// The signal that ended the process, if one did.
  var signal: Int32?
  var stdout: String
  var stderr: String
  var timedOut: Bool

  /// Runs `executable` with `arguments`; after `timeLimit` seconds it is killed (`timedOut`).
  /// - Throws: `SwiftUISourceError` (`.noCompiler`) when it cannot be started.
  static func run(_ executable: String, _ arguments: [String], timeLimit: Double) throws -> Subprocess {
    let folder = NSTemporaryDirectory() + "kurukuru-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outPath = folder + "/out", errPath = folder + "/err"
    FileManager.default.createFile(atPath: outPath, contents: nil)
    FileManager.default.createFile(atPath: errPath, contents: nil)
    guard let out = FileHandle(forWritingAtPath: outPath), let err = FileHandle(forWritingAtPath: errPath) else {
      throw SwiftUISourceError(file: executable, message: "cannot create temporary files", kind: .standIn)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    do { try process.run() } catch {
      throw SwiftUISourceError(file: executable, message: "cannot run '\(executable)'", kind: .noCompiler)
    }
    var timedOut = false
    if done.wait(timeout: .now() + timeLimit) == .timedOut {
      timedOut = true
      kill(process.processIdentifier, SIGKILL)
      done.wait()
    }
    try? out.close()
    try? err.close()
    let read = { (path: String) in
      FileManager.default.contents(atPath: path).map { String(decoding: $0.prefix(8 << 20), as: UTF8.self) } ?? ""
    }
    let signaled = process.terminationReason == .uncaughtSignal
    return Subprocess(
      status: signaled ? -1 : process.terminationStatus, signal: signaled ? process.terminationStatus : nil,
      stdout: read(outPath), stderr: read(errPath), timedOut: timedOut)
  }
}
