import Foundation
import KurukuruCore
import KurukuruRender
import KurukuruSwiftUI
import XCTest

// MARK: - SwiftUI's rules, as the harness records them

/// Small views written for these tests; each expectation is SwiftUI's documented behaviour
/// (Presets/README.md, "SwiftUI source"), checked on the preset the harness prints and, where it
/// decides timing, on the scene the preset loader makes of it.
final class SwiftUISemanticsTests: XCTestCase {
  override func setUpWithError() throws { try SwiftUITest.requireCompiler() }

  /// `repeatForever()` autoreverses unless told not to: a 1 s pass makes a 2 s cycle.
  func testRepeatForeverAutoreversesByDefault() throws {
    let source = """
      import SwiftUI
      struct Pulse: View {
        @State var on = false
        var body: some View {
          Circle().frame(width: 20, height: 20).opacity(on ? 1 : 0.2)
            .animation(.linear(duration: 1).repeatForever(), value: on)
            .onAppear { on = true }
        }
      }
      """
    let preset = try SwiftUITest.preset(source)
    let opacity = try XCTUnwrap(SwiftUITest.modifier("opacity", in: preset) as? [String: Any])
    XCTAssertEqual(opacity["from"] as? Double, 0.2)
    XCTAssertEqual(opacity["to"] as? Double, 1)
    XCTAssertEqual(opacity["animation"] as? String, "linear(duration: 1).repeatForever(autoreverses: true)")
    let path = try SwiftUITest.write(source)
    let scene = try SwiftUISource.preset(path: path, options: SwiftUITest.options).scene()
    XCTAssertEqual(scene.timeline.period, 2, accuracy: 1e-9)
  }

  /// Writes in one `onAppear` apply in order: the last write is what shows, and a write without
  /// an animation after an animated one is a jump.
  func testWritesInOnAppearApplyInOrder() throws {
    let preset = try SwiftUITest.preset("""
      import SwiftUI
      struct Turn: View {
        @State var angle = 0.0
        @State var size: CGFloat = 10
        var body: some View {
          Rectangle().frame(width: size, height: size).rotationEffect(.degrees(angle))
            .onAppear {
              withAnimation(.linear(duration: 1)) { angle = 30 }
              angle = 90
              size = 20
              size = 40
            }
        }
      }
      """)
    XCTAssertEqual(SwiftUITest.modifier("rotationEffect", in: preset) as? Double, 90)
    let frame = try XCTUnwrap(SwiftUITest.modifier("frame", in: preset) as? [String: Any])
    XCTAssertEqual(frame["width"] as? Double, 40)
    XCTAssertEqual(preset["width"] as? Double, 40)
  }

  /// The reset-then-animate idiom animates from the reset value, not from the initial one.
  func testWithAnimationAnimatesFromTheResetValue() throws {
    let preset = try SwiftUITest.preset("""
      import SwiftUI
      struct Fade: View {
        @State private var opacity = 0.0
        var body: some View {
          Circle().frame(width: 30, height: 30).opacity(opacity)
            .onAppear {
              opacity = 1
              withAnimation(.easeIn(duration: 0.5).repeatForever(autoreverses: false)) { opacity = 0.3 }
            }
        }
      }
      """)
    let opacity = try XCTUnwrap(SwiftUITest.modifier("opacity", in: preset) as? [String: Any])
    XCTAssertEqual(opacity["from"] as? Double, 1)
    XCTAssertEqual(opacity["to"] as? Double, 0.3)
    XCTAssertEqual(opacity["animation"] as? String, "easeIn(duration: 0.5).repeatForever(autoreverses: false)")
  }

