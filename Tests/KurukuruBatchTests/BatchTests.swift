import Foundation
import KurukuruBatch
import KurukuruCodecs
import KurukuruCore
import KurukuruRender
import XCTest

// MARK: - Support

/// Presets written into temporary folders, and batch runs against them, in-process.
enum BatchTest {
  /// The repository root.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func bundled(_ name: String) -> String { root.appendingPathComponent("Presets/\(name).json").path }

  /// A fresh temporary folder.
  static func folder() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("kurukuru-batch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  /// A small preset: a dot that orbits in `seconds`, at `fps`, with a `color` parameter.
  static func dot(name: String, fps: Double = 10, seconds: Double = 0.5, background: String = "clear") -> String {
    """
    {
      "name": "\(name)",
      "width": 16,
      "height": 16,
      "background": "\(background)",
      "fps": \(fps),
      "parameters": { "color": { "default": "blue" } },
      "view": {
        "Circle": {},
        "modifiers": [
          { "frame": { "width": 4, "height": 4 } },
          { "foregroundColor": "$color" },
          { "offset": { "y": 5 } },
          { "rotationEffect": { "from": 0, "to": 360, "animation": "linear(duration: \(seconds)).repeatForever(autoreverses: false)" } }
        ]
      }
    }
    """
  }

  /// Writes `text` as `name` in `folder` and returns its path.
  @discardableResult
  static func write(_ text: String, as name: String, in folder: String) throws -> String {
    let path = folder + "/" + name
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static func bytes(_ path: String) throws -> Data {
    try XCTUnwrap(FileManager.default.contents(atPath: path), path)
  }
}

/// Collects events from any thread.
final class EventLog: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [BatchEvent] = []

  @Sendable func record(_ event: BatchEvent) {
    lock.lock()
    events.append(event)
    lock.unlock()
  }

  var all: [BatchEvent] {
    lock.lock()
    defer { lock.unlock() }
    return events
  }

  var frames: Int { all.filter { if case .frameRendered = $0 { return true } else { return false } }.count }
  var finished: [String] {
    all.compactMap { if case .outputFinished(let output, _) = $0 { return output.path } else { return nil } }
  }
  var totals: BatchTotals? {
    all.lazy.compactMap { if case .planned(let totals) = $0 { return totals } else { return nil } }.first
  }
  var skipped: Int? {
    all.lazy.compactMap { if case .skipped(let count) = $0 { return count } else { return nil } }.first
  }
}

// MARK: - Planning

final class BatchPlanTests: XCTestCase {
  func testFilesTimesFormatsTimesScalesGiveEveryPathAndKind() throws {
    let input = try BatchTest.folder()
    try BatchTest.write(BatchTest.dot(name: "clear-dot"), as: "clear-dot.json", in: input)
    try BatchTest.write(BatchTest.dot(name: "white-dot", background: "white"), as: "white-dot.json", in: input)
    try BatchTest.write("{}", as: "schema.json", in: input)
    let options = BatchOptions(
      inputs: [input], output: "unused", formats: [GIFFormat(), PNGSequenceFormat()], scales: [1, 2])
    let plan = try Batch.plan(options)

    XCTAssertEqual(plan.presets.map(\.scene.name), ["clear-dot", "white-dot"], "schema.json is not a preset")
    XCTAssertEqual(plan.failures, [])
    let listed = plan.outputs.map { "\(plan.presets[$0.preset].scene.name) \($0.kind) \($0.formatName) \($0.path)" }
    XCTAssertEqual(listed, [
      "clear-dot output gif clear-dot.gif",
      "clear-dot output png clear-dot",
      "clear-dot output gif clear-dot@2x.gif",
      "clear-dot output png clear-dot@2x",
      "clear-dot contactSheet contact-sheet clear-dot.contact.png",
      // The 1× GIF on white is the light preview; only the transparent preset needs a dark one.
      "clear-dot darkPreview gif previews/clear-dot-dark.gif",
      "white-dot output gif white-dot.gif",
      "white-dot output png white-dot",
      "white-dot output gif white-dot@2x.gif",
      "white-dot output png white-dot@2x",
      "white-dot contactSheet contact-sheet white-dot.contact.png",
    ])
    XCTAssertEqual(plan.outputs.map(\.scale), [1, 1, 2, 2, 1, 1, 1, 1, 2, 2, 1])
    XCTAssertEqual(Set(plan.outputs.map(\.key)).count, plan.outputs.count, "every output has its own key")
  }

