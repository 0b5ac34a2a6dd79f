import Foundation
import KurukuruCore
import KurukuruSwiftUI
import XCTest

// MARK: - Timers, observable objects, arcs and previews

/// Small views written for these tests: Combine's timers and observable objects on the virtual
/// clock, the path arc that is the preset's `Arc`, the canvas around a stroke, `#Preview` and
/// `Button` (Presets/README.md, "SwiftUI source"). Expected values follow from the views' own
/// arithmetic.
final class SwiftUITimerTests: XCTestCase {
  override func setUpWithError() throws { try SwiftUITest.requireCompiler() }

  /// A value a timer steps through a cycle becomes keyframes over one period, repeating, drawn at
  /// a frame per tick: 4 steps of 0.1 s are a 0.4 s loop at 10 fps.
  func testTimerCycleBecomesOnePeriodOfKeyframes() throws {
    let source = """
      import SwiftUI
      import Combine
      final class Ticker: ObservableObject {
        @Published var step = 0
        private var cancellable: AnyCancellable?
        init() {
          cancellable = Timer.publish(every: 0.1, on: .main, in: .common).autoconnect()
            .sink { [weak self] _ in guard let self else { return }; self.step = (self.step + 1) % 4 }
        }
      }
      struct Blink: View {
        @StateObject var ticker = Ticker()
        var body: some View { Circle().frame(width: 20, height: 20).opacity(Double(ticker.step) / 4 + 0.25) }
      }
      """
    let preset = try SwiftUITest.preset(source)
    XCTAssertEqual(preset["fps"] as? Double, 10)
    let opacity = try XCTUnwrap(SwiftUITest.modifier("opacity", in: preset) as? [String: Any])
    XCTAssertEqual(opacity["values"] as? [Double], [0.25, 0.5, 0.75, 1, 0.25])
    XCTAssertEqual(try XCTUnwrap(opacity["keyTimes"] as? [Double]), [0, 0.25, 0.5, 0.75, 1])
    XCTAssertEqual(opacity["animation"] as? String, "linear(duration: 0.4).repeatForever(autoreverses: false)")
    let scene = try SwiftUISource.preset(path: try SwiftUITest.write(source), options: SwiftUITest.options).scene()
    XCTAssertEqual(scene.timeline.period, 0.4, accuracy: 1e-9)
  }

  /// `Timer.scheduledTimer(withTimeInterval:repeats:block:)` in a file that imports Foundation
  /// itself ticks on the virtual clock as `Timer.publish` does: a value it cycles becomes one
  /// period of keyframes, at a frame per tick.
  func testScheduledTimerCycleBecomesKeyframes() throws {
    let preset = try SwiftUITest.preset("""
      import Foundation
      import SwiftUI
      struct Pulse: View {
        @State private var step = 0
        @State private var timer: Timer?
        var body: some View {
          Circle().frame(width: 20, height: 20).scaleEffect(1 + CGFloat(step) / 2)
            .onAppear {
              timer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { _ in step = (step + 1) % 3 }
            }
        }
      }
      """)
    XCTAssertEqual(preset["fps"] as? Double, 4)
    let factor = try XCTUnwrap(SwiftUITest.modifier("scaleEffect", in: preset) as? [String: Any])
    XCTAssertEqual(factor["values"] as? [Double], [1, 1.5, 2, 1])
    XCTAssertEqual(factor["animation"] as? String, "linear(duration: 0.75).repeatForever(autoreverses: false)")
  }

