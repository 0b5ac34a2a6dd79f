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

  /// Without a timer the loop starts at the first animated write: exyte's idiom resets in
  /// `onAppear` (a write, not animated) and animates 0.01 s later in an `asyncAfter`; the reset
  /// only sets the first state, the animation starts the loop, and a later animated write is
  /// delayed by its distance from that one.
  func testTheLoopStartsAtTheFirstAnimatedWrite() throws {
    let preset = try SwiftUITest.preset("""
      import SwiftUI
      struct Reset: View {
        @State var scale: CGFloat = 0.5
        @State var opacity = 1.0
        var body: some View {
          Circle().frame(width: 10, height: 10).scaleEffect(scale).opacity(opacity)
            .onAppear {
              scale = 0
              DispatchQueue.main.asyncAfter(deadline: .now() + 0.01) {
                withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { scale = 1 }
              }
              DispatchQueue.main.asyncAfter(deadline: .now() + 0.26) { withAnimation(.easeIn(duration: 1)) { opacity = 0 } }
            }
        }
      }
      """)
    let scale = try XCTUnwrap(SwiftUITest.modifier("scaleEffect", in: preset) as? [String: Any])
    XCTAssertEqual(scale["from"] as? Double, 0)
    XCTAssertEqual(scale["animation"] as? String, "linear(duration: 1).repeatForever(autoreverses: false)")
    let opacity = try XCTUnwrap(SwiftUITest.modifier("opacity", in: preset) as? [String: Any])
    XCTAssertEqual(opacity["animation"] as? String, "easeIn(duration: 1).delay(0.25)")
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

  // MARK: - Text, overlays, clips, layout and colours

  /// The frame of `source` at `t` seconds, one pixel per point.
  static func render(_ source: String, at t: Double = 0) throws -> Frame {
    let path = try SwiftUITest.write(source)
    return try Renderer(try SwiftUISource.preset(path: path, options: SwiftUITest.options), jobs: 1).frame(at: t)
  }

  static func isRed(_ p: RGBA8) -> Bool { p.a > 200 && p.r > 200 && p.g < 90 && p.b < 90 }

  /// A Text keeps its font, kerning, paint and digits; a `Button`'s label is not drawn.
  func testTextCarriesItsFontKerningPaintAndDigits() throws {
    let source = """
      import SwiftUI
      struct Label: View {
        var body: some View {
          VStack(spacing: 0) {
            Text("Loading").font(.system(size: 14, weight: .semibold, design: .monospaced)).kerning(0.5).foregroundColor(.red)
            Text("42").font(.caption.weight(.bold)).monospacedDigit()
            Button(action: {}) { Text("Stop") }
          }
          .frame(width: 80, height: 40)
        }
      }
      """
    let views = Self.views(try SwiftUITest.preset(source)["view"])
    let texts = views.filter { $0["Text"] != nil }
    XCTAssertEqual(texts.map { $0["Text"] as? String }, ["Loading", "42"])
    let font = try XCTUnwrap(Self.modifier("font", texts[0]) as? [String: Any])
    XCTAssertEqual(font["size"] as? Double, 14)
    XCTAssertEqual(font["weight"] as? String, "semibold")
    XCTAssertEqual(font["design"] as? String, "monospaced")
    XCTAssertEqual(Self.modifier("kerning", texts[0]) as? Double, 0.5)
    XCTAssertEqual(Self.modifier("foregroundColor", texts[0]) as? String, "red")
    let caption = try XCTUnwrap(Self.modifier("font", texts[1]) as? [String: Any])
    XCTAssertEqual(caption["style"] as? String, "caption")
    XCTAssertEqual(caption["weight"] as? String, "bold")
    XCTAssertEqual(Self.modifier("monospacedDigit", texts[1]) as? Bool, true)
    // Seven monospaced characters of 14 points (DejaVu Sans Mono advances 0.602 em) with 0.5
    // kerning after each: a red line about 62 points wide in the top half.
    let frame = try Self.render(source)
    let red = (0..<frame.width).filter { x in (0..<20).contains { Self.isRed(frame[x, $0]) } }
    let span = (red.max() ?? 0) - (red.min() ?? 0)
    XCTAssertTrue((50...64).contains(span), "red ink spans \(span) points")
  }

  /// `font`, `fontWeight`, `fontDesign` around a view reach the Texts inside that set none; the
  /// innermost setting wins; `monospaced()` is the monospaced design, `tracking` the kerning.
  func testFontAroundAViewReachesItsTexts() throws {
    let preset = try SwiftUITest.preset("""
      import SwiftUI
      struct Titles: View {
        var body: some View {
          VStack { Text("a"); Text("b").font(.caption); Text("c").tracking(2).monospaced() }
            .font(.title).fontWeight(.bold).fontDesign(.serif).frame(width: 40, height: 90)
        }
      }
      """)
    let texts = Self.views(preset["view"]).filter { $0["Text"] != nil }
    let fonts = texts.map { Self.modifier("font", $0) as? [String: Any] }
    XCTAssertEqual(fonts.map { $0?["style"] as? String }, ["title", "caption", "title"])
    XCTAssertEqual(fonts.map { $0?["weight"] as? String }, ["bold", "bold", "bold"])
    XCTAssertEqual(fonts.map { $0?["design"] as? String }, ["serif", "serif", "monospaced"])
    // `tracking` is the preset's kerning (points after each character).
    XCTAssertEqual(texts.map { Self.modifier("kerning", $0) as? Double }, [nil, nil, 2])
  }

  /// One interpolated number a timer steps becomes a counter whose value jumps at each tick
  /// (SwiftUI never interpolates digits): frames between ticks show the last tick's number.
  func testInterpolatedNumberATimerStepsIsACounter() throws {
    let source = """
      import SwiftUI
      final class Model: ObservableObject {
        @Published var progress = 0.0
        var timer: AnyCancellable?
        init() {
          timer = Timer.publish(every: 0.1, on: .main, in: .common).autoconnect().sink { [weak self] _ in
            guard let self else { return }
            if self.progress < 1 { self.progress += 0.25 } else { self.timer?.cancel() }
          }
        }
      }
      struct Count: View {
        @StateObject var model = Model()
        var body: some View { Text("\\(Int(model.progress * 100))%").frame(width: 60, height: 20) }
      }
      """
    let text = try XCTUnwrap(SwiftUITest.preset(source)["view"] as? [String: Any])["Text"] as? [String: Any]
    let counter = try XCTUnwrap(text?["counter"] as? [String: Any])
    XCTAssertEqual(counter["values"] as? [Double], [0, 25, 50, 75, 100])
    XCTAssertEqual(counter["curve"] as? String, "step-end")
    XCTAssertEqual(text?["suffix"] as? String, "%")
    let path = try SwiftUITest.write(source)
    let renderer = try Renderer(try SwiftUISource.preset(path: path, options: SwiftUITest.options), jobs: 1)
    let (at0, at1, between) = (try renderer.frame(at: 0), try renderer.frame(at: 0.1), try renderer.frame(at: 0.15))
    XCTAssertNotEqual(at0.pixels, at1.pixels)
    XCTAssertEqual(at1.pixels, between.pixels)
  }

  /// The counter is read off the strings themselves, so a `String(format:)` that rounds works
  /// too: each value is the rounded number nudged a quarter digit away from zero, which the
  /// counter's cut toward zero shows as printf showed it.
  func testFormattedStringATimerStepsIsACounterWithItsDigits() throws {
    let preset = try SwiftUITest.preset("""
      import SwiftUI
      struct Steps: View {
        @State var x = 0.0
        var body: some View {
          Text(String(format: "Step %.1f of 1", x)).frame(width: 90, height: 20)
            .onReceive(Timer.publish(every: 0.5, on: .main, in: .common).autoconnect()) { _ in if x < 0.5 { x += 0.125 } }
        }
      }
      """)
    let text = try XCTUnwrap((preset["view"] as? [String: Any])?["Text"] as? [String: Any])
    XCTAssertEqual(text["prefix"] as? String, "Step ")
    XCTAssertEqual(text["suffix"] as? String, " of 1")
    XCTAssertEqual(text["decimals"] as? Double, 1)
    let values = try XCTUnwrap((text["counter"] as? [String: Any])?["values"] as? [Double])
    // printf: 0.0, 0.1 (0.125 is a tie, rounded to even), 0.2, 0.4, 0.5.
    XCTAssertEqual(values.count, 5)
    for (v, shown) in zip(values, [0.0, 0.1, 0.2, 0.4, 0.5]) { XCTAssertEqual(v, shown + 0.025, accuracy: 1e-9) }
  }

  /// Interpolated numbers read as SwiftUI formats them (a `Double` as `%lf`, a specifier as
  /// printf rounds); a Text changed under an animation shows its final string.
  func testTextFormatsAsSwiftUIAndShowsTheFinalString() throws {
    let preset = try SwiftUITest.preset("""
      import SwiftUI
      struct Formats: View {
        @State var done = false
        let half = 0.5
        var body: some View {
          VStack {
            Text("\\(0.25, specifier: "%.1f") of \\(half)")
            Text(done ? "Done" : "Wait")
          }
          .frame(width: 100, height: 50)
          .onAppear { withAnimation(.linear(duration: 1)) { done = true } }
        }
      }
      """)
    let texts = Self.views(preset["view"]).compactMap { $0["Text"] as? String }
    XCTAssertEqual(texts, ["0.2 of 0.500000", "Done"])
  }

  /// A root as large as a Text needs a frame (the harness cannot measure text).
  func testTextRootWithoutAFrameAsksForOne() throws {
    XCTAssertThrowsError(try SwiftUITest.preset("""
      import SwiftUI
      struct Bare: View { var body: some View { Text("Loading") } }
      """)) { error in
      XCTAssertEqual((error as? SwiftUISourceError)?.kind, .unsupported, "\(error)")
      XCTAssertTrue("\(error)".contains("depends on a Text"), "\(error)")
    }
  }

  /// `overlay(alignment:)` draws over the view, `background(_:)` behind it, both in its frame.
  func testOverlayAndBackgroundDrawInTheFrame() throws {
    let source = """
      import SwiftUI
      struct Badge: View {
        var body: some View {
          Circle().fill(Color.blue).frame(width: 20, height: 20)
            .overlay(alignment: .topLeading) { Rectangle().fill(Color.red).frame(width: 4, height: 4) }
            .background(Color.green)
        }
      }
      """
    let preset = try SwiftUITest.preset(source)
    XCTAssertEqual(preset["width"] as? Double, 20)
    let overlay = try XCTUnwrap(SwiftUITest.modifier("overlay", in: preset) as? [String: Any])
    XCTAssertEqual(overlay["alignment"] as? [Double], [0, 0])
    let frame = try Self.render(source)
    XCTAssertTrue(Self.isRed(frame[1, 1]))
    XCTAssertEqual(frame[18, 1], RGBA8(r: 0x34, g: 0xC7, b: 0x59, a: 255))
    XCTAssertEqual(frame[10, 10], RGBA8(r: 0, g: 0x7A, b: 0xFF, a: 255))
  }

  /// `clipShape`, `cornerRadius`, `clipped` and `mask` cut the drawing to the view's frame.
  func testClipsAndMasksCutTheDrawing() throws {
    let source = """
      import SwiftUI
      struct Clips: View {
        var body: some View {
          HStack(spacing: 0) {
            Rectangle().fill(Color.red).frame(width: 20, height: 20).clipShape(Circle())
            Rectangle().fill(Color.red).frame(width: 20, height: 20).cornerRadius(8)
            Rectangle().fill(Color.red).frame(width: 40, height: 20).offset(x: 10).frame(width: 20, height: 20).clipped()
            Rectangle().fill(Color.red).frame(width: 20, height: 20).mask { Circle().frame(width: 10, height: 10) }
          }
        }
      }
      """
    let views = Self.views(try SwiftUITest.preset(source)["view"])
    XCTAssertNotNil((Self.modifier("clipShape", views[1]) as? [String: Any])?["Circle"])
    let frame = try Self.render(source)
    XCTAssertEqual(frame.width, 80)
    XCTAssertEqual(frame[1, 1].a, 0)
    XCTAssertTrue(Self.isRed(frame[10, 10]))
    XCTAssertEqual(frame[21, 1].a, 0)
    XCTAssertTrue(Self.isRed(frame[30, 10]))
    XCTAssertTrue(Self.isRed(frame[41, 10]))
    XCTAssertEqual(frame[61, 1].a, 0)
    XCTAssertEqual(frame[63, 10].a, 0)
    XCTAssertTrue(Self.isRed(frame[70, 10]))
    // iOS 17's shorthands name the same shapes.
    let short = try SwiftUITest.preset("""
      import SwiftUI
      struct Short: View {
        var body: some View { Rectangle().fill(.red).frame(width: 20, height: 20).clipShape(.rect(cornerRadius: 6)).background(.blue, in: .capsule) }
      }
      """)
    let rounded = (SwiftUITest.modifier("clipShape", in: short) as? [String: Any])?["RoundedRectangle"] as? [String: Any]
    XCTAssertEqual(rounded?["cornerRadius"] as? Double, 6)
    let background = (SwiftUITest.modifier("background", in: short) as? [String: Any])?["content"] as? [String: Any]
    XCTAssertNotNil(background?["Capsule"])
  }

  /// `frame(maxWidth: .infinity)` takes the offered width, `frame(minWidth:)` raises it; the
  /// root's size is its ideal size (a flexible frame's ideal or content clamped to min…max).
  func testFlexibleFramesTakeAndRaiseTheOffer() throws {
    let source = """
      import SwiftUI
      struct Rows: View {
        var body: some View {
          VStack(spacing: 0) {
            Circle().frame(width: 10, height: 10).frame(maxWidth: .infinity, alignment: .leading)
            Circle().frame(width: 10, height: 10).frame(minWidth: 30).background(Color.red)
          }
          .frame(width: 60, height: 20)
        }
      }
      """
    let frame = try Self.render(source)
    XCTAssertGreaterThan(frame[5, 5].a, 200)
    XCTAssertEqual(frame[30, 5].a, 0)
    XCTAssertTrue(Self.isRed(frame[16, 15]))
    XCTAssertEqual(frame[13, 15].a, 0)
    let root = try SwiftUITest.preset("""
      import SwiftUI
      struct Wide: View { var body: some View { Circle().frame(width: 20, height: 20).frame(minWidth: 40, maxHeight: .infinity) } }
      """)
    XCTAssertEqual(root["width"] as? Double, 40)
    XCTAssertEqual(root["height"] as? Double, 20)
  }

  /// `aspectRatio(2, contentMode: .fit)` offers the largest 2 : 1 size; `fixedSize` offers
  /// nothing, so a shape takes its ideal 10 points; `Spacer(minLength:)` keeps its minimum.
  func testAspectRatioFixedSizeAndSpacerMinLength() throws {
    let wide = try Self.render("""
      import SwiftUI
      struct Wide: View { var body: some View { Rectangle().fill(Color.red).aspectRatio(2, contentMode: .fit).frame(width: 40, height: 40) } }
      """)
    XCTAssertEqual(wide[20, 5].a, 0)
    XCTAssertTrue(Self.isRed(wide[20, 20]))
    let source = """
      import SwiftUI
      struct Fixed: View {
        var body: some View {
          HStack(spacing: 0) { Rectangle().fill(Color.red).fixedSize(); Spacer(minLength: 0) }.frame(width: 40, height: 40)
        }
      }
      """
    let fixed = try Self.render(source)
    XCTAssertTrue(Self.isRed(fixed[5, 20]))
    XCTAssertEqual(fixed[15, 20].a, 0)
    XCTAssertEqual(fixed[5, 12].a, 0)
    let spacer = Self.views(try SwiftUITest.preset(source)["view"]).first { $0["Spacer"] != nil }
    XCTAssertEqual((spacer?["Spacer"] as? [String: Any])?["minLength"] as? Double, 0)
    let root = try SwiftUITest.preset("""
      import SwiftUI
      struct Dot: View { var body: some View { Circle().fixedSize() } }
      """)
    XCTAssertEqual(root["width"] as? Double, 10)
    // A frame that gives the width of a 2 : 1 fitted shape gives its height too.
    let bar = try SwiftUITest.preset("""
      import SwiftUI
      struct Bar: View { var body: some View { Rectangle().aspectRatio(2, contentMode: .fit).frame(width: 40) } }
      """)
    XCTAssertEqual(bar["width"] as? Double, 40)
    XCTAssertEqual(bar["height"] as? Double, 20)
  }

  /// A colour that changes under an animation animates as SwiftUI's `Color.Resolved` does: in
  /// linear light (the preset's default interpolation, Presets/README.md §7).
  func testColourChangesAnimateInLinearLight() throws {
    let source = """
      import SwiftUI
      struct Shift: View {
        @State var on = false
        var body: some View {
          Rectangle().fill(on ? Color.blue : Color.red).frame(width: 10, height: 10)
            .shadow(color: on ? .black : .clear, radius: 1)
            .onAppear { withAnimation(.linear(duration: 1)) { on = true } }
        }
      }
      """
    let preset = try SwiftUITest.preset(source)
    let fill = try XCTUnwrap(SwiftUITest.modifier("fill", in: preset) as? [String: Any])
    XCTAssertEqual(fill["from"] as? String, "red")
    XCTAssertEqual(fill["to"] as? String, "blue")
    XCTAssertEqual(fill["animation"] as? String, "linear(duration: 1)")
    let shadow = try XCTUnwrap((SwiftUITest.modifier("shadow", in: preset) as? [String: Any])?["color"] as? [String: Any])
    XCTAssertEqual(shadow["to"] as? String, "black")
    // Halfway from #FF3B30 to #007AFF in linear light: about (188, 142, 190); sRGB would give
    // (128, 91, 152).
    let p = try Self.render(source, at: 0.5)[5, 5]
    XCTAssertTrue((182...194).contains(p.r) && (184...196).contains(p.b), "\(p)")
  }

  /// SwiftUI calls min > max contradictory; the stand-in stops with one line.
  func testContradictoryFrameIsOneLine() throws {
    XCTAssertThrowsError(try SwiftUITest.preset("""
      import SwiftUI
      struct Bad: View { var body: some View { Circle().frame(minWidth: 20, maxWidth: 10).frame(width: 30, height: 30) } }
      """)) { error in
      XCTAssertEqual((error as? SwiftUISourceError)?.kind, .unsupported, "\(error)")
      XCTAssertTrue("\(error)".contains("contradictory frame constraints"), "\(error)")
    }
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
        "\(path): the file uses SwiftUI API that Kurukuru's stand-in does not support yet: 'Image' (Presets/README.md, \"SwiftUI source\", lists what is covered; a type of the view's own in another file: name that file too)")
    }
  }

  func testUnsupportedArgumentLabelIsNamed() throws {
    let path = try SwiftUITest.write("""
      import SwiftUI
      struct Ring: View { var body: some View { Circle().stroke(lineWidth: 2, antialiased: true).frame(width: 10, height: 10) } }
      """)
    XCTAssertThrowsError(try SwiftUISource.presetText(path: path, options: SwiftUITest.options)) { error in
      XCTAssertTrue("\(error)".hasSuffix("does not support yet: 'antialiased:' (Presets/README.md, \"SwiftUI source\", lists what is covered; a type of the view's own in another file: name that file too)"), "\(error)")
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