  func testLightPreviewOnlyWhenNoWhiteGIFAtOneX() throws {
    let input = try BatchTest.folder()
    let file = try BatchTest.write(BatchTest.dot(name: "dot"), as: "dot.json", in: input)
    func previews(_ formats: [any OutputFormat], scales: [Double]) throws -> [String] {
      let plan = try Batch.plan(BatchOptions(inputs: [file], output: "unused", formats: formats, scales: scales))
      return plan.outputs.filter { $0.kind == .lightPreview || $0.kind == .darkPreview }.map(\.path)
    }
    let both = ["previews/dot-light.gif", "previews/dot-dark.gif"]
    XCTAssertEqual(try previews([GIFFormat()], scales: [1]), ["previews/dot-dark.gif"])
    XCTAssertEqual(try previews([PNGSequenceFormat()], scales: [1]), both)
    XCTAssertEqual(try previews([GIFFormat()], scales: [2]), both)
    XCTAssertEqual(try previews([GIFFormat(GIFOptions(matte: RGBA8(r: 0, g: 0, b: 0)))], scales: [1]), both)
  }

  func testShardsPartitionThePresetsByFileName() throws {
    let input = try BatchTest.folder()
    let names = (1...12).map { "dot-\($0)" }
    for name in names { try BatchTest.write(BatchTest.dot(name: name), as: "\(name).json", in: input) }
    var seen: [String] = []
    for k in 1...3 {
      let plan = try Batch.plan(BatchOptions(inputs: [input], output: "unused", shard: try BatchShard(k, of: 3)))
      XCTAssertLessThan(plan.presets.count, names.count, "shard \(k) is a part, not the whole")
      seen += plan.presets.map(\.scene.name)
    }
    XCTAssertEqual(seen.sorted(), names.sorted(), "every preset in exactly one shard")
    // The split depends on the file name only, not the folder.
    let shard = try BatchShard(2, of: 3)
    XCTAssertEqual(shard.contains("/a/dot-5.json"), shard.contains("b/c/dot-5.json"))
    XCTAssertThrowsError(try BatchShard(4, of: 3)) { XCTAssertEqual($0 as? BatchError, .invalidShard(index: 4, count: 3)) }
  }

  func testInputsAreExpandedOnceAndMissingOnesNamed() throws {
    let input = try BatchTest.folder()
    let file = try BatchTest.write(BatchTest.dot(name: "dot"), as: "dot.json", in: input)
    let plan = try Batch.plan(BatchOptions(inputs: [input, file, input + "/./dot.json"], output: "unused"))
    XCTAssertEqual(plan.presets.map(\.file), [input + "/dot.json"])
    XCTAssertThrowsError(try Batch.plan(BatchOptions(inputs: [input + "/nope.json"], output: "unused"))) {
      XCTAssertEqual(String(describing: $0), "\(input)/nope.json: no such file or folder")
    }
  }

  func testSettingsApplyOnlyToPresetsThatDeclareThem() throws {
    let input = try BatchTest.folder()
    try BatchTest.write(BatchTest.dot(name: "dot"), as: "dot.json", in: input)
    try FileManager.default.copyItem(atPath: BatchTest.bundled("loading-circle"), toPath: input + "/loading-circle.json")
    let plan = try Batch.plan(BatchOptions(inputs: [input], output: "unused", settings: ["color": "red"]))
    XCTAssertEqual(plan.presets.map(\.scene.name), ["dot", "loading-circle"])
    XCTAssertEqual(plan.presets.map(\.settings), [["color": "red"], [:]])
    XCTAssertThrowsError(try Batch.plan(BatchOptions(inputs: [input], output: "unused", settings: ["nope": "1"]))) {
      XCTAssertEqual($0 as? BatchError, .undeclaredSetting(name: "nope"))
    }
  }

  func testABrokenPresetFailsAloneAndIsReported() throws {
    let input = try BatchTest.folder()
    try BatchTest.write(BatchTest.dot(name: "dot"), as: "dot.json", in: input)
    try BatchTest.write("{\"width\": 10, \"height\": 10, \"view\": {\"Circel\": {}}}", as: "broken.json", in: input)
    let log = EventLog()
    let plan = try Batch.plan(BatchOptions(inputs: [input], output: "unused"), onEvent: log.record)
    XCTAssertEqual(plan.presets.map(\.scene.name), ["dot"])
    XCTAssertEqual(plan.failures.map(\.file), [input + "/broken.json"])
    XCTAssertTrue(plan.failures[0].message.contains("unknown view 'Circel'"), plan.failures[0].message)
    guard case .presetFailed(let failure)? = log.all.first else { return XCTFail("no event: \(log.all)") }
    XCTAssertEqual(failure, plan.failures[0])
  }

