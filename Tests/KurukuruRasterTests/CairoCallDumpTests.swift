import Foundation
import KurukuruCore
import XCTest

@testable import KurukuruRaster

final class CairoCallDumpTests: XCTestCase {
  /// A frame of a spinner using every kind of operation, turned by `t` (0…1).
  static func sampleList(_ t: Double) -> DisplayList {
    let center = Point(x: 50, y: 50)
    let spin = Transform.translation(x: -50, y: -50).then(.rotation(degrees: 360 * t))
      .then(.translation(x: 50, y: 50))
    let ring = Drawing(
      path: Shapes.circle(center: center, radius: 30), transform: spin,
      style: .stroke(StrokeOptions(lineWidth: 6, lineCap: .round, dash: [20, 8], dashPhase: 3)),
      paint: .angular(
        AngularGradientPaint(
          stops: [
            GradientStop(location: 0, color: red), GradientStop(location: 0.5, color: green),
            GradientStop(location: 1, color: red),
          ], center: center, startAngle: -90, endAngle: 270)))
    let linear = LinearGradientPaint(
      stops: [GradientStop(location: 0, color: .white), GradientStop(location: 1, color: blue)],
      start: Point(x: 40, y: 40), end: Point(x: 60, y: 60))
    let radial = RadialGradientPaint(
      stops: [GradientStop(location: 0, color: .white), GradientStop(location: 1, color: .clear)],
      center: Point(x: 0, y: 0), startRadius: 0, endRadius: 8)
    let dot = Drawing(
      path: Shapes.circle(center: .zero, radius: 8),
      transform: Transform.translation(x: 0, y: -30).then(spin), style: .fill(evenOdd: false), paint: .radial(radial))
    return DisplayList(
      size: Size(width: 100, height: 100), background: RGBAColor(red: 0.1, green: 0.1, blue: 0.2),
      items: [
        .layer(
          Layer(
            opacity: 0.9, shadow: Shadow(color: .white, radius: 4, offset: Point(x: 0.5, y: 1)),
            items: [.drawing(ring)])),
        .layer(
          Layer(
            opacity: 0.5,
            items: [
              fill(Shapes.rect(40, 40, 20, 20), .linear(linear), evenOdd: true), .drawing(dot), fill(BezierPath(), red),
            ])),
        .layer(Layer(opacity: 0, items: [fill(Shapes.rect(0, 0, 10, 10), red)])),
      ])
  }

