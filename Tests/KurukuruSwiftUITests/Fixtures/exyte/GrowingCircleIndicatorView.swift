// Origin: github.com/exyte/ActivityIndicatorView, Sources/ActivityIndicatorView/Indicators/GrowingCircleIndicatorView.swift at commit 15384b0f9ca3a9b072e12ab779d545e9717adba4,
// MIT licence (Copyright (c) 2020 exyte; the licence text is LICENSE beside this file).
// Copied unmodified below this header.
//
//  GrowingCircleIndicatorView.swift
//  ActivityIndicatorView
//
//  Created by Daniil Manin on 10/7/20.
//  Copyright © 2020 Exyte. All rights reserved.
//

import SwiftUI

struct GrowingCircleIndicatorView: View {

    @State private var scale: CGFloat = 0
    @State private var opacity: Double = 0

    var body: some View {
        let animation = Animation
            .easeIn(duration: 1.1)
            .repeatForever(autoreverses: false)

        return Circle()
            .scaleEffect(scale)
            .opacity(opacity)
            .onAppear {
                scale = 0
                opacity = 1
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.01) {
                    withAnimation(animation) {
                        scale = 1
                        opacity = 0
                    }
                }
            }
    }
}
