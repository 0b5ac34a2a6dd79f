import Foundation
import KurukuruCore
import KurukuruRaster
import XCTest

@testable import KurukuruLottie

/// Hostile Lottie files and dotLottie archives: each is refused with a `LottieError` that names
/// the file and the place, before the work it asks for, and every bound of `LottieLimits` is
/// enforced. (Time is bounded by refusing early; speed is measured by `scripts/bench`, not here.)
final class LottieHostileTests: XCTestCase {
  typealias J = LottieJSON

  /// A one-layer document with `shapes`.
  func shapes(_ items: [String]) -> String { J.document(layers: [J.shapeLayer(items)]) }

  /// Checks that `error` is of `kind` at `place`, its description one line starting with the
  /// file's name and ending with the place.
  func check(
    _ error: LottieError?, _ kind: LottieError.Kind, at place: String, saying words: String, file: String = "test.json",
    sourceFile: StaticString = #filePath, line: UInt = #line
  ) {
    guard let error else { return XCTFail("no error", file: sourceFile, line: line) }
    XCTAssertEqual(error.kind, kind, "\(error)", file: sourceFile, line: line)
    XCTAssertEqual(error.place, place, "\(error)", file: sourceFile, line: line)
    XCTAssertTrue(error.message.contains(words), "'\(words)' not in: \(error)", file: sourceFile, line: line)
    let text = error.description
    XCTAssertTrue(text.hasPrefix(file), text, file: sourceFile, line: line)
    XCTAssertFalse(text.contains("\n"), text, file: sourceFile, line: line)
    if !place.isEmpty { XCTAssertTrue(text.hasSuffix("(at \(place))"), text, file: sourceFile, line: line) }
  }

  // MARK: - Canvas and time

  func testAHundredThousandPointCanvasReadsButIsRefusedByTheRasterizer() throws {
    // The canvas is only two numbers until something renders it; at scale 1 it is 100000 px a
    // side, past Rasterizer.maximumCanvasSide (a --fit scale could still draw it small).
    let a = try lottie(J.document(w: 100_000, h: 100_000, layers: [J.shapeLayer([J.rect(50, 50, 10, 10), J.red])]))
    XCTAssertEqual(a.size, Size(width: 100_000, height: 100_000))
    XCTAssertThrowsError(try Rasterizer().render(a.displayList(at: 0))) { error in
      guard case RasterError.canvasTooLarge = error else { return XCTFail("\(error)") }
    }
    // Past the reader's range (1…10⁶ points) it is an error at `w`.
    check(lottieError(J.document(w: 1e7, layers: [])), .invalid, at: "w", saying: "1000000")
  }

  func testAnOutPointOfABillionIsRefused() {
    check(lottieError(J.document(op: 1e9, layers: [])), .invalid, at: "op", saying: "got 1000000000")
    // Within the reader's range, a loop of 10⁶ s at 10 fps passes the duration limit (600 s).
    check(lottieError(J.document(op: 1e7, layers: [])), .limitExceeded, at: "op", saying: "more than the limit of 600 s")
    check(lottieError(J.document(ip: 5, op: 5, layers: [])), .invalid, at: "op", saying: "must be after ip")
  }

  // MARK: - Precompositions

  func testPrecompositionCyclesThroughRefIdAreErrors() {
    let a = #"{"id": "a", "layers": [{"ty": 0, "refId": "b", "ks": {}, "ip": 0, "op": 10}]}"#
    let b = #"{"id": "b", "layers": [{"ty": 0, "refId": "a", "ks": {}, "ip": 0, "op": 10}]}"#
    let main = #"{"ty": 0, "refId": "a", "ks": {}, "ip": 0, "op": 10}"#
    check(lottieError(J.document(layers: [main], assets: [a, b])), .invalid, at: "assets[b].layers[0].refId", saying: "a → b → a")
    let me = #"{"id": "me", "layers": [{"ty": 0, "refId": "me", "ks": {}, "ip": 0, "op": 10}]}"#
    let toMe = #"{"ty": 0, "refId": "me", "ks": {}, "ip": 0, "op": 10}"#
    check(lottieError(J.document(layers: [toMe], assets: [me])), .invalid, at: "assets[me].layers[0].refId", saying: "contain themselves")
    check(lottieError(J.document(layers: [toMe])), .invalid, at: "layers[0].refId", saying: "'me' is not among the assets")
  }

