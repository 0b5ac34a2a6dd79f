// Origin: seed 002, a Japanese article by hayakawat (istyle Advent Calendar 2022, day 8),
// "SwiftUIで円形のプログレスバーを作る": its ViewModel listing and its last CircleProgressView
// listing (the one observing the ViewModel), copied unmodified.
import Foundation
import SwiftUI
import Combine

final class CircleProgressViewModel: ObservableObject {
    @Published var progressValue: CGFloat = 0.0
    private var timerCount: CGFloat = 0.0
    private var cancellable: AnyCancellable?

    init() {
        startTimer()
    }

    private func startTimer() {
        cancellable = Timer.publish(every: 0.1, on: .main, in: .default)
            .autoconnect()
            .sink { [weak self] _ in
                self?.countProgress()
            }
    }

    private func countProgress() {
        if timerCount > 60 { cancellable?.cancel() }
        timerCount = timerCount + 0.1
        progressValue = timerCount / 60.0
    }
}

struct CircleProgressView: View {
    // ViewModelをStateObjectで宣言してCircleProgressViewModelを監視できるようにする
    @StateObject var viewModel = CircleProgressViewModel()
    var body: some View {
        ZStack {
            Circle()
                .stroke(
                    Color.gray,
                    style: StrokeStyle(
                        lineWidth: 15,
                        lineCap: .round)
                )
                .opacity(0.5)
                .frame(width: 150, height: 150)
            Circle()
                .trim(from: 0.0, to: viewModel.progressValue) // toの値をViewModelのprogressValueを参照する
                .stroke(
                    Color.green,
                    style: StrokeStyle(
                        lineWidth: 15,
                        lineCap: .round)
                )
                .frame(width: 150, height: 150)
                .rotationEffect(Angle(degrees: -90))
        }
    }
}