  /// `invalidate()` from the block stops the ticks (a one-shot of the run), and a one-shot timer
  /// (`repeats: false`), made with `init` and added to a run loop, is a delay, not a step: its
  /// animated write keeps its animation, 0.5 s after the animated write in `onAppear`.
  func testScheduledTimerInvalidateAndOneShot() throws {
    let stopped = try SwiftUITest.preset("""
      import SwiftUI
      struct Steps: View {
        @State private var count = 0
        var body: some View {
          Rectangle().frame(width: 10, height: 10).offset(x: CGFloat(count) * 5)
            .onAppear {
              Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { timer in
                count += 1
                if count == 4 { timer.invalidate() }
              }
            }
        }
      }
      """)
    XCTAssertEqual(stopped["duration"] as? Double, 2)
    let offset = try XCTUnwrap(SwiftUITest.modifier("offset", in: stopped) as? [String: Any])
    let x = try XCTUnwrap(offset["x"] as? [String: Any])
    XCTAssertEqual(x["values"] as? [Double], [0, 5, 10, 15, 20])

    let delayed = try SwiftUITest.preset("""
      import SwiftUI
      struct Fade: View {
        @State private var opacity = 1.0
        @State private var scale = 1.0
        var body: some View {
          Circle().frame(width: 10, height: 10).opacity(opacity).scaleEffect(scale)
            .onAppear {
              withAnimation(.easeIn(duration: 1)) { scale = 2 }
              let timer = Timer(timeInterval: 0.5, repeats: false) { _ in
                withAnimation(.linear(duration: 1).repeatForever()) { opacity = 0.2 }
              }
              RunLoop.main.add(timer, forMode: .common)
            }
        }
      }
      """)
    XCTAssertEqual(delayed["fps"] as? Double, 30)
    let opacity = try XCTUnwrap(SwiftUITest.modifier("opacity", in: delayed) as? [String: Any])
    XCTAssertEqual(opacity["to"] as? Double, 0.2)
    XCTAssertEqual(opacity["animation"] as? String, "linear(duration: 1).repeatForever(autoreverses: true).delay(0.5)")
  }

  /// A file that declares a `Timer` of its own keeps it: the harness declares no alias then, and
  /// the file compiles and runs as written.
  func testAFileDeclaringItsOwnTimerKeepsIt() throws {
    let preset = try SwiftUITest.preset("""
      import SwiftUI
      struct Timer { var seconds: CGFloat = 24 }
      struct Clock: View {
        let timer = Timer()
        var body: some View { Circle().frame(width: timer.seconds, height: timer.seconds) }
      }
      """)
    XCTAssertEqual(preset["width"] as? Double, 24)
  }

  // MARK: - TimelineView

  /// `TimelineView(.animation)`: the content's `date` follows the virtual clock, sampled at 30
  /// per second; an angle computed from it that wraps every second is one 1 s period of
  /// keyframes (31 samples, unwrapped to 0 → 360), at 30 fps.
  func testTimelineAnimationAngleBecomesOnePeriod() throws {
    let preset = try SwiftUITest.preset("""
      import SwiftUI
      struct Spinner: View {
        var body: some View {
          TimelineView(.animation) { timeline in
            let t = timeline.date.timeIntervalSinceReferenceDate
            Circle().trim(from: 0, to: 0.3).stroke(lineWidth: 4).frame(width: 40, height: 40)
              .rotationEffect(.degrees(t.truncatingRemainder(dividingBy: 1) * 360))
          }
        }
      }
      """)
    XCTAssertEqual(preset["fps"] as? Double, 30)
    XCTAssertNil(preset["duration"])
    let view = try XCTUnwrap(preset["view"] as? [String: Any])
    let modifiers = try XCTUnwrap(view["modifiers"] as? [[String: Any]], "\(view)")
    let rotation = try XCTUnwrap(modifiers.compactMap { $0["rotationEffect"] }.first as? [String: Any], "\(modifiers)")
    let values = try XCTUnwrap(rotation["values"] as? [Double])
    XCTAssertEqual(values.count, 31)
    XCTAssertEqual(values.first ?? -1, 0, accuracy: 1e-6)
    XCTAssertEqual(values.last ?? -1, 360, accuracy: 1e-6)
    XCTAssertEqual(values[15], 180, accuracy: 1e-6)
    XCTAssertEqual(rotation["animation"] as? String, "linear(duration: 1).repeatForever(autoreverses: false)")
  }

