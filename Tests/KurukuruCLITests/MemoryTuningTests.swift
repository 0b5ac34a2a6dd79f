import XCTest

@testable import KurukuruCLI

final class MemoryTuningTests: XCTestCase {
  /// glibc takes both settings; elsewhere nothing is changed and apply() says so.
  func testGlibcAcceptsTheSettings() {
    #if os(Linux)
    XCTAssertTrue(MemoryTuning.apply())
    #else
    XCTAssertFalse(MemoryTuning.apply())
    #endif
  }
}
