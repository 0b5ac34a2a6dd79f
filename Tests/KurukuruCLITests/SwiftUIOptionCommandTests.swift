import Foundation
import XCTest

/// The options about a SwiftUI source file's run, on the command line: `--size`, `--duration`,
/// `--ios`, with their exit codes and lines (Presets/README.md, "SwiftUI source").
final class SwiftUIOptionCommandTests: XCTestCase {
  override func setUpWithError() throws {
    let found = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
      .contains { FileManager.default.isExecutableFile(atPath: "\($0)/swiftc") }
    if !found { throw XCTSkip("no swiftc on PATH: SwiftUI source cannot be compiled here") }
  }

  /// A view with no size of its own that a `TimelineView` moves without ever repeating.
  static let drift = """
    import SwiftUI
    struct Drift: View {
      var body: some View {
        TimelineView(.periodic(from: .now, by: 0.5)) { context in
          Capsule().offset(x: context.date.timeIntervalSinceReferenceDate)
        }
      }
    }
    """

  func testSizeIsOfferedToARootWithoutOneAndABadSizeIsAnOptionError() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    _ = try CLITest.write(Self.drift, named: "Drift.swift", in: dir)
    let unsized = try CLITest.run(["info", "Drift.swift"], in: dir)
    XCTAssertEqual(unsized.status, 2)
    XCTAssertTrue(unsized.stderr.contains("offer one with --size WxH"), unsized.stderr)
    let sized = try CLITest.run(["info", "Drift.swift", "--size", "40x30"], in: dir)
    XCTAssertEqual(sized.status, 0, sized.stderr)
    XCTAssertTrue(sized.stdout.contains("width: 40\nheight: 30\n"), sized.stdout)
    XCTAssertTrue(sized.stdout.contains("duration: 12\n"), sized.stdout)
    // The one line saying the values never repeat.
    let warnings = sized.stderr.split(separator: "\n").filter { $0.contains("warning:") }
    XCTAssertEqual(warnings.count, 1, sized.stderr)
    XCTAssertTrue(warnings.first?.hasPrefix("Drift.swift: warning: the TimelineView's values do not repeat") ?? false, sized.stderr)
    let bad = try CLITest.run(["info", "Drift.swift", "--size", "0x5"], in: dir)
    XCTAssertEqual(bad.status, 2)
    XCTAssertEqual(bad.stderr, "info: --size takes W or WxH in points, each 1…8192, got '0x5'\n")
  }

  func testDurationLoopsTheTimelineAndRendersThatManyFrames() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    _ = try CLITest.write(Self.drift, named: "Drift.swift", in: dir)
    let run = try CLITest.run(["render", "Drift.swift", "--size", "20", "--duration", "1.5", "--format", "png", "--output", "out"], in: dir)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertFalse(run.stderr.contains("do not repeat"), run.stderr)
    // 2 fps over the 1.5 s loop: 3 frames.
    let frames = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).filter { $0.hasSuffix(".png") }
    XCTAssertEqual(frames.count, 3, "\(frames)")
    let bad = try CLITest.run(["port", "Drift.swift", "--duration", "0"], in: dir)
    XCTAssertEqual(bad.status, 2)
    XCTAssertTrue(bad.stderr.hasPrefix("port: --duration must be a number in 0.01…30"), bad.stderr)
  }

  func testIOS16PortsTheDefaultAnimationAsEaseInOut() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    _ = try CLITest.write("""
      import SwiftUI
      struct Grow: View {
        @State private var big = false
        var body: some View {
          Circle().frame(width: 20, height: 20).scaleEffect(big ? 2 : 1).onAppear { withAnimation { big = true } }
        }
      }
      """, named: "Grow.swift", in: dir)
    let ios16 = try CLITest.run(["port", "Grow.swift", "--ios", "16"], in: dir)
    XCTAssertEqual(ios16.status, 0, ios16.stderr)
    XCTAssertTrue(ios16.stdout.contains("\"animation\": \"easeInOut(duration: 0.35)\""), ios16.stdout)
    let ios17 = try CLITest.run(["port", "Grow.swift"], in: dir)
    XCTAssertTrue(ios17.stdout.contains("\"animation\": \"default\""), ios17.stdout)
  }

  /// `batch FOLDER` renders the folder's `.swift` files beside its presets; the cache key hashes
  /// the preset the run printed, so a run option that changes it (`--ios 16` on
  /// `Animation.default`) renders that file again and leaves the preset's outputs up to date.
  func testBatchRendersAFoldersSwiftFilesAndTheirKeyFollowsTheRun() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let folder = dir.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    _ = try CLITest.write("""
      import SwiftUI
      struct Grow: View {
        @State private var big = false
        var body: some View {
          Circle().frame(width: 20, height: 20).scaleEffect(big ? 1 : 0.5)
            .onAppear { withAnimation(.default.repeatForever()) { big = true } }
        }
      }
      """, named: "Grow.swift", in: folder)
    try FileManager.default.copyItem(atPath: CLITest.preset("ball-pulse"), toPath: folder.appendingPathComponent("ball-pulse.json").path)
    let first = try CLITest.run(["batch", "in", "--output", "out"], in: dir)
    XCTAssertEqual(first.status, 0, first.stderr)
    XCTAssertTrue(first.stderr.contains("2 presets ok, 0 failed; 6 outputs written, 0 up to date"), first.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/Grow.gif").path))
    let again = try CLITest.run(["batch", "in", "--output", "out"], in: dir)
    XCTAssertTrue(again.stderr.contains("0 outputs written, 6 up to date"), again.stderr)
    let ios16 = try CLITest.run(["batch", "in", "--output", "out", "--ios", "16"], in: dir)
    XCTAssertEqual(ios16.status, 0, ios16.stderr)
    XCTAssertTrue(ios16.stderr.contains("3 outputs written, 3 up to date"), ios16.stderr)
    XCTAssertTrue(ios16.stderr.contains("Grow.gif"), ios16.stderr)
  }

  /// `render A.swift B.swift`: the `.swift` inputs are one module, rendered once, named after
  /// the file that declares the root; either file alone does not compile or has no view.
  func testSeveralSwiftFilesRenderAsOneView() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    _ = try CLITest.write("""
      import SwiftUI
      struct Spinner: View {
        @State private var on = false
        var body: some View {
          Wedge().fill(Color.blue).frame(width: 40, height: 40)
            .rotationEffect(.degrees(on ? 360 : 0))
            .onAppear { withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { on = true } }
        }
      }
      """, named: "Spinner.swift", in: dir)
    _ = try CLITest.write("""
      import SwiftUI
      struct Wedge: Shape {
        func path(in rect: CGRect) -> Path {
          var p = Path()
          p.addLines([CGPoint(x: rect.midX, y: rect.midY), CGPoint(x: rect.maxX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.midY)])
          return p
        }
      }
      """, named: "Wedge.swift", in: dir)
    let run = try CLITest.run(["render", "Wedge.swift", "Spinner.swift"], in: dir)
    XCTAssertEqual(run.status, 0, run.stderr)
    let outputs = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".gif") }
    XCTAssertEqual(outputs, ["Spinner.gif"])
    let alone = try CLITest.run(["render", "Spinner.swift"], in: dir)
    XCTAssertEqual(alone.status, 2)
    XCTAssertTrue(alone.stderr.hasSuffix("'Wedge' (Presets/README.md, \"SwiftUI source\", lists what is covered; a type of the view's own in another file: name that file too)\n"), alone.stderr)
    // info, frame and port take the view's files the same way.
    let info = try CLITest.run(["info", "Spinner.swift", "Wedge.swift"], in: dir)
    XCTAssertEqual(info.status, 0, info.stderr)
    XCTAssertTrue(info.stdout.contains("name: Spinner\n"), info.stdout)
    let frame = try CLITest.run(["frame", "Spinner.swift", "Wedge.swift", "--time", "0.25", "--output", "f.png"], in: dir)
    XCTAssertEqual(frame.status, 0, frame.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("f.png").path))
    let port = try CLITest.run(["port", "Wedge.swift", "Spinner.swift"], in: dir)
    XCTAssertEqual(port.status, 0, port.stderr)
    XCTAssertTrue(port.stdout.contains("\"Polygon\""), port.stdout)
    let mixed = try CLITest.run(["port", "Spinner.swift", "equalizer"], in: dir)
    XCTAssertEqual(mixed.status, 2)
    XCTAssertEqual(mixed.stderr, "port: name one view's SwiftUI source files (FILE.swift...)\n")
    XCTAssertEqual(try CLITest.run(["info", "Spinner.swift", "equalizer"], in: dir).status, 2)
  }

  /// `info FILE.swift` says what the states animate: each value with its two states and its
  /// animation, or its keyframes; one value a line when there are several.
  func testInfoSaysWhatTheStatesAnimate() throws {
    let dir = try CLITest.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    _ = try CLITest.write("""
      import SwiftUI
      struct Pair: View {
        @State private var on = false
        var body: some View {
          HStack {
            Circle().frame(width: 10, height: 10).opacity(on ? 0.2 : 1)
            Circle().frame(width: 10, height: 10).offset(y: on ? 5 : 0)
          }
          .onAppear { withAnimation(.easeIn(duration: 0.5).repeatForever()) { on = true } }
        }
      }
      """, named: "Pair.swift", in: dir)
    let run = try CLITest.run(["info", "Pair.swift"], in: dir)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.hasSuffix("""
      animates:
        HStack / Circle[0]: opacity 1 → 0.2, easeIn(duration: 0.5).repeatForever(autoreverses: true)
        HStack / Circle[1]: offset.y 0 → 5, easeIn(duration: 0.5).repeatForever(autoreverses: true)

      """), run.stdout)
    let json = try CLITest.run(["info", "Pair.swift", "--json"], in: dir)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    XCTAssertEqual((object["animates"] as? [String])?.count, 2)
    XCTAssertEqual(object["duration"] as? Double, 1)
  }
}