  /// `.animation(_:value:)` animates only when its value changed; the innermost one that fires
  /// wins over the `withAnimation` transaction.
  func testAnimationValueScopes() throws {
    let preset = try SwiftUITest.preset("""
      import SwiftUI
      struct Scoped: View {
        @State var on = false
        let fixed = 1
        var body: some View {
          Circle().frame(width: 10, height: 10)
            .offset(x: on ? 20 : 0)
            .animation(.easeOut(duration: 2), value: fixed)
            .scaleEffect(on ? 2 : 1)
            .animation(.linear(duration: 3), value: on)
            .opacity(on ? 0.5 : 1)
            .onAppear { withAnimation(.easeIn(duration: 1)) { on = true } }
        }
      }
      """)
    let offset = try XCTUnwrap(SwiftUITest.modifier("offset", in: preset) as? [String: Any])
    XCTAssertEqual((offset["x"] as? [String: Any])?["animation"] as? String, "linear(duration: 3)")
    let scale = try XCTUnwrap(SwiftUITest.modifier("scaleEffect", in: preset) as? [String: Any])
    XCTAssertEqual(scale["animation"] as? String, "linear(duration: 3)")
    let opacity = try XCTUnwrap(SwiftUITest.modifier("opacity", in: preset) as? [String: Any])
    XCTAssertEqual(opacity["animation"] as? String, "easeIn(duration: 1)")
  }

  /// Work scheduled with `asyncAfter` runs on the virtual clock; a later animated write is
  /// delayed by its distance from the first write.
  func testAsyncAfterDelaysLaterWrites() throws {
    let preset = try SwiftUITest.preset("""
      import SwiftUI
      struct Later: View {
        @State var a = false
        @State var b = false
        var body: some View {
          Circle().frame(width: 10, height: 10).opacity(a ? 0.5 : 1).scaleEffect(b ? 2 : 1)
            .onAppear {
              DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { withAnimation(.linear(duration: 1)) { a = true } }
              DispatchQueue.main.asyncAfter(deadline: .now() + 0.7) { withAnimation(.linear(duration: 1)) { b = true } }
            }
        }
      }
      """)
    let opacity = try XCTUnwrap(SwiftUITest.modifier("opacity", in: preset) as? [String: Any])
    XCTAssertEqual(opacity["animation"] as? String, "linear(duration: 1)")
    let scale = try XCTUnwrap(SwiftUITest.modifier("scaleEffect", in: preset) as? [String: Any])
    XCTAssertEqual(scale["animation"] as? String, "linear(duration: 1).delay(0.5)")
  }

  /// The view's own output does not mix into the preset.
  func testPrintInTheViewDoesNotDisturbThePreset() throws {
    let preset = try SwiftUITest.preset("""
      import SwiftUI
      struct Chatty: View {
        @State var on = false
        var body: some View {
          print("body", on)
          return Circle().frame(width: 16, height: 16).opacity(on ? 1 : 0.5)
            .onAppear { print("{ not json"); on = true }
        }
      }
      """)
    XCTAssertEqual(preset["width"] as? Double, 16)
    XCTAssertEqual(SwiftUITest.modifier("opacity", in: preset) as? Double, 1)
  }

  /// Fixtures/CoveredAPI.swift uses most of the stand-in; its preset loads, renders ink, and
  /// carries what the source says.
  func testCoveredAPIBecomesAPresetThatRenders() throws {
    let path = SwiftUITest.fixtures.appendingPathComponent("CoveredAPI.swift").path
    let text = try SwiftUISource.presetText(path: path, options: SwiftUITest.options)
    let preset = try Preset(text: text, file: path)
    let frame = try Renderer(preset, jobs: 1).frame(at: 0.2)
    XCTAssertTrue(stride(from: 3, to: frame.pixels.count, by: 4).contains { frame.pixels[$0] > 0 })
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    XCTAssertEqual(json["width"] as? Double, 60)
    XCTAssertEqual(json["height"] as? Double, 70)
    let views = Self.views(json["view"])
    // The second capsule: height 8 → 20, its ForEach delay after the repeat.
    let capsules = views.filter { $0["Capsule"] != nil }
    XCTAssertEqual(capsules.count, 3)
    let height = (Self.modifier("frame", capsules[1]) as? [String: Any])?["height"] as? [String: Any]
    XCTAssertEqual(height?["from"] as? Double, 8)
    XCTAssertEqual(height?["to"] as? Double, 20)
    XCTAssertEqual(height?["animation"] as? String, "easeInOut(duration: 0.4).repeatForever(autoreverses: true).delay(0.1)")
    XCTAssertEqual((Self.modifier("fill", capsules[1]) as? String), "rgba(51, 153, 229.5, 1)")
    // The ring: trim 0.1 → 0.8 under the ZStack's spring; its stroke keeps the gradient and caps.
    let circle = try XCTUnwrap(views.first { $0["Circle"] != nil })
    let trimTo = (Self.modifier("trim", circle) as? [String: Any])?["to"] as? [String: Any]
    XCTAssertEqual(trimTo?["from"] as? Double, 0.1)
    XCTAssertEqual(trimTo?["to"] as? Double, 0.8)
    XCTAssertEqual(trimTo?["animation"] as? String, "spring(response: 0.5, dampingFraction: 0.6).repeatCount(3, autoreverses: true)")
    XCTAssertEqual((Self.modifier("stroke", circle) as? [String: Any])?["lineCap"] as? String, "round")
    // The custom Shape's straight path, as unit points of its 12 × 10 frame.
    let polygon = try XCTUnwrap(views.first { $0["Polygon"] != nil }?["Polygon"] as? [String: Any])
    XCTAssertEqual(polygon["points"] as? [[Double]], [[0.5, 0], [1, 1], [0, 1]])
  }

