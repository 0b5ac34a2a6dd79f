import Foundation
import KurukuruCodecs
import XCTest

/// `kurukuru render --format android|xcassets|css` end to end: default folders, the lines
/// printed, and failures that leave nothing behind.
final class BundleCommandTests: XCTestCase {
  func entries(_ dir: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
  }

  func testAndroidBundleGoesToNAMEAndroidWithResourceNames() throws {
    let dir = try CLITest.temporaryDirectory()
    let r = try CLITest.run(["render", CLITest.preset("activity-indicator"), "--format", "android", "--fps", "10"], in: dir)
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(
      r.stdout,
      """
      activity-indicator-android/: 15 frames res/drawable/activity_indicator.xml … res/drawable-xxxhdpi/activity_indicator_14.png
      android: resource name activity_indicator (R.drawable.activity_indicator) for 'activity-indicator'

      """)
    let res = dir.appendingPathComponent("activity-indicator-android/res")
    XCTAssertEqual(
      try entries(res),
      ["drawable", "drawable-hdpi", "drawable-mdpi", "drawable-xhdpi", "drawable-xxhdpi", "drawable-xxxhdpi"])
    let xml = try String(contentsOf: res.appendingPathComponent("drawable/activity_indicator.xml"), encoding: .utf8)
    XCTAssertTrue(xml.contains(#"<animation-list xmlns:android="http://schemas.android.com/apk/res/android""#), xml)
    XCTAssertEqual(xml.components(separatedBy: "<item ").count - 1, 15)
    let xxhdpi = try PNG.decode([UInt8](Data(contentsOf: res.appendingPathComponent("drawable-xxhdpi/activity_indicator_14.png"))))
    XCTAssertEqual([xxhdpi.width, xxhdpi.height], [600, 600])
  }

  func testXCAssetsGoesToTheWorkingDirectoryAndPrintsTheSwiftThatPlaysIt() throws {
    let dir = try CLITest.temporaryDirectory()
    let r = try CLITest.run(["render", CLITest.preset("loading-circle"), "--format", "xcassets", "--fps", "10"], in: dir)
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(
      r.stdout,
      """
      loading-circle.xcassets/: 12 frames Contents.json … loading-circle11.imageset/loading-circle11@3x.png
      UIImage.animatedImageNamed("loading-circle", duration: 1.2)

      """)
    XCTAssertEqual(try entries(dir), ["loading-circle.xcassets"])
    let set = dir.appendingPathComponent("loading-circle.xcassets/loading-circle11.imageset")
    XCTAssertEqual(try entries(set), ["Contents.json", "loading-circle11.png", "loading-circle11@2x.png", "loading-circle11@3x.png"])
  }

  func testCSSBundleAndTheScaleNote() throws {
    let dir = try CLITest.temporaryDirectory()
    let out = dir.appendingPathComponent("site/spinner")
    let r = try CLITest.run(["render", CLITest.preset("ball-pulse"), "--format", "css", "--scale", "3", "--output", out.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(
      r.stdout,
      """
      \(out.path)/: 30 frames ball-pulse.css … ball-pulse@2x.png
      css: scale 3 ignored; the bundle holds 1, 2 px per point

      """)
    XCTAssertEqual(try entries(out), ["ball-pulse.css", "ball-pulse.html", "ball-pulse.png", "ball-pulse@2x.png"])
    let css = try String(contentsOf: out.appendingPathComponent("ball-pulse.css"), encoding: .utf8)
    XCTAssertTrue(css.contains("animation: ball-pulse-play 0.75s steps(30) infinite;"), css)
    XCTAssertTrue(css.contains("background-size: 2160px 72px;"), css)
  }

  func testSeveralPresetsGoIntoTheOutputFolder() throws {
    let dir = try CLITest.temporaryDirectory()
    let r = try CLITest.run([
      "render", CLITest.preset("ball-pulse"), CLITest.preset("loading-circle"), "--format", "xcassets", "--fps", "10",
      "--output", dir.path,
    ])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(try entries(dir), ["ball-pulse.xcassets", "loading-circle.xcassets"])
    XCTAssertTrue(r.stdout.contains(#"UIImage.animatedImageNamed("ball-pulse", duration: 0.75)"#), r.stdout)
  }

  func testAFailedBundleLeavesNoFolder() throws {
    let dir = try CLITest.temporaryDirectory()
    // 2000 pt square, a 2 s loop (autoreversed) at 30 fps: 60 frames cannot fit a 16384-px 2x
    // sprite sheet.
    let big = try CLITest.write(
      """
      {"name": "big", "width": 2000, "height": 2000, "fps": 30, "view": {"Circle": {}, "modifiers": [
        {"frame": 100}, {"opacity": {"from": 0, "to": 1, "animation": "linear(duration: 1).repeatForever()"}}]}}
      """, named: "big.json", in: dir)
    let css = try CLITest.run(["render", big, "--format", "css"], in: dir)
    XCTAssertEqual(css.status, 2)
    XCTAssertEqual(
      css.stderr,
      "\(big): css: 60 frames of 2000×2000 px do not fit a 2x sprite sheet of 16384 px a side (at most 16 frames); lower the frame rate\n")
    XCTAssertEqual(css.stdout, "")
    // 2000 pt is 8000 px at xxxhdpi, within the canvas limit; 2100 pt is not.
    let wide = try CLITest.write(
      """
      {"name": "wide", "width": 2100, "height": 10, "view": {"Circle": {}}}
      """, named: "wide.json", in: dir)
    let android = try CLITest.run(["render", wide, "--format", "android"], in: dir)
    XCTAssertEqual(android.status, 2)
    XCTAssertEqual(android.stderr.split(separator: "\n").count, 1, android.stderr)
    XCTAssertEqual(try entries(dir), ["big.json", "wide.json"], "no bundle and no staging folder")
  }

  func testANameThatCannotNameFilesIsRefusedBeforeAnyBundle() throws {
    let dir = try CLITest.temporaryDirectory()
    let preset = try CLITest.write(
      #"{"name": "くるくる", "width": 10, "height": 10, "view": {"Circle": {}}}"#, named: "kuru.json", in: dir)
    let r = try CLITest.run(["render", preset, "--format", "android", "--output", dir.appendingPathComponent("out").path])
    XCTAssertEqual(r.status, 2)
    XCTAssertEqual(
      r.stderr,
      """
      \(preset):1:10: name cannot name output files ('U+304F' is not allowed); use 1 to 64 ASCII letters, digits, '-', '_' or '.', starting with a letter or digit (at name)

      """)
    XCTAssertEqual(try entries(dir), ["kuru.json"])
  }

  func testHelpDescribesTheBundles() throws {
    let r = try CLITest.run(["render", "--help"])
    XCTAssertEqual(r.status, 0)
    XCTAssertTrue(r.stdout.contains("--format gif|png|"), r.stdout)
    XCTAssertTrue(r.stdout.contains("android|xcassets|css"), r.stdout)
    XCTAssertTrue(r.stdout.contains("activity-indicator → activity_indicator"), r.stdout)
    XCTAssertTrue(r.stdout.contains("UIImage.animatedImageNamed(\"NAME\", duration: PERIOD)"), r.stdout)
  }
}