  func testACanvasTooLargeFailsThePresetInTheOldWords() throws {
    let input = try BatchTest.folder()
    let file = try BatchTest.write(BatchTest.dot(name: "dot"), as: "dot.json", in: input)
    let plan = try Batch.plan(BatchOptions(inputs: [file], output: "unused", scales: [1, 600]))
    XCTAssertEqual(plan.presets.count, 0)
    XCTAssertEqual(plan.failures.map(\.message), ["\(file): scale 600 makes a 9600×9600 px canvas; each side must be 1…8192 px"])
  }

  func testScenesAboveTheGIFLimitAreRetimed() throws {
    let input = try BatchTest.folder()
    let file = try BatchTest.write(BatchTest.dot(name: "fast", fps: 100, seconds: 0.5), as: "fast.json", in: input)
    // With a GIF among the formats every output of the preset shows the same 50 fps loop.
    let both = try Batch.plan(BatchOptions(inputs: [file], output: "unused", formats: [GIFFormat(), PNGSequenceFormat()]))
    XCTAssertEqual(both.presets[0].scene.timeline.requestedFPS, 50)
    XCTAssertEqual(Set(both.outputs.map(\.timeline.frameCount)), [25])
    // PNG frames alone keep 100 fps; the gallery's GIF previews still play at 50.
    let png = try Batch.plan(BatchOptions(inputs: [file], output: "unused", formats: [PNGSequenceFormat()]))
    let frames = Dictionary(uniqueKeysWithValues: png.outputs.map { ($0.path, $0.timeline.frameCount) })
    XCTAssertEqual(frames, ["fast": 50, "fast.contact.png": 50, "previews/fast-light.gif": 25, "previews/fast-dark.gif": 25])
  }
}

// MARK: - Cache keys

final class BatchCacheKeyTests: XCTestCase {
  func keys(_ file: String, formats: [any OutputFormat] = [GIFFormat()], scales: [Double] = [1], settings: [String: String] = [:]) throws -> [String: String] {
    let plan = try Batch.plan(BatchOptions(inputs: [file], output: "unused", formats: formats, scales: scales, settings: settings))
    return Dictionary(uniqueKeysWithValues: plan.outputs.map { ($0.path, $0.key) })
  }

  func testKeysAreTheTextOfEarlierVersions() throws {
    let input = try BatchTest.folder()
    let text = BatchTest.dot(name: "dot")
    let file = try BatchTest.write(text, as: "dot.json", in: input)
    let keys = try keys(file, formats: [GIFFormat(), PNGSequenceFormat()], scales: [1, 2], settings: ["color": "red"])
    let presetHash = SHA256.hex(Array(text.utf8))
    func old(_ detail: String) -> String { SHA256.hex(Array("0.1.0|\(presetHash)|color=red|\(detail)".utf8)) }
    XCTAssertEqual(keys["dot.gif"], old("gif|1.0|RGBA8(r: 255, g: 255, b: 255, a: 255)"))
    XCTAssertEqual(keys["dot@2x.gif"], old("gif|2.0|RGBA8(r: 255, g: 255, b: 255, a: 255)"))
    XCTAssertEqual(keys["dot"], old("png|1.0"))
    XCTAssertEqual(keys["dot@2x"], old("png|2.0"))
    XCTAssertEqual(keys["dot.contact.png"], old("contact"))
    XCTAssertEqual(keys["previews/dot-dark.gif"], old("gif|1|dark"))
  }