  /// Every view object under `node`, depth first.
  static func views(_ node: Any?) -> [[String: Any]] {
    guard let object = node as? [String: Any] else { return [] }
    let content = object.values.compactMap { ($0 as? [String: Any])?["content"] as? [Any] }.first ?? []
    return [object] + content.flatMap { views($0) }
  }

  static func modifier(_ name: String, _ view: [String: Any]) -> Any? {
    (view["modifiers"] as? [[String: Any]])?.first { $0[name] != nil }?[name]
  }

  // MARK: - Choosing the root, and errors

  /// A `private` root view (common in app code) is in reach of the harness.
  func testPrivateRootView() throws {
    let preset = try SwiftUITest.preset("""
      import SwiftUI
      private let side: CGFloat = 14
      private struct Hidden: View {
        var body: some View { Circle().frame(width: side, height: side) }
      }
      """)
    XCTAssertEqual(preset["width"] as? Double, 14)
  }

  func testSeveralViewsNeedViewAndTheErrorListsThem() throws {
    let source = """
      import SwiftUI
      struct A: View { var body: some View { Circle().frame(width: 10, height: 10) } }
      struct B: View { var body: some View { Rectangle().frame(width: 12, height: 8) } }
      """
    XCTAssertThrowsError(try SwiftUITest.preset(source)) { error in
      XCTAssertEqual((error as? SwiftUISourceError)?.kind, .noView)
      XCTAssertTrue("\(error)".hasSuffix("declares several views; choose one with --view NAME (it declares A, B)"), "\(error)")
    }
    let b = try SwiftUITest.preset(source, view: "B")
    XCTAssertEqual(b["width"] as? Double, 12)
    XCTAssertEqual(b["height"] as? Double, 8)
  }

  func testUnsupportedAPIIsTheCompilersErrorPlusOneLine() throws {
    let path = try SwiftUITest.write("""
      import SwiftUI
      struct Icon: View { var body: some View { Image(systemName: "star").frame(width: 10, height: 10) } }
      """)
    XCTAssertThrowsError(try SwiftUISource.presetText(path: path, options: SwiftUITest.options)) { error in
      let e = error as? SwiftUISourceError
      XCTAssertEqual(e?.kind, .compileFailed)
      let lines = "\(error)".split(separator: "\n")
      XCTAssertTrue(lines.contains { $0.hasPrefix(path + ":2:") && $0.contains("error:") }, "\(error)")
      XCTAssertEqual(
        lines.last.map(String.init),
        "\(path): the file uses SwiftUI API that Kurukuru's stand-in does not support yet: 'Image' (Presets/README.md, \"SwiftUI source\", lists what is covered)")
    }
  }

  func testUnsupportedArgumentLabelIsNamed() throws {
    let path = try SwiftUITest.write("""
      import SwiftUI
      struct Flex: View { var body: some View { Circle().frame(maxWidth: .infinity) } }
      """)
    XCTAssertThrowsError(try SwiftUISource.presetText(path: path, options: SwiftUITest.options)) { error in
      XCTAssertTrue("\(error)".hasSuffix("does not support yet: 'maxWidth:' (Presets/README.md, \"SwiftUI source\", lists what is covered)"), "\(error)")
    }
  }