  func testPrecompositionsNestedPastTheLimitAreAnError() throws {
    // c0 → c1 → … → cN, each a precomposition layer of the next.
    func chain(_ n: Int) -> String {
      let assets = (0..<n).map { i in
        let inner = i + 1 < n
          ? #"{"ty": 0, "refId": "c\#(i + 1)", "ks": {}, "ip": 0, "op": 10}"# : J.shapeLayer([J.rect(50, 50, 10, 10), J.red])
        return #"{"id": "c\#(i)", "layers": [\#(inner)]}"#
      }
      return J.document(layers: [#"{"ty": 0, "refId": "c0", "ks": {}, "ip": 0, "op": 10}"#], assets: assets)
    }
    let limit = LottieLimits().maxPrecompositionDepth
    XCTAssertNoThrow(try lottie(chain(limit)))
    check(lottieError(chain(limit + 1)), .limitExceeded, at: "assets[c\(limit)].layers", saying: "deeper than \(limit) levels")
  }

  // MARK: - Repeaters and stars

  static func repeater(copies: String, offset: String = "0") -> String {
    #"{"ty": "rp", "c": {"a": 0, "k": \#(copies)}, "o": {"a": 0, "k": \#(offset)}, "m": 1, "tr": {"ty": "tr", "p": {"a": 0, "k": [1, 0]}}}"#
  }

  func testARepeaterOfABillionCopiesIsAnError() throws {
    let square = [J.rect(5, 5, 4, 4), J.red]
    let limit = LottieLimits().maxRepeaterCopies
    check(lottieError(shapes(square + [Self.repeater(copies: "1e9")])), .limitExceeded, at: "layers[0].shapes[2].c", saying: "past the limit of \(limit)")
    // Past any Int (this trapped once), and as a keyframe.
    check(lottieError(shapes(square + [Self.repeater(copies: "1e20")])), .limitExceeded, at: "layers[0].shapes[2].c", saying: "copies")
    let animated = #"{"ty": "rp", "c": {"a": 1, "k": [{"t": 0, "s": [1]}, {"t": 10, "s": [5000]}]}, "tr": {"ty": "tr"}}"#
    check(lottieError(shapes(square + [animated])), .limitExceeded, at: "layers[0].shapes[2].c", saying: "5000")
    // The offset counts copies too: 10²⁰ of them trapped converting to Int.
    check(lottieError(shapes(square + [Self.repeater(copies: "3", offset: "1e20")])), .limitExceeded, at: "layers[0].shapes[2].o", saying: "offset")
    XCTAssertNoThrow(try lottie(shapes(square + [Self.repeater(copies: "\(limit)", offset: "-\(limit)")])))
  }

  func testNestedRepeatersMultiplyPastTheDrawingsPerFrame() {
    // 100 × 100 × 100 copies of one filled square: 10⁶ drawings, more than 200,000.
    let inner = J.group([J.rect(5, 5, 4, 4), J.red, Self.repeater(copies: "100")])
    let middle = J.group([inner, Self.repeater(copies: "100")])
    check(lottieError(shapes([middle, Self.repeater(copies: "100")])), .limitExceeded, at: "layers", saying: "1000000 paths")
  }

  func testAStarOfTooManyPointsIsAnError() throws {
    func star(_ points: String) -> String {
      shapes([#"{"ty": "sr", "sy": 2, "p": {"a": 0, "k": [50, 50]}, "pt": {"a": 0, "k": \#(points)}, "or": {"a": 0, "k": 40}, "r": {"a": 0, "k": 0}}"#, J.red])
    }
    let limit = LottieLimits().maxStarPoints
    // 10⁸ points took minutes and gigabytes to build; 10²⁰ trapped converting to Int.
    check(lottieError(star("1e8")), .limitExceeded, at: "layers[0].shapes[0].pt", saying: "past the limit of \(limit)")
    check(lottieError(star("1e20")), .limitExceeded, at: "layers[0].shapes[0].pt", saying: "points")
    XCTAssertNoThrow(try render(try lottie(star("\(limit)"))))
  }

  func testAStarCountEasedFarPastTheLimitIsClampedNotTrapped() throws {
    // 3 → 5 points with a y handle of 10¹⁰⁰: halfway, the eased count is about 10¹⁰⁰.
    let star = #"""
      {"ty": "sr", "sy": 2, "p": {"a": 0, "k": [50, 50]}, "or": {"a": 0, "k": 40}, "r": {"a": 0, "k": 0},
       "pt": {"a": 1, "k": [{"t": 0, "s": [3], "o": {"x": [0.5], "y": [1e100]}, "i": {"x": [0.5], "y": [1]}}, {"t": 10, "s": [5]}]}}
      """#
    let f = try render(try lottie(shapes([star, J.red])), frame: 5)
    assertRed(f, 50, 50)
  }

  // MARK: - Paths and nesting

  func testAPathOfMoreVerticesThanTheLimitIsRefusedBeforeItIsRead() {
    // The default (2,000,000) takes a 12 MB file; the same check with a limit of 1,000.
    var limits = LottieLimits()
    limits.maxVertices = 1_000
    let points = (0...1_000).map { ($0 % 2 == 0 ? 0.0 : 1.0, Double($0)) }
    check(lottieError(shapes([J.path(J.polygon(points))]), limits: limits), .limitExceeded, at: "layers[0].shapes[0].ks.k", saying: "more than 1000 path vertices")
    // The count is of the whole file, keyframes included: 2 × 600.
    let half = J.polygon(Array(points.prefix(600)))
    let morph = #"{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [\#(half)]}, {"t": 10, "s": [\#(half)]}]}}"#
    check(lottieError(shapes([morph]), limits: limits), .limitExceeded, at: "layers[0].shapes[0].ks.k[1].s", saying: "path vertices")
  }

  func testGroupsNestedPastTheLimitAreAnError() throws {
    func nested(_ depth: Int) -> String {
      var item = J.rect(50, 50, 10, 10)
      for _ in 0..<depth { item = J.group([item]) }
      return shapes([item, J.red])
    }
    let limit = LottieLimits().maxGroupDepth
    XCTAssertNoThrow(try lottie(nested(limit)))
    let error = lottieError(nested(limit + 1))
    XCTAssertEqual(error?.kind, .limitExceeded)
    XCTAssertTrue(error?.message.contains("nested deeper than \(limit) levels") ?? false, "\(String(describing: error))")
    XCTAssertTrue(error?.place.hasPrefix("layers[0].shapes[0].it[0].it[0]") ?? false, "\(String(describing: error))")
  }

  func testJSONNestedPastTheLimitIsALimitErrorAtItsLine() {
    // 100,000 nested arrays as a layer's name: refused at the 257th, not a stack overflow.
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let text = J.document(layers: [#"{"ty": 3, "nm": \#(deep), "ks": {}, "ip": 0, "op": 10}"#])
    let error = lottieError(text)
    XCTAssertEqual(error?.kind, .limitExceeded)
    XCTAssertTrue(error?.message.contains("nesting deeper than \(LottieLimits().maxJSONDepth) levels") ?? false, "\(String(describing: error))")
    XCTAssertTrue(error?.description.hasPrefix("test.json:2:") ?? false, "\(String(describing: error))")
  }

  // MARK: - Parenting

  func testParentCyclesAndChainsPastTheLimitAreErrors() throws {
    let one = J.shapeLayer([], extra: #""ind": 1, "parent": 2"#), two = J.shapeLayer([], extra: #""ind": 2, "parent": 1"#)
    check(lottieError(J.document(layers: [one, two])), .invalid, at: "layers[0].parent", saying: "ind 1 → 2 → 1")
    let own = J.shapeLayer([], extra: #""ind": 5, "parent": 5"#)
    check(lottieError(J.document(layers: [own])), .invalid, at: "layers[0].parent", saying: "ind 5 → 5")
    // A chain: layer k parents to k + 1.
    func chain(_ n: Int) -> String {
      J.document(layers: (1...n).map { k in J.shapeLayer([], extra: k < n ? #""ind": \#(k), "parent": \#(k + 1)"# : #""ind": \#(k)"#) })
    }
    let limit = LottieLimits().maxParentDepth
    XCTAssertNoThrow(try lottie(chain(limit)))
    check(lottieError(chain(limit + 1)), .limitExceeded, at: "layers[0].parent", saying: "\(limit + 1) parented layers")
    // Inside a precomposition too.
    let asset = #"{"id": "p", "layers": [\#(one), \#(two)]}"#
    check(
      lottieError(J.document(layers: [#"{"ty": 0, "refId": "p", "ks": {}, "ip": 0, "op": 10}"#], assets: [asset])), .invalid,
      at: "assets[p].layers[0].parent", saying: "1 → 2 → 1")
  }

  func testAParentChainAtTheLimitComposesEveryTransform() throws {
    // 64 layers, each parented to the next, each moving 1 point right: the innermost square
    // (centred on its origin, 4 wide) lands at x = 64.
    let limit = LottieLimits().maxParentDepth
    let layers = (1...limit).map { k in
      J.shapeLayer(
        k == 1 ? [J.rect(0, 50, 4, 4), J.red] : [], ks: #"{"p": {"a": 0, "k": [1, 0]}}"#,
        extra: k < limit ? #""ind": \#(k), "parent": \#(k + 1)"# : #""ind": \#(k)"#)
    }
    let f = try render(try lottie(J.document(layers: layers)))
    assertRed(f, 64, 50)
    assertClear(f, 59, 50)
  }

  // MARK: - One line

  func testErrorsStayOnOneLineWhateverTheFileWrote() {
    // Found by the lottieimport fuzzer: `tru` then a line break, where JSON wants `true`, made
    // an error of two lines.
    let broken = lottieError(#"{"v": "5", "fr": 25, "ip": 0, "op": 50, "w": 80, "h": 80, "layers": [{"c": tru"# + "\n" + "}]}")
    XCTAssertEqual(broken?.description, #"test.json:1:79: unexpected '\n', expected 'true'"#)
    // A mask mode and a refId that hold line breaks (JSON escapes) are quoted with escapes.
    let mode = #"{"mode": "a\nb", "pt": {"a": 0, "k": \#(J.box(0, 0, 1, 1))}}"#
    let masked = lottieError(J.document(layers: [J.shapeLayer([], extra: #""masksProperties": [\#(mode)]"#)]))
    XCTAssertEqual(masked?.message, "a mask mode is n, a, s, i, l, d or f, got 'a\nb'")
    XCTAssertFalse(masked?.description.contains("\n") ?? true, "\(String(describing: masked))")
    XCTAssertTrue(masked?.description.contains(#"got 'a\nb'"#) ?? false, "\(String(describing: masked))")
    let missing = lottieError(J.document(layers: [#"{"ty": 0, "refId": "x\ny", "ks": {}, "ip": 0, "op": 10}"#]))
    XCTAssertTrue(missing?.description.hasSuffix(#"precomposition 'x\ny' is not among the assets (at layers[0].refId)"#) ?? false, "\(String(describing: missing))")
  }

  // MARK: - Every limit

  func testEveryCountingLimitIsEnforced() {
    // Each bound lowered to 2 and the file given 3.
    let three = [J.shapeLayer([]), J.shapeLayer([]), J.shapeLayer([])]
    var limits = LottieLimits()
    limits.maxLayers = 2
    check(lottieError(J.document(layers: three), limits: limits), .limitExceeded, at: "layers", saying: "more than 2 layers")
    limits = LottieLimits()
    limits.maxShapeItems = 2
    check(lottieError(shapes([J.rect(1, 1, 1, 1), J.rect(1, 1, 1, 1), J.red]), limits: limits), .limitExceeded, at: "layers[0].shapes", saying: "more than 2 shape items")
    limits = LottieLimits()
    limits.maxKeyframes = 2
    let keys = J.document(layers: [J.shapeLayer([], ks: #"{"o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 1, "s": [1]}, {"t": 2, "s": [2]}]}}"#)])
    check(lottieError(keys, limits: limits), .limitExceeded, at: "layers[0].ks.o.k", saying: "more than 2 keyframes")
    limits = LottieLimits()
    limits.maxRepeaterCopies = 2
    check(lottieError(shapes([J.rect(1, 1, 1, 1), J.red, Self.repeater(copies: "3")]), limits: limits), .limitExceeded, at: "layers[0].shapes[2].c", saying: "limit of 2")
    limits = LottieLimits()
    limits.maxStarPoints = 2
    check(lottieError(shapes([#"{"ty": "sr", "sy": 2, "pt": {"a": 0, "k": 3}}"#]), limits: limits), .limitExceeded, at: "layers[0].shapes[0].pt", saying: "limit of 2")
    limits = LottieLimits()
    limits.maxDrawingsPerFrame = 2
    check(lottieError(shapes([J.rect(1, 1, 1, 1), J.red, J.stroke(0, 0, 0, width: 1), J.fill(0, 0, 1)]), limits: limits), .limitExceeded, at: "layers", saying: "3 paths")
    limits = LottieLimits()
    limits.maxGroupDepth = 2
    check(
      lottieError(shapes([J.group([J.group([J.group([J.red])])])]), limits: limits), .limitExceeded, at: "layers[0].shapes[0].it[0].it[0].it[0]",
      saying: "deeper than 2")
    limits = LottieLimits()
    limits.maxPrecompositionDepth = 0
    let pre = #"{"id": "p", "layers": []}"#
    check(
      lottieError(J.document(layers: [#"{"ty": 0, "refId": "p", "ks": {}, "ip": 0, "op": 10}"#], assets: [pre]), limits: limits), .limitExceeded,
      at: "assets[p].layers", saying: "deeper than 0")
    limits = LottieLimits()
    limits.maxParentDepth = 2
    let chain = [J.shapeLayer([], extra: #""ind": 1, "parent": 2"#), J.shapeLayer([], extra: #""ind": 2, "parent": 3"#), J.shapeLayer([], extra: #""ind": 3"#)]
    check(lottieError(J.document(layers: chain), limits: limits), .limitExceeded, at: "layers[0].parent", saying: "limit of 2")
    limits = LottieLimits()
    limits.maxJSONDepth = 2
    check(lottieError(J.document(layers: [J.shapeLayer([])]), limits: limits), .limitExceeded, at: "", saying: "nesting deeper than 2")
  }

  func testAFileLargerThanTheLimitIsNotRead() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kurukuru-lottie-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("big.json").path
    let text = J.document(layers: [])
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    var limits = LottieLimits()
    limits.maxFileBytes = 100
    XCTAssertThrowsError(try LottieAnimation.load(path: path, limits: limits)) { error in
      self.check(error as? LottieError, .limitExceeded, at: "", saying: "\(text.utf8.count) bytes are more than the limit of 100", file: path)
    }
    XCTAssertNoThrow(try LottieAnimation.load(path: path))
  }

  // MARK: - dotLottie

  /// Writes `bytes` as `NAME.lottie` in a fresh folder and returns its path.
  func archiveFile(_ bytes: [UInt8], name: String = "test") throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kurukuru-lottie-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("\(name).lottie").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The error loading the archive `bytes` throws.
  func archiveError(_ bytes: [UInt8], animation: String? = nil, line: UInt = #line) throws -> (LottieError?, String) {
    let path = try archiveFile(bytes)
    do {
      _ = try LottieAnimation.load(path: path, animation: animation)
      XCTFail("expected an error", line: line)
      return (nil, path)
    } catch let error as LottieError {
      return (error, path)
    }
  }

  static let small = J.document(layers: [J.shapeLayer([J.rect(50, 50, 20, 20), J.red])])

  func testAWellFormedArchiveLoads() throws {
    let path = try archiveFile(TestZip.dotLottie(ids: ["one"], [TestZip.entry("animations/one.json", Self.small)]))
    let a = try LottieAnimation.load(path: path)
    XCTAssertEqual(a.file, path + "#animations/one.json")
    assertRed(try render(a), 50, 50)
  }

  func testAZipBombIsRefusedByItsDeclaredOrItsActualSize() throws {
    let limit = LottieLimits().maxFileBytes
    // 40 MiB of spaces after a small document: valid JSON, deflated to a few kilobytes.
    let padded = Array(Self.small.utf8) + [UInt8](repeating: 0x20, count: 40 << 20)
    var honest = TestZip.Entry(name: "animations/one.json", data: padded, payload: TestZip.deflate(padded))
    let (big, bigPath) = try archiveError(TestZip.dotLottie(ids: ["one"], [honest]))
    check(big, .limitExceeded, at: "animations/one.json", saying: "\(padded.count) bytes are more than the limit of \(limit)", file: bigPath)
    // The same data declaring 1,000 bytes: inflating stops after 1,001.
    honest.declaredSize = 1_000
    let (lying, lyingPath) = try archiveError(TestZip.dotLottie(ids: ["one"], [honest]))
    check(lying, .unreadable, at: "animations/one.json", saying: "inflates past its declared 1000 bytes", file: lyingPath)
    // Declaring 4 GiB − 1.
    honest.declaredSize = UInt32.max
    let (huge, hugePath) = try archiveError(TestZip.dotLottie(ids: ["one"], [honest]))
    check(huge, .limitExceeded, at: "animations/one.json", saying: "4294967295 bytes", file: hugePath)
  }

  func testAnEntryNameThatLeavesTheArchiveIsAnError() throws {
    for name in ["../../evil.json", "animations/../../../etc/passwd", "/etc/passwd", "animations\\..\\evil.json", "C:/evil.json"] {
      let bytes = TestZip.dotLottie(ids: ["one"], [TestZip.entry("animations/one.json", Self.small), TestZip.entry(name, "{}")])
      let (error, path) = try archiveError(bytes)
      check(error, .unreadable, at: name, saying: "climbs out", file: path)
    }
  }

  func testATruncatedArchiveIsAnErrorAtEveryLength() throws {
    let whole = TestZip.dotLottie(ids: ["one"], [TestZip.entry("animations/one.json", Self.small)])
    let path = try archiveFile(whole)
    XCTAssertNoThrow(try LottieAnimation.load(path: path))
    // Every prefix that still starts like a ZIP file: a broken archive, never a crash.
    // (The archive reader on its own: `load` hands it the file's bytes.)
    func read(_ bytes: [UInt8], _ what: String) {
      XCTAssertThrowsError(try DotLottie.animation(in: bytes, id: nil, file: "cut.lottie", limits: LottieLimits()), what) { error in
        XCTAssertEqual((error as? LottieError)?.kind, .unreadable, "\(what): \(error)")
        XCTAssertTrue("\(error)".hasPrefix("cut.lottie: not a readable dotLottie"), "\(what): \(error)")
      }
    }
    for length in 4..<whole.count { read(Array(whole.prefix(length)), "\(length) bytes") }
    // The entries' data cut short while the directory and its end record stay: the directory's
    // offsets then point at the wrong bytes or past the end.
    let directory = Int(whole[whole.count - 6]) | Int(whole[whole.count - 5]) << 8
    for kept in 4..<directory { read(Array(whole.prefix(kept) + whole.suffix(from: directory)), "\(kept) bytes kept") }
    // A real archive cut in half.
    let real = try XCTUnwrap(FileManager.default.contents(atPath: Self.fixture("dotlottie/star_rating.lottie")))
    let (half, halfPath) = try archiveError(Array([UInt8](real).prefix(real.count / 2)))
    check(half, .unreadable, at: "", saying: "no end of central directory", file: halfPath)
  }

  func testAManifestNamingAMissingAnimationSaysWhichThereAre() throws {
    let bytes = TestZip.dotLottie(ids: ["ghost"], [TestZip.entry("animations/real.json", Self.small)])
    let (error, path) = try archiveError(bytes)
    check(error, .invalid, at: "", saying: "no animation 'ghost' in the archive (animations: ghost)", file: path)
    let (asked, askedPath) = try archiveError(TestZip.dotLottie(ids: ["one"], [TestZip.entry("animations/one.json", Self.small)]), animation: "two")
    check(asked, .invalid, at: "", saying: "no animation 'two'", file: askedPath)
    // An animation entry that is not Lottie is an error naming the entry.
    let (bad, badPath) = try archiveError(TestZip.dotLottie(ids: ["one"], [TestZip.entry("animations/one.json", #"{"fr": 10}"#, deflated: false)]))
    XCTAssertEqual(bad?.file, badPath + "#animations/one.json")
    XCTAssertTrue(bad?.message.contains("missing required key") ?? false, "\(String(describing: bad))")
  }

  func testMoreEntriesThanTheLimitIsAnError() throws {
    var limits = LottieLimits()
    limits.maxArchiveEntries = 2
    let bytes = TestZip.dotLottie(ids: ["one"], [TestZip.entry("animations/one.json", Self.small), TestZip.entry("a.txt", "x")])
    let path = try archiveFile(bytes)
    XCTAssertThrowsError(try LottieAnimation.load(path: path, limits: limits)) { error in
      self.check(error as? LottieError, .unreadable, at: "", saying: "more than 2 entries", file: path)
    }
    XCTAssertNoThrow(try LottieAnimation.load(path: path))
  }

  /// A file of the fixtures folder.
  static func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
  }
}