  func testKeysChangeWithWhatTheOutputDependsOnOnly() throws {
    let input = try BatchTest.folder()
    let file = try BatchTest.write(BatchTest.dot(name: "dot"), as: "dot.json", in: input)
    let base = try keys(file)
    XCTAssertEqual(try keys(file), base, "stable from run to run")
    XCTAssertEqual(try keys(file, settings: ["color": "blue"]).count, base.count)
    XCTAssertNotEqual(try keys(file, settings: ["color": "red"])["dot.gif"], base["dot.gif"], "settings")
    XCTAssertNotEqual(try keys(file, formats: [GIFFormat(GIFOptions(matte: RGBA8(r: 0, g: 0, b: 0)))])["dot.gif"], base["dot.gif"], "matte")
    XCTAssertNotEqual(try keys(file, formats: [GIFFormat(GIFOptions(loopCount: 1))])["dot.gif"], base["dot.gif"], "loops")
    // The same scale in another format, and another scale in the same format.
    let png = try keys(file, formats: [PNGSequenceFormat()], scales: [1, 2])
    XCTAssertNotEqual(png["dot"], base["dot.gif"])
    XCTAssertNotEqual(png["dot@2x"], png["dot"])
    // The contact sheet depends on the preset and settings, not on formats or scales.
    XCTAssertEqual(png["dot.contact.png"], base["dot.contact.png"])
    // Any change to the preset's bytes, even one that renders the same, changes every key.
    try BatchTest.write(BatchTest.dot(name: "dot") + "\n", as: "dot.json", in: input)
    let edited = try keys(file)
    for (path, key) in base { XCTAssertNotEqual(edited[path], key, path) }
  }
}

// MARK: - Running and skipping

final class BatchRunTests: XCTestCase {
  func testSecondRunSkipsEverythingAndARemovedOutputIsRenderedAgain() throws {
    let input = try BatchTest.folder(), out = try BatchTest.folder()
    try BatchTest.write(BatchTest.dot(name: "dot"), as: "dot.json", in: input)
    try FileManager.default.copyItem(atPath: BatchTest.bundled("loading-circle"), toPath: input + "/loading-circle.json")
    let options = BatchOptions(inputs: [input], output: out, formats: [GIFFormat(), PNGSequenceFormat()], scales: [1, 2], jobs: 2)

    let log = EventLog()
    let first = try Batch.run(options, onEvent: log.record)
    XCTAssertTrue(first.succeeded)
    XCTAssertEqual(first.presetsSucceeded, 2)
    XCTAssertEqual(first.upToDate, 0)
    XCTAssertEqual(first.written, first.manifest.outputs.count)
    XCTAssertEqual(log.totals?.outputs, first.written)
    XCTAssertEqual(log.frames, log.totals?.frames, "small GIFs render each frame once")
    XCTAssertEqual(Set(log.finished), Set(first.manifest.outputs.map(\.path)))
    XCTAssertNil(log.skipped)
    let manifest = try BatchTest.bytes(out + "/manifest.json")
    XCTAssertEqual(String(decoding: manifest, as: UTF8.self), first.manifest.json)
    XCTAssertEqual(Manifest.read(out + "/manifest.json"), first.manifest, "what is written reads back")
    for entry in first.manifest.outputs where entry.format != "png" {
      let data = try BatchTest.bytes(out + "/" + entry.path)
      XCTAssertEqual(entry.sha256, SHA256.hex(data), entry.path)
      XCTAssertEqual(entry.bytes, data.count, entry.path)
    }
    let gallery = try BatchTest.bytes(out + "/index.html")

    let again = EventLog()
    let second = try Batch.run(options, onEvent: again.record)
    XCTAssertEqual(second.written, 0)
    XCTAssertEqual(second.upToDate, first.written)
    XCTAssertEqual(again.skipped, first.written)
    XCTAssertEqual(again.totals, BatchTotals(presets: 0, outputs: 0, frames: 0))
    XCTAssertEqual(again.frames, 0)
    XCTAssertEqual(try BatchTest.bytes(out + "/manifest.json"), manifest, "byte for byte")
    XCTAssertEqual(try BatchTest.bytes(out + "/index.html"), gallery)

    // A removed file and a folder missing a frame are rendered again, to the same bytes.
    let gif = try BatchTest.bytes(out + "/dot@2x.gif")
    try FileManager.default.removeItem(atPath: out + "/dot@2x.gif")
    try FileManager.default.removeItem(atPath: out + "/loading-circle/loading-circle0.png")
    let third = EventLog()
    let report = try Batch.run(options, onEvent: third.record)
    XCTAssertEqual(Set(third.finished), ["dot@2x.gif", "loading-circle"])
    XCTAssertEqual(report.written, 2)
    XCTAssertEqual(report.upToDate, first.written - 2)
    XCTAssertEqual(try BatchTest.bytes(out + "/dot@2x.gif"), gif)
    XCTAssertEqual(try BatchTest.bytes(out + "/manifest.json"), manifest)

    // A changed setting renders that preset again and keeps the other.
    var red = options
    red.settings = ["color": "red"]
    let fourth = try Batch.run(red)
    XCTAssertEqual(Set(fourth.manifest.outputs.filter { $0.preset == "dot" }.map(\.key)).isDisjoint(with: first.manifest.outputs.map(\.key)), true)
    XCTAssertEqual(fourth.upToDate, first.manifest.outputs.filter { $0.preset == "loading-circle" }.count)

    // --force renders everything.
    red.force = true
    XCTAssertEqual(try Batch.run(red).written, first.written)
  }