  func testEndlessLoopStopsAtTheTimeLimit() throws {
    let path = try SwiftUITest.write("""
      import SwiftUI
      struct Spin: View {
        @State var n = 0
        var body: some View {
          Circle().frame(width: 10, height: 10).onAppear { while true { n += 1 } }
        }
      }
      """)
    var options = SwiftUITest.options
    options.timeLimit = 2
    XCTAssertThrowsError(try SwiftUISource.presetText(path: path, options: options)) { error in
      XCTAssertEqual((error as? SwiftUISourceError)?.kind, .timeLimit, "\(error)")
    }
  }

  func testHugeAllocationEndsAtTheMemoryLimit() throws {
    let path = try SwiftUITest.write("""
      import SwiftUI
      struct Greedy: View {
        @State var n = 0
        var body: some View {
          Circle().frame(width: 10, height: 10).onAppear {
            var blocks: [[UInt8]] = []
            for _ in 0..<64 { blocks.append([UInt8](repeating: 1, count: 1 << 28)) }
            n = blocks.count
          }
        }
      }
      """)
    var options = SwiftUITest.options
    options.memoryLimit = 512
    XCTAssertThrowsError(try SwiftUISource.presetText(path: path, options: options)) { error in
      XCTAssertEqual((error as? SwiftUISourceError)?.kind, .crashed, "\(error)")
      XCTAssertTrue("\(error)".contains("512 MiB memory limit"), "\(error)")
    }
  }

  func testMissingCompilerIsOneLine() throws {
    let path = try SwiftUITest.write("struct A {}")
    var options = SwiftUITest.options
    options.compiler = "/nonexistent/swiftc"
    XCTAssertThrowsError(try SwiftUISource.presetText(path: path, options: options)) { error in
      XCTAssertEqual((error as? SwiftUISourceError)?.kind, .noCompiler)
      XCTAssertFalse("\(error)".contains("\n"))
    }
  }
}

// MARK: - Shapes: stroked paths, smaller arcs, loops with no period

extension SwiftUISemanticsTests {
  /// The alpha at point (x, y) of the preset's frame at time 0.
  static func alpha(_ preset: Preset, _ x: Int, _ y: Int) throws -> UInt8 {
    let frame = try Renderer(preset, jobs: 1).frame(at: 0)
    return frame.pixels[(y * frame.width + x) * 4 + 3]
  }

  /// `strokedPath(_:)` is the outline of the stroke: filling it (a path drawn as a view fills in
  /// the foreground style) draws a ring, not a disc.
  func testStrokedPathFillsAsTheStroke() throws {
    let path = try SwiftUITest.write("""
      import SwiftUI
      struct Ring: View {
        var body: some View {
          Path { p in
            p.addArc(center: CGPoint(x: 20, y: 20), radius: 20, startAngle: .zero, endAngle: .degrees(360), clockwise: false)
          }
          .strokedPath(StrokeStyle(lineWidth: 4))
          .frame(width: 40, height: 40)
          .padding(4)
        }
      }
      """)
    let text = try SwiftUISource.presetText(path: path, options: SwiftUITest.options)
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let arc = try XCTUnwrap(Self.views(json["view"]).first { $0["Arc"] != nil })
    XCTAssertEqual((Self.modifier("stroke", arc) as? [String: Any])?["lineWidth"] as? Double, 4)
    let preset = try Preset(text: text, file: path)
    XCTAssertGreaterThan(try Self.alpha(preset, 24, 4), 0, "on the ring")
    XCTAssertEqual(try Self.alpha(preset, 24, 24), 0, "the centre stays empty")
  }

