#if canImport(Testing)
  import Kurukuru
  import KurukuruSnapshot
  import Testing

  // MARK: - The assertions under Swift Testing

  /// The same assertions from Swift Testing: failures become issues (`Issue.record`).
  @Suite struct SnapshotSwiftTestingTests {
    /// Matches `__Snapshots__/SnapshotSwiftTestingTests/timingCurveDot.1.png`.
    @Test func timingCurveDot() throws {
      let results = try assertFrames(of: "Presets/timing-curve-dot.json", at: [0.5], scale: 1)
      #expect(results.count == 1)
      #expect(results.allSatisfy { !$0.failed })
    }

    /// A missing reference in `never` mode is recorded as an issue, not an XCTest failure.
    @Test func missingReferenceIsAnIssue() throws {
      var result: SnapshotResult?
      withKnownIssue {
        result = try assertSnapshot(of: Frame(width: 2, height: 2), named: "never-recorded", record: .never)
      }
      #expect(result?.outcome == .missing)
    }
  }
#endif
