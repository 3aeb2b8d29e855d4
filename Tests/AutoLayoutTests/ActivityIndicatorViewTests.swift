import Testing
@testable import AutoLayout

@Suite struct ActivityIndicatorViewTests {
    @Test func stylesHaveUIKitsSizes() {
        #expect(ActivityIndicatorView(style: .medium).intrinsicContentSize == Size(width: 20, height: 20))
        #expect(ActivityIndicatorView(style: .large).intrinsicContentSize == Size(width: 37, height: 37))
        #expect(ActivityIndicatorView.Style.whiteLarge.intrinsicSize == Size(width: 37, height: 37))
        #expect(ActivityIndicatorView.Style.gray.intrinsicSize == Size(width: 20, height: 20))
        let spinner = ActivityIndicatorView()
        #expect(spinner.style == .medium && spinner.frame.size == Size(width: 20, height: 20))
        #expect(spinner.contentHuggingPriority(for: .horizontal) == .defaultHigh)
        #expect(spinner.descriptionClassName == "UIActivityIndicatorView")
        #expect(spinner.color == .gray && ActivityIndicatorView(style: .white).color == .white)
        spinner.style = .large
        #expect(spinner.intrinsicContentSize.width == 37)
    }

    @Test func itIsHiddenWhileStopped() {
        let spinner = ActivityIndicatorView(style: .large)
        #expect(spinner.isHidden && !spinner.isAnimating)
        spinner.startAnimating()
        #expect(!spinner.isHidden && spinner.isAnimating)
        spinner.stopAnimating()
        #expect(spinner.isHidden)
        spinner.hidesWhenStopped = false
        #expect(!spinner.isHidden)
        spinner.startAnimating()
        spinner.stopAnimating()
        #expect(!spinner.isHidden && !spinner.isAnimating)
    }

    /// A stack view collapses a stopped spinner and makes room for a running one.
    @Test func aStackViewCollapsesAStoppedSpinner() {
        let label = Label(text: "Loading"), spinner = ActivityIndicatorView(style: .medium)
        let stack = StackView(arrangedSubviews: [spinner, label])
        stack.spacing = 8
        let root = makeRoot(width: 320, height: 100, stack)
        LayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                   stack.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(spinner.frame.width == 0 && label.frame.minX == 0)
        spinner.startAnimating()
        root.layoutIfNeeded()
        #expect(spinner.frame.width == 20 && label.frame.minX == 20 + 8)
    }
}