  /// An `addArc` about the frame's centre with a radius under min(w, h)/2 draws at that radius
  /// (the preset's `Arc` in a centred square of side 2r), and `stroke` still applies to it;
  /// `clockwise: true` from 0° to 180° is the upper half on screen.
  func testSmallerCentredArcKeepsItsRadius() throws {
    let path = try SwiftUITest.write("""
      import SwiftUI
      struct Half: View {
        var body: some View {
          Path { p in
            p.addArc(center: CGPoint(x: 20, y: 20), radius: 10, startAngle: .zero, endAngle: .degrees(180), clockwise: true)
          }
          .stroke(lineWidth: 2)
          .frame(width: 40, height: 40)
        }
      }
      """)
    let preset = try SwiftUISource.preset(path: path, options: SwiftUITest.options)
    XCTAssertGreaterThan(try Self.alpha(preset, 20, 10), 0, "radius 10, top")
    XCTAssertEqual(try Self.alpha(preset, 20, 30), 0, "radius 10, bottom: not drawn")
    XCTAssertEqual(try Self.alpha(preset, 20, 0), 0, "radius 20: not drawn")
  }

  /// A turn whose cycle (π s) is no fraction of a second with a denominator up to 10,000 has no
  /// period the loader computes; the view loops at the least visible seam within 12 s.
  func testCycleWithNoPeriodLoopsAtTheLeastSeamWithin12Seconds() throws {
    let source = """
      import SwiftUI
      struct Slow: View {
        @State var turn = 0.0
        var body: some View {
          Rectangle().frame(width: 10, height: 20).rotationEffect(.degrees(turn))
            .onAppear { withAnimation(.linear(duration: .pi).repeatForever(autoreverses: false)) { turn = 360 } }
        }
      }
      """
    let preset = try SwiftUITest.preset(source)
    XCTAssertEqual((preset["duration"] as? [String: Any])?["auto"] as? Double, 12)
    let period = try SwiftUISource.preset(path: try SwiftUITest.write(source), options: SwiftUITest.options).scene().timeline.period
    XCTAssertGreaterThanOrEqual(period, .pi - 0.05)
    XCTAssertLessThanOrEqual(period, 12)
  }
}

// MARK: - Animatable shapes

extension SwiftUISemanticsTests {
  /// A custom shape's `animatableData` is interpolated and its path drawn at every value between:
  /// an arc whose end runs 0 → 180° over the first half of p and then stops shows 0 → 90° a
  /// quarter of the way through a linear 1 s change of p (a from/to of the end angle would show
  /// 45°). The path's numbers become keyframes over p, straight runs merged.
  func testAnimatableDataDrawsThePathAtEveryValueBetween() throws {
    let source = """
      import SwiftUI
      struct Sweep: Shape {
        var p: Double
        var animatableData: Double {
          get { p }
          set { p = newValue }
        }
        func path(in rect: CGRect) -> Path {
          var path = Path()
          path.addArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: rect.width / 2,
                      startAngle: .zero, endAngle: .degrees(p < 0.5 ? 360 * p : 180), clockwise: false)
          return path
        }
      }
      struct Growing: View {
        @State var p = 0.0
        var body: some View {
          Sweep(p: p).stroke(lineWidth: 2).frame(width: 20, height: 20)
            .onAppear { withAnimation(.linear(duration: 1)) { p = 1 } }
        }
      }
      """
    let json = try SwiftUITest.preset(source)
    let arc = try XCTUnwrap((json["view"] as? [String: Any])?["Arc"] as? [String: Any])
    let end = try XCTUnwrap(arc["endAngle"] as? [String: Any])
    XCTAssertEqual(end["values"] as? [Double], [0, 180, 180])
    XCTAssertEqual(end["keyTimes"] as? [Double], [0, 0.5, 1])
    XCTAssertEqual(end["animation"] as? String, "linear(duration: 1)")
    XCTAssertEqual(arc["startAngle"] as? Double, 0)
    let preset = try SwiftUISource.preset(path: try SwiftUITest.write(source), options: SwiftUITest.options)
    let frame = try Renderer(preset, jobs: 1).frame(at: 0.25)
    XCTAssertEqual(frame.width, 26)
    // The circle's point at 60° (clockwise on screen from 3 o'clock) about (13, 13), radius 10.
    XCTAssertGreaterThan(frame.pixels[(21 * frame.width + 18) * 4 + 3], 0)
  }
}