  /// `.periodic(from:by:)` updates every interval; values that never repeat are drawn once over
  /// the 12 s sampled, with one warning line, and `--duration` (the loop length) makes them one
  /// period of it instead, without the warning.
  func testTimelinePeriodicThatNeverRepeatsWarnsAndDurationLoopsIt() throws {
    let source = """
      import SwiftUI
      struct Drift: View {
        var body: some View {
          TimelineView(.periodic(from: .now, by: 0.5)) { context in
            Rectangle().frame(width: 10, height: 10)
              .offset(x: context.date.timeIntervalSinceReferenceDate * 4)
          }
        }
      }
      """
    let once = try SwiftUITest.preset(source)
    XCTAssertEqual(once["fps"] as? Double, 2)
    XCTAssertEqual(once["duration"] as? Double, 12)
    let x = try XCTUnwrap((SwiftUITest.modifier("offset", in: once) as? [String: Any])?["x"] as? [String: Any])
    XCTAssertEqual((x["values"] as? [Double])?.count, 25)
    XCTAssertEqual(x["animation"] as? String, "linear(duration: 12)")
    let path = try SwiftUITest.write(source)
    let warned = try SwiftUISource.preset(path: path, options: SwiftUITest.options)
    XCTAssertEqual(warned.warnings.count, 1)
    XCTAssertTrue(warned.warnings.first?.hasPrefix(path + ": warning: the TimelineView's values do not repeat within 12 s") ?? false, "\(warned.warnings)")

    var looped = SwiftUITest.options
    looped.loop = 2
    let loop = try SwiftUISource.preset(path: path, options: looped)
    XCTAssertEqual(loop.warnings, [])
    XCTAssertEqual(try loop.scene().timeline.period, 2, accuracy: 1e-9)
    let text = try SwiftUITest.preset(source) { $0.loop = 2 }
    XCTAssertEqual(text["duration"] as? Double, 2)
    let lx = try XCTUnwrap((SwiftUITest.modifier("offset", in: text) as? [String: Any])?["x"] as? [String: Any])
    XCTAssertEqual(lx["values"] as? [Double], [0, 2, 4, 6, 8])
    XCTAssertEqual(lx["animation"] as? String, "linear(duration: 2).repeatForever(autoreverses: false)")
  }

  // MARK: - Several files

  /// Several files are one module: a view in one and the view and shape it uses in another; the
  /// root is chosen across them (`view:` picks it when there are several), and the preset is
  /// named after the file that declares it.
  func testSeveralFilesAreOneModuleAndTheRootIsChosenAcrossThem() throws {
    let row = try SwiftUITest.write("""
      import SwiftUI
      struct Row: View {
        var body: some View { HStack(spacing: 4) { Dot(); Dot(); Tick().fill(Color.red).frame(width: 6, height: 6) } }
      }
      """, name: "Row")
    let parts = try SwiftUITest.write("""
      import SwiftUI
      struct Dot: View {
        var body: some View { Circle().frame(width: 6, height: 6) }
      }
      struct Tick: Shape {
        func path(in rect: CGRect) -> Path {
          var path = Path()
          path.addLines([CGPoint(x: 0, y: 0), CGPoint(x: rect.width, y: 0), CGPoint(x: 0, y: rect.height)])
          return path
        }
      }
      """, name: "Parts")
    XCTAssertThrowsError(try SwiftUISource.preset(paths: [parts, row], options: SwiftUITest.options)) { error in
      XCTAssertTrue("\(error)".contains("declares several views; choose one with --view NAME"), "\(error)")
    }
    var options = SwiftUITest.options
    options.view = "Row"
    let preset = try SwiftUISource.preset(paths: [parts, row], options: options)
    XCTAssertEqual(preset.file, row)
    XCTAssertEqual(preset.name, "Row")
    let scene = try preset.scene()
    XCTAssertEqual(scene.size.width, 26)
    XCTAssertEqual(scene.size.height, 6)
  }

  // MARK: - Offered size and the iOS version

  /// `--size` offers a size to a root with none of its own (a `GeometryReader` sees it); an axis
  /// the root sizes itself keeps it. Without it the root is an error naming `--size`.
  func testOfferedSizeForARootWithoutAFrame() throws {
    let source = """
      import SwiftUI
      struct Bar: View {
        var body: some View {
          GeometryReader { proxy in
            Capsule().frame(width: proxy.size.width, height: proxy.size.height / 2)
          }
        }
      }
      """
    let sized = try SwiftUITest.preset(source) { $0.size = (width: 60, height: 20) }
    XCTAssertEqual(sized["width"] as? Double, 60)
    XCTAssertEqual(sized["height"] as? Double, 20)
    XCTAssertThrowsError(try SwiftUITest.preset(source)) { error in
      XCTAssertTrue("\(error)".contains("--size WxH"), "\(error)")
    }
    let own = try SwiftUITest.preset("struct Dot: View { var body: some View { Circle().frame(width: 30) } }") {
      $0.size = (width: 99, height: 12)
    }
    XCTAssertEqual(own["width"] as? Double, 30)
    XCTAssertEqual(own["height"] as? Double, 12)
  }

