// Written for the tests: one view using most of what the stand-in declares (Presets/README.md §17).
import SwiftUI

struct Triangle: Shape {
  func path(in rect: CGRect) -> Path {
    Path { p in
      p.move(to: CGPoint(x: rect.midX, y: rect.minY))
      p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
      p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
      p.closeSubpath()
    }
  }
}

struct Item: Identifiable { let id: Int; let color: Color }

struct Everything: View {
  @State private var on = false
  let items = [Item(id: 0, color: .red), Item(id: 1, color: Color(red: 0.2, green: 0.6, blue: 0.9)), Item(id: 2, color: Color(white: 0.5, opacity: 0.8))]
  var body: some View {
    VStack(alignment: .leading, spacing: 4) {
      HStack(alignment: .bottom, spacing: 3) {
        ForEach(items) { item in
          Capsule().fill(item.color).frame(width: 6, height: on ? 20 : 8)
            .animation(.easeInOut(duration: 0.4).repeatForever().delay(Double(item.id) * 0.1), value: on)
        }
        ForEach([1, 2], id: \.self) { k in
          RoundedRectangle(cornerRadius: 2).strokeBorder(Color.green.opacity(0.5), lineWidth: 2).frame(width: 8, height: 8 * CGFloat(k))
        }
      }
      ZStack(alignment: .topLeading) {
        Circle().trim(from: 0, to: on ? 0.8 : 0.1)
          .stroke(AngularGradient(gradient: Gradient(colors: [.clear, .blue]), center: .center), style: StrokeStyle(lineWidth: 3, lineCap: .round))
          .frame(width: 30, height: 30)
          .rotationEffect(.degrees(on ? 360 : 0), anchor: .center)
        Triangle().fill(LinearGradient(colors: [.orange, .pink], startPoint: .top, endPoint: .bottom)).frame(width: 12, height: 10)
          .scaleEffect(x: 1, y: on ? 1.5 : 1, anchor: .bottom)
        Ellipse().foregroundStyle(Color(hue: 0.3, saturation: 0.8, brightness: 0.9)).frame(width: 10, height: 6).offset(x: 20, y: 20).shadow(radius: 2)
        Rectangle().frame(width: 4, height: 4).padding(2).opacity(on ? 1 : 0.3).rotation3DEffect(.degrees(on ? 180 : 0), axis: (x: 0, y: 1, z: 0))
      }
      .animation(.spring(response: 0.5, dampingFraction: 0.6).repeatCount(3, autoreverses: true), value: on)
    }
    .frame(width: 60, height: 70)
    .onAppear { on.toggle() }
  }
}
