import Testing
@testable import AutoLayout

@Suite struct ViewAppearanceTests {
    @Test func defaultsAreUIKits() {
        let view = View()
        #expect(view.backgroundColor == nil)
        #expect(view.tintColor == .systemBlue)
        #expect(view.contentMode == .scaleToFill)
        #expect(!view.clipsToBounds && !view.layer.masksToBounds)
        #expect(view.alpha == 1 && view.isOpaque && view.isUserInteractionEnabled)
        // Labels and image views do not take touches until asked to.
        #expect(!Label().isUserInteractionEnabled && !Label(text: "a").isUserInteractionEnabled)
        #expect(!ImageView().isUserInteractionEnabled && !ImageView(image: nil).isUserInteractionEnabled)
        #expect(!ImageView(frame: .zero).isUserInteractionEnabled)
    }

    @Test func layerDefaultsAreCoreAnimations() {
        let layer = Layer()
        #expect(layer.cornerRadius == 0 && layer.cornerCurve == .circular && layer.borderWidth == 0)
        #expect(layer.borderColor == .black && layer.shadowColor == .black)
        #expect(layer.shadowOpacity == 0 && layer.shadowRadius == 3 && layer.shadowOffset == Size(width: 0, height: -3))
        #expect(layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
    }

    @Test func theLayerIsSharedAndClipsToBoundsIsItsMask() {
        let view = View()
        let layer = view.layer
        layer.cornerRadius = 12
        layer.cornerCurve = .continuous
        #expect(view.layer === layer && view.layer.cornerRadius == 12 && view.layer.cornerCurve == .continuous)
        view.clipsToBounds = true
        #expect(layer.masksToBounds)
        layer.masksToBounds = false
        #expect(!view.clipsToBounds)
    }

    @Test func theTintIsInheritedUntilSet() {
        let root = View(), child = View(), grandchild = View()
        root.addSubview(child)
        child.addSubview(grandchild)
        #expect(grandchild.tintColor == .systemBlue)
        root.tintColor = .systemPink
        #expect(grandchild.tintColor == .systemPink)
        child.tintColor = .systemGreen
        #expect(grandchild.tintColor == .systemGreen && root.tintColor == .systemPink)
        child.tintColor = nil
        #expect(grandchild.tintColor == .systemPink)
        grandchild.removeFromSuperview()
        #expect(grandchild.tintColor == .systemBlue)
    }

    /// A card as ported cell code styles it: nothing it sets moves a view or asks for layout.
    @Test func noneOfItChangesAFrame() {
        let card = View(), title = Label(text: "Title")
        let root = makeRoot(width: 320, height: 200, card)
        card.addSubview(title)
        title.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            card.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            card.topAnchor.constraint(equalTo: root.topAnchor, constant: 8),
            title.leadingAnchor.constraint(equalTo: card.layoutMarginsGuide.leadingAnchor),
            title.topAnchor.constraint(equalTo: card.layoutMarginsGuide.topAnchor),
            title.bottomAnchor.constraint(equalTo: card.layoutMarginsGuide.bottomAnchor),
        ])
        root.layoutIfNeeded()
        let frames = [root, card, title].map(\.frame)
        #expect(![root, card, title].contains { $0.needsConstraintUpdate })

        for view in [root, card, title] {
            view.backgroundColor = .secondarySystemBackground
            view.tintColor = .systemOrange
            view.contentMode = .scaleAspectFill
            view.clipsToBounds = true
            view.alpha = 0
            view.isOpaque = false
            view.isUserInteractionEnabled = false
            view.layer.cornerRadius = 40
            view.layer.borderWidth = 100
            view.layer.borderColor = Color.systemPink.cgColor
            view.layer.shadowOpacity = 1
            view.layer.shadowRadius = 30
            view.layer.shadowOffset = Size(width: 50, height: 50)
        }
        title.textColor = .secondaryLabel
        // No view asked the engine to look at it again.
        #expect(![root, card, title].contains { $0.needsConstraintUpdate })
        root.layoutIfNeeded()
        #expect([root, card, title].map(\.frame) == frames)
        #expect(title.frame.size == Size(width: 51, height: 20.5))
    }
}
