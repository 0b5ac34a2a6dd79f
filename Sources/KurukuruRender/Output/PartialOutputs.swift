import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - PartialOutputs

/// The hidden files and folders that writes fill before renaming them into place, and their
/// removal when the process that made them is gone.
///
/// A partial is named `.NAME.partial-HOST-PID-N` beside the output `NAME` it becomes: the host
/// name (letters, digits and `-` only), the process ID and a number counting the process's
/// partials. Every partial of this process is registered from `begin` to `end`, so that
/// `removeAll()` (on SIGINT, SIGTERM or SIGHUP, see `removeOnSignals()`) can delete what an
/// interrupted run was filling. A process killed outright (SIGKILL, a power cut) leaves its
/// partials behind: the next write into the same folder removes every partial there whose host
/// is this one and whose process no longer runs (`kill(PID, 0)` fails with `ESRCH`), once per
/// folder and process. Partials of other hosts (a folder shared over the network) and of live
/// processes are left alone. Names of the older form `.NAME.partial-PID` count as this host's.
package final class PartialOutputs: @unchecked Sendable {
  /// The registry of this process.
  package static let shared = PartialOutputs()

  /// One partial being filled.
  package struct Partial: Sendable {
    fileprivate let id: Int
    /// Its name in `folder`.
    package let name: String
    fileprivate let folder: OutputDirectory
  }

  /// This host's name as it appears in partial names.
  package let host: String
  /// This process's ID.
  package let pid: Int32

  private let lock = NSLock()
  private var live: [Int: Partial] = [:]
  private var counter = 0
  private var swept: Set<FolderIdentity> = []
  private var stopping = false

  private init() {
    pid = getpid()
    var buffer = [CChar](repeating: 0, count: 256)
    let raw = gethostname(&buffer, buffer.count) == 0 ? String(cString: buffer) : ""
    let cleaned = String(raw.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }.prefix(48))
    host = cleaned.isEmpty ? "host" : cleaned
  }

  // MARK: - Registering

  /// Names and registers a partial for the output `name` in `folder`, after removing the stale
  /// partials of `folder` (the first time this process writes there). Nothing is created: the
  /// caller creates the file or folder under the returned name.
  /// - Throws: `RenderError.interrupted` once the process is being stopped by a signal.
  package func begin(in folder: OutputDirectory, for name: String) throws -> Partial {
    let identity = folder.identity
    lock.lock()
    let sweep = identity.map { swept.insert($0).inserted } ?? false
    lock.unlock()
    if sweep { removeStale(in: folder) }
    lock.lock()
    defer { lock.unlock() }
    guard !stopping else { throw RenderError.interrupted }
    counter += 1
    let stem = String(name.utf8.count > 160 ? String(decoding: name.utf8.prefix(160), as: UTF8.self) : name)
    let partial = Partial(id: counter, name: ".\(stem).partial-\(host)-\(pid)-\(counter)", folder: folder)
    live[partial.id] = partial
    return partial
  }

  /// Unregisters a partial that was renamed into place or removed.
  package func end(_ partial: Partial) {
    lock.lock()
    live[partial.id] = nil
    lock.unlock()
  }

  /// Removes every registered partial and refuses new partials and new files in them (the
  /// process is about to stop). A thread may still be finishing a file it began, so a partial
  /// folder that is not empty yet is tried again, for at most half a second.
  package func removeAll() {
    lock.lock()
    stopping = true
    var left = Array(live.values)
    live = [:]
    lock.unlock()
    for attempt in 0..<50 where !left.isEmpty {
      if attempt > 0 { usleep(10_000) }
      for partial in left { partial.folder.removeTree(partial.name) }
      left = left.filter { $0.folder.kind(of: $0.name) != nil }
    }
  }

  /// Whether the process is being stopped (`removeAll()` has begun): writers stop creating files.
  package var isStopping: Bool { lock.withLock { stopping } }

  // MARK: - Stale partials

  /// Removes the partials in `folder` made on this host by processes that no longer run.
  package func removeStale(in folder: OutputDirectory) {
    for name in folder.names() where isStale(name) { folder.removeTree(name) }
  }

  /// Whether `name` is a partial of this host whose process is gone.
  package func isStale(_ name: String) -> Bool {
    guard let owner = PartialOutputs.owner(of: name), owner.host == nil || owner.host == host,
      owner.pid != pid, owner.pid > 0
    else { return false }
    return kill(owner.pid, 0) != 0 && errno == ESRCH
  }

  /// The host (nil for the older form) and process ID a partial's name carries, or nil when
  /// `name` is not a partial's.
  package static func owner(of name: String) -> (host: String?, pid: Int32)? {
    guard name.hasPrefix("."), let marker = name.range(of: ".partial-", options: .backwards) else { return nil }
    let tail = name[marker.upperBound...]
    if let pid = Int32(tail), tail.allSatisfy(\.isASCII) { return (nil, pid) }
    let parts = tail.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count >= 3, let pid = Int32(parts[parts.count - 2]), Int(parts[parts.count - 1]) != nil else {
      return nil
    }
    let host = parts.dropLast(2).joined(separator: "-")
    return host.isEmpty ? nil : (host, pid)
  }

  // MARK: - Signals

  /// Makes SIGINT, SIGTERM and SIGHUP remove this process's partials before it stops with the
  /// signal's usual status. For programs (the command line): call it first, before any thread
  /// starts, because it blocks the three signals in the calling thread, which every later thread
  /// inherits, and waits for them on a thread of its own. A library leaves signals alone.
  package static func removeOnSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    for sig in handledSignals { sigaddset(&set, sig) }
    pthread_sigmask(SIG_BLOCK, &set, nil)
    let waited = set
    let waiter = Thread {
      var set = waited
      // Foundation starts threads with every signal unblocked: block them here too, or they
      // would stop the process through this thread before `sigwait` sees them.
      pthread_sigmask(SIG_BLOCK, &set, nil)
      var signal: Int32 = 0
      guard sigwait(&set, &signal) == 0 else { return }
      PartialOutputs.shared.removeAll()
      // Stop as the signal would have stopped the process: default action, then unblocked.
      restoreDefaultAction(signal)
      var one = sigset_t()
      sigemptyset(&one)
      sigaddset(&one, signal)
      pthread_sigmask(SIG_UNBLOCK, &one, nil)
      raise(signal)
      _exit(128 + signal)
    }
    waiter.name = "kurukuru-signals"
    waiter.start()
  }

  private static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
}

/// Restores the default action of `sig`.
private func restoreDefaultAction(_ sig: Int32) {
  signal(sig, SIG_DFL)
}
