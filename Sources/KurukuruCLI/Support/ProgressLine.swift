import Foundation

// MARK: - ProgressLine

/// One progress line on stderr, redrawn in place (carriage return, erase to the end of the
/// line) when the counts change — at most every 0.1 s — and every second while they do not (a
/// long encode still shows its clock running). Only when stderr is a terminal and the command
/// is not `--quiet`; otherwise it writes nothing at all, so logs and pipes get no control
/// characters. The text is `ProgressText`'s (KurukuruBatch), asked for at each redraw.
final class ProgressLine: @unchecked Sendable {
  /// Whether stderr is a terminal.
  static var stderrIsTerminal: Bool { isatty(2) != 0 }

  /// Whether the line is drawn at all.
  let enabled: Bool
  private let text: @Sendable () -> String
  private let lock = NSLock()
  private var lastDraw = Date.distantPast
  private var shown = false
  private var timer: DispatchSourceTimer?

  /// - Parameters:
  ///   - quiet: `--quiet` was given.
  ///   - terminal: whether stderr is a terminal (default: asked of the system).
  ///   - text: the line as it is now; called from any thread, one call at a time.
  init(quiet: Bool, terminal: Bool = ProgressLine.stderrIsTerminal, text: @escaping @Sendable () -> String) {
    enabled = terminal && !quiet
    self.text = text
  }

  deinit { timer?.cancel() }

  /// Draws the line now and then every second until `clear()`.
  func start() {
    guard enabled else { return }
    let t = DispatchSource.makeTimerSource(queue: .global())
    t.schedule(deadline: .now() + 1, repeating: 1)
    t.setEventHandler { [weak self] in self?.update(force: true) }
    lock.lock()
    timer = t
    lock.unlock()
    t.resume()
    update(force: true)
  }

  /// Redraws the line, unless it was drawn less than 0.1 s ago and `force` is false.
  func update(force: Bool = false) {
    guard enabled else { return }
    lock.lock()
    defer { lock.unlock() }
    let now = Date()
    guard force || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
    lastDraw = now
    shown = true
    FileHandle.standardError.write(Data("\r\u{1B}[K\(text())".utf8))
  }

  /// Writes `line` on stderr (with its newline), above the progress line when one is shown.
  func printAbove(_ line: String) {
    lock.lock()
    defer { lock.unlock() }
    FileHandle.standardError.write(Data(((shown ? "\r\u{1B}[K" : "") + line + "\n").utf8))
    if shown { FileHandle.standardError.write(Data(text().utf8)) }
  }

  /// Erases the line and stops redrawing it.
  func clear() {
    lock.lock()
    defer { lock.unlock() }
    timer?.cancel()
    timer = nil
    if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    shown = false
  }
}
