import Testing
@testable import AutoLayout

@Suite struct LabelTests {
    @Test func textModelSizes() {
        #expect(Label(text: "hiiiii").intrinsicContentSize == Size(width: 61.5, height: 20.5))
        #expect(Label(text: "").intrinsicContentSize == .zero)
        #expect(Label(text: nil).intrinsicContentSize == .zero)
        let big = Label(text: "Ab")
        big.font = .systemFont(ofSize: 34)
        #expect(big.intrinsicContentSize == Size(width: 41, height: 41))
        #expect(Label(text: "👍🏽é").intrinsicContentSize.width == 20.5)   // characters, not scalars
    }

    @Test func baselinesFollowTheText() {
        let small = Label(text: "small"), large = Label(text: "LARGE"), plain = View()
        let root = makeRoot(small, large, plain)
        large.font = .systemFont(ofSize: 34)
        LayoutConstraint.activate([
            small.topAnchor.constraint(equalTo: root.topAnchor, constant: 50),
            small.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            large.leadingAnchor.constraint(equalTo: small.trailingAnchor),
            large.firstBaselineAnchor.constraint(equalTo: small.firstBaselineAnchor),
            plain.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            plain.heightAnchor.constraint(equalToConstant: 10), plain.widthAnchor.constraint(equalToConstant: 10),
            plain.lastBaselineAnchor.constraint(equalTo: small.lastBaselineAnchor),
        ])
        root.layoutIfNeeded()
        // Baselines at top + 0.8 × size: 50 + 13.6 = 63.6 = large.top + 27.2.
        #expect(large.frame.minY == 36.4)
        // A view without text has its baselines at its bottom; a label's last baseline is
        // 20.5 − 13.6 above its bottom.
        #expect(plain.frame.maxY == 63.6)
        large.font = .systemFont(ofSize: 17)
        root.layoutIfNeeded()
        #expect(large.frame.minY == 50)
    }
}