  func testDumpListsTheOperationsTheRendererPerforms() {
    let text = CairoCallDump.text(of: Self.sampleList(0.25), scale: 2)
    let lines = text.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.first, "frame")
    XCTAssertEqual(lines[1], "canvas 200 200 2.0")
    XCTAssertEqual(lines[2], "background 0.1 0.1 0.2 1.0")
    func count(_ word: String) -> Int { lines.filter { $0.split(separator: " ").first.map(String.init) == word }.count }
    XCTAssertEqual(count("draw"), 3, "the empty path and the invisible layer are left out")
    XCTAssertEqual(count("shadow"), 1)
    XCTAssertEqual(count("group"), 1)
    XCTAssertEqual(count("end"), 2)
    XCTAssertEqual(count("stop"), 7)
    XCTAssertEqual(count("C"), 8)
    XCTAssertTrue(lines.contains("angular 50.0 50.0 -90.0 360.0 3"))
    XCTAssertTrue(lines.contains("stroke 6.0 round miter 10.0 3.0 2 20.0 8.0"))
    XCTAssertTrue(lines.contains("fill evenodd"))
    XCTAssertTrue(lines.contains("shadow 0.9 1.0 1.0 1.0 1.0 4.0 1.0 2.0"), "sigma and offset in pixels")
    XCTAssertTrue(text.hasSuffix("\n"))
  }

  func testNumbersRoundTripExactly() throws {
    let odd = 0.1 + 0.2
    let drawing = Drawing(
      path: Shapes.rect(odd, 1.0 / 3, 10, 1e-7), transform: .identity, style: .fill(evenOdd: false),
      paint: .color(red))
    let text = CairoCallDump.text(of: list([.drawing(drawing)]), scale: 1)
    let move = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("M ") })
    let numbers = move.split(separator: " ").dropFirst().compactMap { Double(String($0)) }
    XCTAssertEqual(numbers, [odd, 1.0 / 3])
  }

  /// Writes a benchmark input for `scripts/bench.d/cairo-direct` when `KURUKURU_CAIRO_DIRECT_DUMP`
  /// names a file, with the FNV-1a hash of the frames the Swift renderer makes from it.
  func testWriteBenchmarkDumpWhenRequested() throws {
    let frames = 60, scale = 2.0
    let lists = (0..<frames).map { Self.sampleList(Double($0) / Double(frames)) }
    let text = lists.map { CairoCallDump.text(of: $0, scale: scale) }.joined()
    XCTAssertEqual(text.components(separatedBy: "frame\n").count - 1, frames)
    guard let path = ProcessInfo.processInfo.environment["KURUKURU_CAIRO_DIRECT_DUMP"] else { return }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let rasterizer = Rasterizer(scale: scale)
    let start = Date()
    var rendered: [Frame] = []
    for list in lists { rendered.append(try rasterizer.render(list)) }
    let seconds = Date().timeIntervalSince(start)
    for frame in rendered {
      for byte in frame.pixels { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
    print("swift frames=\(frames) seconds=\(seconds) hash=\(String(hash, radix: 16))")
  }

  // MARK: - Clips, masks, blend modes and blurs

  /// A frame using every compositing kind the dump writes (clips, masks of both sources,
  /// inverted or not, blended, blurred and clearing layers, in and under each other), moved by
  /// `t` (0…1).
  static func compositingList(_ t: Double) -> DisplayList {
    let dx = 20 * t
    var ring = Shapes.circle(center: Point(x: 50, y: 50), radius: 40)
    ring.elements += Shapes.circle(center: Point(x: 50, y: 50), radius: 18).elements
    let ramp = LinearGradientPaint(
      stops: [GradientStop(location: 0, color: .black), GradientStop(location: 1, color: .white)],
      start: Point(x: 10, y: 0), end: Point(x: 90, y: 0))
    let disc = { (x: Double, y: Double, r: Double, c: RGBAColor) in fill(Shapes.circle(center: Point(x: x, y: y), radius: r), c) }
    let shadow = Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.6), radius: 3, offset: Point(x: 1.5, y: 2))
    return DisplayList(
      size: Size(width: 100, height: 100), background: RGBAColor(red: 0.9, green: 0.85, blue: 0.7),
      items: [
        .clipped(ClipGroup(
          path: ring, transform: .translation(x: dx / 4, y: 0), evenOdd: true,
          items: [
            fill(Shapes.rect(0, 0, 100, 100), .linear(ramp)),
            .layer(Layer(shadow: shadow, items: [disc(30 + dx, 30, 12, red)])),
            .layer(Layer(opacity: 0, items: [disc(50, 50, 5, red)], blendMode: .destinationIn)),
          ])),
        .masked(MaskGroup(
          source: .luminance,
          mask: [
            fill(Shapes.rect(0, 0, 100, 100), .linear(ramp)),
            .layer(Layer(items: [disc(70, 70 - dx, 10, .white)], blendMode: .destinationOut)),
          ],
          items: [
            disc(60, 60, 25, blue),
            .layer(Layer(opacity: 0.7, items: [disc(75, 55, 15, green)], blendMode: .multiply)),
          ])),
        .masked(MaskGroup(
          source: .alpha, inverted: true,
          mask: [disc(20, 80, 8, .black), .layer(Layer(items: [disc(26, 80, 8, .black)], blendMode: .xor))],
          items: [.layer(Layer(items: [fill(Shapes.rect(5, 65, 35, 30), RGBAColor(r8: 200, g8: 90, b8: 30))], blur: 2 + t))])),
        .layer(Layer(opacity: 0.7, items: [disc(40 + dx, 70, 14, RGBAColor(r8: 30, g8: 200, b8: 180))], blendMode: .screen)),
        .layer(Layer(shadow: shadow, items: [disc(80, 25, 10, .white)], blendMode: .hardLight, blur: 3)),
        .layer(Layer(opacity: 0.8, shadow: shadow, items: [fill(Shapes.rect(55 - dx, 80, 30, 12), red)], blendMode: .hue)),
        .layer(Layer(items: [fill(Shapes.rect(10, 5, 30, 12), blue)], blur: 4)),
        .clipped(ClipGroup(
          path: Shapes.rect(0, 0, 100, 40), transform: .identity,
          items: [.layer(Layer(items: [disc(50 + dx, 20, 30, .black)], blendMode: .destinationIn, blur: 1))])),
      ])
  }

  func testDumpListsClipsMasksBlendModesAndBlurs() {
    let text = CairoCallDump.text(of: Self.compositingList(0.5), scale: 2)
    let lines = text.split(separator: "\n").map(String.init)
    func words(_ word: String) -> [String] { lines.filter { $0.split(separator: " ").first.map(String.init) == word } }
    XCTAssertEqual(words("clip").count, 2)
    XCTAssertEqual(words("clipped"), ["clipped evenodd", "clipped nonzero"])
    XCTAssertEqual(words("mask").count, 2)
    XCTAssertEqual(words("maskitems").count, 2)
    XCTAssertTrue(words("mask")[0].hasPrefix("mask luminance 0 "))
    XCTAssertTrue(words("mask")[1].hasPrefix("mask alpha 1 "))
    XCTAssertEqual(words("clear"), ["clear"], "the destination-in layer at opacity 0")
    let blends = words("blend")
    XCTAssertEqual(blends.map { $0.split(separator: " ").prefix(3).joined(separator: " ") }, ["blend multiply 0.7", "blend dest-out 1.0", "blend xor 1.0", "blend screen 0.7"])
    XCTAssertTrue(blends.allSatisfy { $0.split(separator: " ").count == 7 }, "bounded modes carry their ink rectangle")
    let filters = words("filter")
    XCTAssertEqual(filters.count, 5)
    XCTAssertEqual(filters.map { $0.split(separator: " ")[2] }, ["over", "hard-light", "hsl-hue", "over", "dest-in"])
    XCTAssertTrue(filters[1].hasPrefix("filter 1.0 hard-light 3.0 "), "σ = 3 / 2 × 2 px")
    XCTAssertEqual(filters[1].split(separator: " ").count, 15, "with its shadow")
    XCTAssertEqual(filters[3].split(separator: " ").count, 8, "without a shadow")
    XCTAssertEqual(words("shadow").count, 1)
    let opened = lines.filter { ["group", "shadow", "blend", "filter", "clipped", "mask", "projected"].contains(String($0.split(separator: " ")[0])) }
    XCTAssertEqual(words("end").count, opened.count)
  }

  /// Lists without these items dump as before: a layer with every new field at its default
  /// writes the same lines as the layer's plan always did.
  func testDefaultLayersDumpAsBefore() {
    XCTAssertFalse(CairoCallDump.text(of: Self.sampleList(0.25), scale: 2).contains("filter"))
    let text = CairoCallDump.text(of: Self.sampleList(0.25), scale: 2)
    for word in ["blend", "filter", "clear", "clip", "mask"] {
      XCTAssertFalse(text.split(separator: "\n").contains { $0.split(separator: " ").first.map(String.init) == word }, word)
    }
  }

  /// `scripts/bench.d/cairo-direct` replays the dump of these items to the very bytes the Swift
  /// renderer draws (built with the system's `cc` and Cairo; skipped without them).
  func testTheCReplayDrawsTheSameBytesForClipsMasksBlendModesAndBlurs() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [tool] + arguments
      let out = Pipe()
      process.standardOutput = out
      process.standardError = FileHandle.nullDevice
      try process.run()
      let data = out.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
    guard (try? run("cc", ["--version"]).status) == 0, (try? run("pkg-config", ["--exists", "cairo"]).status) == 0 else {
      throw XCTSkip("needs cc and Cairo's pkg-config file")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kk-cairo-direct-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let program = folder.appendingPathComponent("cairo-direct").path
    let built = try run("sh", [root.appendingPathComponent("scripts/bench.d/cairo-direct/build.sh").path, program])
    XCTAssertEqual(built.status, 0, "building cairo-direct")

    let scale = 2.0
    /// The C program's and the renderer's hashes of `lists`' frames.
    func hashes(_ lists: [DisplayList]) throws -> (c: String, swift: String) {
      let dump = folder.appendingPathComponent("dump.txt")
      try lists.map { CairoCallDump.text(of: $0, scale: scale) }.joined().write(to: dump, atomically: true, encoding: .utf8)
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for list in lists {
        for byte in try Rasterizer(scale: scale).render(list).pixels { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      }
      let replay = try run(program, [dump.path, "--hash"])
      XCTAssertEqual(replay.status, 0)
      XCTAssertTrue(replay.output.contains("frames=\(lists.count) "), replay.output)
      let c = replay.output.split(separator: "\n").first { $0.hasPrefix("hash=") }.map { String($0.dropFirst(5)) } ?? ""
      return (c, String(hash, radix: 16))
    }
    let lists = (0..<6).map { Self.compositingList(Double($0) / 6) }
    let all = try hashes(lists)
    XCTAssertEqual(all.c, all.swift, "C and Swift frames")
    if all.c != all.swift {
      // Name the first frame that differs and the first of its items after which it does.
      for list in lists where try hashes([list]).c != hashes([list]).swift {
        for n in 1...list.items.count {
          let h = try hashes([DisplayList(size: list.size, background: list.background, items: Array(list.items.prefix(n)))])
          if h.c != h.swift { XCTFail("items 0..<\(n) differ: item \(n - 1)"); break }
        }
        break
      }
    }
  }
}
