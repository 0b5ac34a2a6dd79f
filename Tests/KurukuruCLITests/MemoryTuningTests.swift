import Foundation
import XCTest

@testable import KurukuruCLI
import KurukuruRender

#if canImport(Glibc)
  import Glibc
#endif

/// What `MemoryTuning.apply()` changes in glibc's allocator. Each measurement runs in a process
/// of its own (the test binary runs the one test again), where the heap holds nothing of the
/// other tests' work: it first puts glibc back to its defaults and checks that the measurement
/// sees their effect, then applies the tuning.
final class MemoryTuningTests: XCTestCase {
  #if canImport(Glibc)
    // MARK: - glibc

    /// Blocks under 32 MiB come from the heap, where glibc's default maps every block of 128 KiB
    /// or more on its own; larger ones are still mapped.
    func testBlocksUnder32MiBComeFromTheHeap() throws {
      guard try runsInItsOwnProcess() else { return }
      let glibc = try XCTUnwrap(Allocator())
      glibc.setDefaults()
      XCTAssertTrue(try glibc.maps(20 << 20), "glibc's default maps a 20 MiB block")
      XCTAssertTrue(MemoryTuning.apply())
      XCTAssertFalse(try glibc.maps(20 << 20), "a 20 MiB block comes from the heap")
      let threshold = Int(MemoryTuning.mmapThreshold)
      XCTAssertFalse(try glibc.maps(threshold - (1 << 20)), "a block 1 MiB under the threshold comes from the heap")
      XCTAssertTrue(try glibc.maps(threshold + (1 << 20)), "a block 1 MiB over the threshold is mapped")
    }

    /// A heap keeps 16 MiB spare: a 4 MiB canvas (1024×1024 RGBA) freed and allocated again is
    /// not faulted in again, where glibc's default pad of 128 KiB returns it to the kernel on
    /// every free.
    func testFreedCanvasesStayFaultedIn() throws {
      guard try runsInItsOwnProcess() else { return }
      let glibc = try XCTUnwrap(Allocator())
      // Blocks on the heap in both runs, so that only the pad differs.
      glibc.setDefaults(mmapThreshold: MemoryTuning.mmapThreshold)
      let size = 4 << 20, rounds = 8
      let untuned = glibc.pageFaults(allocating: size, rounds: rounds)
      XCTAssertGreaterThanOrEqual(untuned, rounds, "with a 128 KiB pad every round faults the canvas in again")
      XCTAssertTrue(MemoryTuning.apply())
      let tuned = glibc.pageFaults(allocating: size, rounds: rounds)
      XCTAssertLessThan(tuned, rounds, "tuned, the freed canvas stays faulted in (\(untuned) faults untuned)")
    }

    // MARK: - Helpers

    /// The environment variable naming the test a process runs on its own.
    private static let ownProcess = "KURUKURU_MEMORY_TUNING_TEST"

    /// True in the process of its own. In any other, runs this test again in a new process of
    /// the test binary, asserts that it passed, and returns false.
    private func runsInItsOwnProcess(_ function: String = #function) throws -> Bool {
      let name = "MemoryTuningTests/" + function.replacingOccurrences(of: "()", with: "")
      if ProcessInfo.processInfo.environment[Self.ownProcess] == name { return true }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      process.arguments = ["KurukuruCLITests." + name]
      process.environment = ProcessInfo.processInfo.environment.merging([Self.ownProcess: name]) { $1 }
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      if process.terminationStatus != 0 || !text.contains("Executed 1 test, with 0 failures") {
        // The failures of the test there, or how its process ended.
        let lines = text.split(separator: "\n")
        let errors = lines.filter { $0.contains(": error: ") }
        XCTFail("in its own process (status \(process.terminationStatus)):\n"
                + (errors.isEmpty ? lines.suffix(20) : errors[...]).joined(separator: "\n"))
      }
      return false
    }

    /// glibc's allocator through the functions `<malloc.h>` declares (the Glibc module does not
    /// export them), looked up at run time. `malloc` and `free` are called through pointers too,
    /// so that no optimiser removes an allocation nobody reads.
    private struct Allocator {
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
      typealias Malloc = @convention(c) (Int) -> UnsafeMutableRawPointer?
      typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void

      /// `mallopt` parameter numbers.
      static let trimThreshold: Int32 = -1, topPad: Int32 = -2, mmapThreshold: Int32 = -3

      let mallopt: Mallopt
      let mallocInfo: MallocInfo
      let malloc: Malloc
      let free: Free

      init?() {
        let all = UnsafeMutableRawPointer(bitPattern: 0)
        guard let mallopt = dlsym(all, "mallopt"), let info = dlsym(all, "malloc_info"),
          let malloc = dlsym(all, "malloc"), let free = dlsym(all, "free")
        else { return nil }
        self.mallopt = unsafeBitCast(mallopt, to: Mallopt.self)
        self.mallocInfo = unsafeBitCast(info, to: MallocInfo.self)
        self.malloc = unsafeBitCast(malloc, to: Malloc.self)
        self.free = unsafeBitCast(free, to: Free.self)
      }

      /// glibc's defaults, 128 KiB each (the dynamic mmap threshold stays off, as after any
      /// `mallopt`), with the mmap threshold `mmapThreshold` bytes.
      func setDefaults(mmapThreshold threshold: Int32 = 128 << 10) {
        _ = mallopt(Self.trimThreshold, 128 << 10)
        _ = mallopt(Self.topPad, 128 << 10)
        _ = mallopt(Self.mmapThreshold, threshold)
      }

      /// Whether a block of `bytes` is mapped on its own (the count of mapped blocks grows while
      /// it is allocated).
      func maps(_ bytes: Int) throws -> Bool {
        let before = try mappedBlocks()
        let block = try XCTUnwrap(malloc(bytes))
        defer { free(block) }
        return try mappedBlocks() > before
      }

      /// The minor page faults of this thread over `rounds` rounds of allocating `bytes`, writing
      /// every byte and freeing them, after one round that is not counted.
      func pageFaults(allocating bytes: Int, rounds: Int) -> Int {
        func round() {
          let block = malloc(bytes)
          if let block { memset(block, 1, bytes) }
          free(block)
        }
        round()
        let start = Self.minorFaults()
        for _ in 0..<rounds { round() }
        return Self.minorFaults() - start
      }

      /// The number of blocks glibc has mapped on their own, from `malloc_info`'s
      /// `<total type="mmap" count="N" …/>`.
      private func mappedBlocks() throws -> Int {
        var buffer: UnsafeMutablePointer<CChar>? = nil
        var size = 0
        let stream = try XCTUnwrap(open_memstream(&buffer, &size))
        XCTAssertEqual(mallocInfo(0, stream), 0)
        fclose(stream)
        defer { Glibc.free(buffer) }
        let text = String(cString: try XCTUnwrap(buffer))
        let marker = "<total type=\"mmap\" count=\""
        let start = try XCTUnwrap(text.range(of: marker), text).upperBound
        return try XCTUnwrap(Int(text[start...].prefix { $0.isNumber }), text)
      }

      /// Minor page faults of the calling thread so far (`RUSAGE_THREAD`, 1).
      private static func minorFaults() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(1), &usage)
        return usage.ru_minflt
      }
    }
  #else
    /// Elsewhere than glibc nothing is changed, and `apply()` says so.
    func testNothingChangesElsewhere() {
      XCTAssertFalse(MemoryTuning.apply())
    }
  #endif
}