  func testAppBundlesArePlannedOnceAndSkippedWhenUpToDate() throws {
    let input = try BatchTest.folder(), out = try BatchTest.folder()
    try BatchTest.write(BatchTest.dot(name: "dot"), as: "dot.json", in: input)
    let formats: [any OutputFormat] = [try OutputFormats.make("android"), try OutputFormats.make("css"), PNGSequenceFormat()]
    let options = BatchOptions(inputs: [input], output: out, formats: formats, scales: [1, 2])
    let paths = try Batch.plan(options).outputs.filter { $0.kind == .output }.map(\.path)
    XCTAssertEqual(paths, ["dot-android", "dot-css", "dot", "dot@2x"], "a bundle holds every density: once, not per scale")
    let first = try Batch.run(options)
    XCTAssertEqual(first.written, first.manifest.outputs.count)
    let second = try Batch.run(options)
    XCTAssertEqual(second.written, 0, "bundles with subfolders are recognised as up to date")
    try FileManager.default.removeItem(atPath: out + "/dot-android/res/drawable-hdpi/dot_0.png")
    XCTAssertEqual(try Batch.run(options).written, 1, "a bundle missing a file is rendered again")
  }

  func testJobsDoNotChangeTheBytes() throws {
    let input = try BatchTest.folder()
    try BatchTest.write(BatchTest.dot(name: "dot"), as: "dot.json", in: input)
    var options = BatchOptions(inputs: [input], output: try BatchTest.folder(), formats: [GIFFormat(), PNGSequenceFormat()], jobs: 1)
    let one = try Batch.run(options)
    options.output = try BatchTest.folder()
    options.jobs = 3
    let three = try Batch.run(options)
    XCTAssertEqual(one.manifest, three.manifest)
  }

  func testAFailedPresetIsReportedAndLeftOutOfTheGallery() throws {
    let input = try BatchTest.folder(), out = try BatchTest.folder()
    try BatchTest.write(BatchTest.dot(name: "dot"), as: "dot.json", in: input)
    try BatchTest.write("{\"width\": 10, \"height\": 10, \"view\": {\"Circel\": {}}}", as: "broken.json", in: input)
    let report = try Batch.run(BatchOptions(inputs: [input], output: out))
    XCTAssertFalse(report.succeeded)
    XCTAssertEqual(report.presetsLoaded, 1)
    XCTAssertEqual(report.failures.map(\.file), [input + "/broken.json"])
    let html = String(decoding: try BatchTest.bytes(report.galleryPath), as: UTF8.self)
    XCTAssertTrue(html.contains("id=\"dot\""))
    XCTAssertTrue(html.contains("<h2>Failed</h2>") && html.contains("broken.json"))
  }
}

// MARK: - Manifest

final class ManifestTests: XCTestCase {
  func testJSONKeepsKeyOrderAndNumberForms() {
    let entry = Manifest.Entry(
      path: "a \"b\".gif", preset: "a", format: "gif", scale: 1.5, bytes: 10, frames: 3, fps: 30, duration: 0.1,
      sha256: "s", presetHash: "p", key: "k")
    XCTAssertEqual(Manifest(tool: "kurukuru 0.1.0", outputs: []).json, "{\n  \"tool\": \"kurukuru 0.1.0\",\n  \"outputs\": []\n}\n")
    XCTAssertEqual(Manifest(outputs: [entry]).json, """
      {
        "tool": "kurukuru 0.1.0",
        "outputs": [
          {
            "path": "a \\"b\\".gif",
            "preset": "a",
            "format": "gif",
            "scale": 1.5,
            "bytes": 10,
            "frames": 3,
            "fps": 30,
            "duration": 0.1,
            "sha256": "s",
            "presetHash": "p",
            "key": "k"
          }
        ]
      }

      """)
  }

  func testSHA256KnownVectors() {
    XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    // No input: one block of padding only.
    XCTAssertEqual(SHA256.hex([UInt8]()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    // Two blocks of padding: 56 bytes.
    XCTAssertEqual(
      SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }
}