  /// `Animation.default` is the iOS 17 spring (the preset's `default`) unless an earlier iOS is
  /// asked for: then `easeInOut(duration: 0.35)`, modifiers after it kept.
  func testDefaultAnimationBeforeIOS17IsEaseInOut() throws {
    let source = """
      import SwiftUI
      struct Grow: View {
        @State private var big = false
        var body: some View {
          Circle().frame(width: 20, height: 20).scaleEffect(big ? 2 : 1)
            .onAppear { withAnimation(.default.repeatForever()) { big = true } }
        }
      }
      """
    let ios17 = try XCTUnwrap(SwiftUITest.modifier("scaleEffect", in: try SwiftUITest.preset(source)) as? [String: Any])
    XCTAssertEqual(ios17["animation"] as? String, "default.repeatForever(autoreverses: true)")
    let ios16 = try XCTUnwrap(SwiftUITest.modifier("scaleEffect", in: try SwiftUITest.preset(source) { $0.ios = 16 }) as? [String: Any])
    XCTAssertEqual(ios16["animation"] as? String, "easeInOut(duration: 0.35).repeatForever(autoreverses: true)")
  }

  /// A timer that is cancelled makes a one-shot: the whole run once, whose end is the preset's
  /// duration. The `@StateObject` is created once although the view is evaluated after every tick.
  func testCancelledTimerIsAOneShotAndTheStateObjectIsMadeOnce() throws {
    let preset = try SwiftUITest.preset("""
      import SwiftUI
      import Combine
      final class Counter: ObservableObject {
        static var made = 0
        @Published var count = 0
        private var cancellable: AnyCancellable?
        init() {
          Counter.made += 1
          cancellable = Timer.publish(every: 0.5, on: .main, in: .default).autoconnect().sink { [weak self] _ in
            guard let self else { return }
            self.count += 1
            if self.count == 3 { self.cancellable?.cancel() }
          }
        }
      }
      struct Slide: View {
        @StateObject var counter = Counter()
        var body: some View {
          let count = CGFloat(counter.count)
          Circle().frame(width: 10 * CGFloat(Counter.made), height: 10).offset(x: count * 10)
        }
      }
      """)
    XCTAssertEqual(preset["fps"] as? Double, 2)
    XCTAssertEqual(preset["duration"] as? Double, 1.5)
    let offset = try XCTUnwrap(SwiftUITest.modifier("offset", in: preset) as? [String: Any])
    let x = try XCTUnwrap(offset["x"] as? [String: Any])
    XCTAssertEqual(x["values"] as? [Double], [0, 10, 20, 30])
    XCTAssertEqual(x["animation"] as? String, "linear(duration: 1.5)")
    let frame = try XCTUnwrap(SwiftUITest.modifier("frame", in: preset) as? [String: Any])
    XCTAssertEqual(frame["width"] as? Double, 10)
  }

  /// `onReceive` subscribes once; a 100 Hz timer is drawn at 50 fps (every second tick).
  func testOnReceiveTimerAt100HzIsDrawnAt50fps() throws {
    let preset = try SwiftUITest.preset("""
      import SwiftUI
      struct Spin: View {
        @State var degrees = 0.0
        let timer = Timer.publish(every: 0.01, on: .main, in: .common).autoconnect()
        var body: some View {
          Rectangle().frame(width: 10, height: 10).rotationEffect(.degrees(degrees))
            .onReceive(timer) { _ in degrees = (degrees + 36).truncatingRemainder(dividingBy: 360) }
        }
      }
      """)
    XCTAssertEqual(preset["fps"] as? Double, 50)
    let rotation = try XCTUnwrap(SwiftUITest.modifier("rotationEffect", in: preset) as? [String: Any])
    // 360° in 10 ticks: the wrap from 324° to 0° is taken forwards, to 360°.
    XCTAssertEqual(rotation["values"] as? [Double], [0, 36, 72, 108, 144, 180, 216, 252, 288, 324, 360])
    XCTAssertEqual(rotation["animation"] as? String, "linear(duration: 0.1).repeatForever(autoreverses: false)")
  }

