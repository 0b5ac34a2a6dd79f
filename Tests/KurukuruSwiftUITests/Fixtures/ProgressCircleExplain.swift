// Origin: seed 003, a Japanese article on a physics-like loading animation made with
// timingCurve: its first code listing, copied unmodified (the article's listing has no import;
// Kurukuru imports its SwiftUI stand-in implicitly).
struct ProgressCircleExplain: View {
@State private var animate = false
var body: some View {
ZStack {
Circle() // Outer circle
.frame(width: 250, height: 250)
.foregroundColor(.gray)
.opacity(0)
Circle() // Single Moving circle
.frame(width: 20, height: 20)
.foregroundColor(Color.blue)
.offset(y: 50) // Set the radius of the outer circle here
.rotationEffect(.degrees(self.animate ? 360 : 0))
.animation(
Animation
.timingCurve(0.1, 0.7, 0.9, 0.2, duration: 1.9)
.repeatForever(autoreverses: false)
)
.onAppear() {
self.animate = true
}
}
}
}
