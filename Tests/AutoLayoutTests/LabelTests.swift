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

@Suite struct MultilineLabelTests {
    static let fox = "The quick brown fox jumps over the lazy dog"   // 43 characters

    @Test func wrapsAtTheLaidOutWidthInTwoPasses() {
        let label = Label(text: MultilineLabelTests.fox)
        label.numberOfLines = 0
        let root = makeRoot(width: 200, height: 300, label)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            label.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        // 180 points hold 17 characters: "The quick brown" / "fox jumps over" / "the lazy dog".
        #expect(label.frame == Rect(x: 10, y: 0, width: 180, height: 61.5))
        #expect(label.intrinsicContentSize == Size(width: 153, height: 61.5))
        root.frame.size.width = 500
        root.layoutIfNeeded()
        #expect(label.frame.height == 20.5)
        label.numberOfLines = 2
        root.frame.size.width = 200
        root.layoutIfNeeded()
        #expect(label.frame.height == 41)
    }

    @Test func preferredMaxLayoutWidthWins() {
        let label = Label(text: MultilineLabelTests.fox)
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 60
        // Five characters a line: "The" / "quick" / "brown" / "fox" / "jumps" / "over" / "the" / "lazy" / "dog".
        #expect(label.intrinsicContentSize == Size(width: 51, height: 183.6 + 0.4))
    }

    @Test func fittingWrapsAndRemembersTheWidth() {
        let cell = View()
        let label = Label(text: MultilineLabelTests.fox)
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        cell.addSubview(label)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -16),
            label.topAnchor.constraint(equalTo: cell.topAnchor, constant: 12),
            label.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -12),
        ])
        // 343 points hold 33 characters: "The quick brown fox jumps over" / "the lazy dog".
        let size = cell.systemLayoutSizeFitting(Size(width: 375, height: 0), withHorizontalFittingPriority: .required,
                                                verticalFittingPriority: .fittingSizeLevel)
        #expect(size == Size(width: 375, height: 65))
        // 100 points hold 9 characters: five lines.
        #expect(cell.systemLayoutSizeFitting(Size(width: 132, height: 0), withHorizontalFittingPriority: .required,
                                             verticalFittingPriority: .fittingSizeLevel).height == 24 + 102)
        // The label keeps the width of the last fitting as its starting point: 100 points.
        #expect(label.intrinsicContentSize == Size(width: 91.8 + 0.2, height: 102))
    }

    @Test func lastBaselineFollowsTheLines() {
        let label = Label(text: MultilineLabelTests.fox), mark = View()
        label.numberOfLines = 0
        let root = makeRoot(width: 200, height: 300, label, mark)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            label.topAnchor.constraint(equalTo: root.topAnchor),
            mark.bottomAnchor.constraint(equalTo: label.lastBaselineAnchor),
            mark.heightAnchor.constraint(equalToConstant: 1),
        ])
        root.layoutIfNeeded()
        #expect(mark.frame.maxY == 2 * 20.4 + 13.6)
    }
}

@Suite struct ButtonAndImageTests {
    @Test func buttonSizesFromItsTitle() {
        let button = Button(title: "Follow")
        // 6 × 0.6 × 15 = 54; 18 + 2 × 6 = 30.
        #expect(button.intrinsicContentSize == Size(width: 54, height: 30))
        button.contentEdgeInsets = EdgeInsets(top: 2, left: 10, bottom: 2, right: 10)
        #expect(button.intrinsicContentSize == Size(width: 74, height: 34))
        button.setTitle("Unfollow", for: .normal)
        #expect(button.intrinsicContentSize.width == 92 && button.title(for: .normal) == "Unfollow")
        #expect(button.debugName.hasPrefix("UIButton:") && button.debugName.hasSuffix("'Unfollow'"))
    }

    @Test func imageViewSizesFromItsImage() {
        let view = ImageView(image: Image(size: Size(width: 24, height: 24)))
        let root = makeRoot(view)
        LayoutConstraint.activate([view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                   view.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(view.frame == Rect(x: 0, y: 0, width: 24, height: 24))
        view.image = Image(size: Size(width: 50, height: 40))
        root.layoutIfNeeded()
        #expect(view.frame.size == Size(width: 50, height: 40))
        view.image = nil
        #expect(view.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
    }
}