  /// One `addArc` about the frame's centre with radius min(w, h)/2 is the preset's `Arc`, whose
  /// `clockwise` is addArc's reversed; its 3-point stroke spills 1.5 points outside the 40-point
  /// root, so the canvas is 40 + 2 × (2 + 2) = 48.
  func testCentredPathArcIsAnArcAndItsStrokeWidensTheCanvas() throws {
    let preset = try SwiftUITest.preset("""
      import SwiftUI
      struct Bow: Shape {
        func path(in rect: CGRect) -> Path {
          var path = Path()
          path.addArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: min(rect.width, rect.height) / 2,
                      startAngle: .degrees(30), endAngle: .degrees(200), clockwise: true)
          return path
        }
      }
      struct Ring: View { var body: some View { Bow().stroke(Color.blue, lineWidth: 3).frame(width: 40, height: 40) } }
      """, view: "Ring")
    XCTAssertEqual(preset["width"] as? Double, 48)
    XCTAssertEqual(preset["height"] as? Double, 48)
    let view = try XCTUnwrap(preset["view"] as? [String: Any])
    let arc = try XCTUnwrap(view["Arc"] as? [String: Any])
    XCTAssertEqual(arc["startAngle"] as? Double, 30)
    XCTAssertEqual(arc["endAngle"] as? Double, 200)
    XCTAssertEqual(arc["clockwise"] as? Bool, false)
  }

  /// An arc about another centre cannot be said in the preset: exit with one line.
  func testOffCentreArcIsUnsupported() throws {
    let path = try SwiftUITest.write("""
      import SwiftUI
      struct Hook: Shape {
        func path(in rect: CGRect) -> Path {
          var path = Path()
          path.addArc(center: .zero, radius: 5, startAngle: .zero, endAngle: .degrees(90), clockwise: false)
          return path
        }
      }
      struct Mark: View { var body: some View { Hook().stroke(Color.red).frame(width: 20, height: 20) } }
      """)
    var options = SwiftUITest.options
    options.view = "Mark"
    XCTAssertThrowsError(try SwiftUISource.presetText(path: path, options: options)) { error in
      XCTAssertEqual((error as? SwiftUISourceError)?.kind, .unsupported)
      XCTAssertTrue("\(error)".contains("supported only as one addArc about the frame's centre"), "\(error)")
    }
  }

  /// With several views and no `PreviewProvider`, the only `#Preview`'s body is the root; a
  /// `Button` draws nothing, and the `onAppear` on it runs.
  func testPreviewMacroPicksTheRootAndAButtonDrawsNothing() throws {
    let preset = try SwiftUITest.preset("""
      import SwiftUI
      struct Dot: View {
        @Binding var big: Bool
        var body: some View { Circle().frame(width: big ? 30 : 10, height: 10) }
      }
      struct Screen: View {
        @State var big = false
        var body: some View {
          Dot(big: $big)
          Button { big.toggle() } label: { Text("Toggle") }
            .onAppear { big = true }
        }
      }
      #Preview {
        Screen()
      }
      """)
    XCTAssertEqual(preset["title"] as? String, "Screen")
    XCTAssertEqual(preset["width"] as? Double, 30)
    let view = try XCTUnwrap(preset["view"] as? [String: Any])
    XCTAssertNotNil(view["Circle"], "the root is the dot alone: \(view)")
  }

  /// A Text whose string a timer changes, other than one number in fixed text, cannot be a
  /// preset counter: one line, no preset.
  func testTimerChangingATextsWordsIsOneLine() throws {
    let path = try SwiftUITest.write("""
      import SwiftUI
      struct Dots: View {
        @State var n = 0
        var body: some View {
          Text("Loading" + String(repeating: ".", count: n % 4)).frame(width: 80, height: 20)
            .onReceive(Timer.publish(every: 0.3, on: .main, in: .common).autoconnect()) { _ in n += 1 }
        }
      }
      """)
    XCTAssertThrowsError(try SwiftUISource.presetText(path: path, options: SwiftUITest.options)) { error in
      XCTAssertEqual((error as? SwiftUISourceError)?.kind, .unsupported)
      let text = "\(error)"
      XCTAssertFalse(text.contains("\n"), text)
      XCTAssertTrue(text.hasPrefix("\(path): unsupported: a timer changes a Text's string \"Loading"), text)
      XCTAssertTrue(text.hasSuffix(": only one number between fixed text (\"\\(n)%\") can change with time (a counter)"), text)
    }
  }
}
