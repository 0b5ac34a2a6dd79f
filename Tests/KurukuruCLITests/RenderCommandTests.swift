import Foundation
import KurukuruCore
import KurukuruCodecs
import XCTest

final class RenderCommandTests: XCTestCase {
  func testPNGSequenceIsStraightRGBAWithUIKitNames() throws {
    let dir = try CLITest.temporaryDirectory()
    let out = dir.appendingPathComponent("frames")
    let r = try CLITest.run(["render", CLITest.preset("timing-curve-dot"), "--format", "png", "--scale", "2", "--output", out.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    XCTAssertEqual(names.count, 57)
    XCTAssertTrue(names.contains("timing-curve-dot0@2x.png"))
    XCTAssertTrue(names.contains("timing-curve-dot56@2x.png"))
    let frame = try PNG.decode([UInt8](Data(contentsOf: out.appendingPathComponent("timing-curve-dot0@2x.png"))))
    XCTAssertEqual(frame.width, 500)
    XCTAssertEqual(frame.height, 500)
    // t = 0: the dot (diameter 20 → 40 px) sits 50 pt below the centre, SwiftUI blue, opaque.
    XCTAssertEqual(frame[250, 350], RGBA8(r: 0, g: 0x7A, b: 0xFF, a: 255))
    XCTAssertEqual(frame[250, 150].a, 0, "transparent elsewhere")
    // Edge pixels are straight alpha: colour stays blue however transparent.
    var edges = 0
    for x in 220..<280 {
      let p = frame[x, 331]
      if p.a > 0 && p.a < 255 {
        edges += 1
        XCTAssertEqual(Int(p.b), 255, "straight alpha keeps the colour at the edge")
      }
    }
    XCTAssertGreaterThan(edges, 0)
    // A second, shorter render into the same folder removes the stale frames.
    let again = try CLITest.run([
      "render", CLITest.preset("timing-curve-dot"), "--format", "png", "--scale", "2", "--fps", "10", "--output", out.path,
    ])
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).count, 19)
  }

  func testGIFLoopsForeverWithDelaysThatAddUp() throws {
    let dir = try CLITest.temporaryDirectory()
    let gif = dir.appendingPathComponent("dot.gif").path
    let r = try CLITest.run(["render", CLITest.preset("timing-curve-dot"), "--output", gif])
    XCTAssertEqual(r.status, 0, r.stderr)
    let info = try GIFDecoder.info([UInt8](Data(contentsOf: URL(fileURLWithPath: gif))))
    XCTAssertEqual(info.width, 250)
    XCTAssertEqual(info.loopCount, 0)
    XCTAssertEqual(info.delays.reduce(0, +), 190, "1.9 s exactly")
    XCTAssertTrue(info.delays.allSatisfy { $0 >= 2 })
    let json = try CLITest.run(["info", gif, "--json"])
    XCTAssertEqual(json.status, 0)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    XCTAssertEqual(object?["loop"] as? Int, 0)
    XCTAssertEqual(object?["frames"] as? Int, info.frames)
    XCTAssertEqual((object?["delays"] as? [Int])?.reduce(0, +), 190)
  }

  func testFPSAbove50IsLoweredForGIFWithAWarning() throws {
    let dir = try CLITest.temporaryDirectory()
    let gif = dir.appendingPathComponent("fast.gif").path
    let r = try CLITest.run(["render", CLITest.preset("activity-indicator"), "--fps", "60", "--output", gif])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stderr.contains("--fps 60 lowered to 50"), r.stderr)
    let info = try GIFDecoder.info([UInt8](Data(contentsOf: URL(fileURLWithPath: gif))))
    XCTAssertTrue(info.delays.allSatisfy { $0 >= 2 })
    XCTAssertEqual(info.delays.reduce(0, +), 150)
  }

  func testOutputIsIdenticalForAnyNumberOfJobs() throws {
    let dir = try CLITest.temporaryDirectory()
    for jobs in ["1", "2"] {
      let r = try CLITest.run([
        "render", CLITest.preset("activity-indicator"), "--set", "color=pink", "--output", dir.appendingPathComponent("a\(jobs).gif").path,
        "--jobs", jobs,
      ])
      XCTAssertEqual(r.status, 0, r.stderr)
      let p = try CLITest.run([
        "render", CLITest.preset("loading-circle"), "--format", "png", "--output", dir.appendingPathComponent("p\(jobs)").path, "--jobs", jobs,
      ])
      XCTAssertEqual(p.status, 0, p.stderr)
    }
    XCTAssertEqual(
      try Data(contentsOf: dir.appendingPathComponent("a1.gif")), try Data(contentsOf: dir.appendingPathComponent("a2.gif")))
    for i in [0, 17, 59] {
      XCTAssertEqual(
        try Data(contentsOf: dir.appendingPathComponent("p1/loading-circle\(i).png")),
        try Data(contentsOf: dir.appendingPathComponent("p2/loading-circle\(i).png")))
    }
  }

  func testFrameCommandAndInfo() throws {
    let dir = try CLITest.temporaryDirectory()
    let png = dir.appendingPathComponent("f.png").path
    let r = try CLITest.run(["frame", CLITest.preset("loading-circle"), "--time", "0.4", "--scale", "4", "--output", png])
    XCTAssertEqual(r.status, 0, r.stderr)
    let frame = try PNG.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: png))))
    XCTAssertEqual(frame.width, 192)
    let info = try CLITest.run(["info", CLITest.preset("timing-curve-dot"), "--json"])
    XCTAssertEqual(info.status, 0, info.stderr)
    let object = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
    XCTAssertEqual(object?["name"] as? String, "timing-curve-dot")
    XCTAssertEqual(object?["width"] as? Int, 250)
    XCTAssertEqual(object?["height"] as? Int, 250)
    XCTAssertEqual(object?["fps"] as? Int, 30)
    XCTAssertEqual(object?["duration"] as? Double, 1.9)
    XCTAssertEqual(object?["frames"] as? Int, 57)
    let list = try CLITest.run(["presets", "--dir", CLITest.root.appendingPathComponent("Presets").path])
    XCTAssertEqual(list.status, 0, list.stderr)
    for name in ["loading-circle", "activity-indicator", "circle-progress", "timing-curve-dot", "four-color-ring"] {
      XCTAssertTrue(list.stdout.contains(name), name)
    }
  }
}
