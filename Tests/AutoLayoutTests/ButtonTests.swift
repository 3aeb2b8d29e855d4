import Testing
@testable import AutoLayout

@Suite struct ButtonTests {
    @Test func typesAndTheirTitleColours() {
        #expect(Button(type: .system).buttonType == .system && Button(title: "A").buttonType == .system)
        #expect(Button(frame: .zero).buttonType == .custom && Button(type: .custom).buttonType == .custom)
        #expect(Button.ButtonType.close.rawValue == 7 && Button.ButtonType.contactAdd.rawValue == 5)
        #expect(Button(type: .system).titleColor(for: .normal) == .systemBlue)
        #expect(Button(type: .custom).titleColor(for: .normal) == .white)
        let tinted = Button(type: .system)
        tinted.tintColor = .systemPink
        #expect(tinted.currentTitleColor == .systemPink)
        tinted.setTitleColor(.label, for: .normal)
        tinted.setTitleColor(.systemGray, for: .disabled)
        #expect(tinted.titleColor(for: .highlighted) == .label && tinted.titleColor(for: .disabled) == .systemGray)
        tinted.isEnabled = false
        #expect(tinted.currentTitleColor == .systemGray && tinted.titleLabel?.textColor == .systemGray)
    }

    @Test func titlesFallBackToTheNormalOne() {
        let button = Button(type: .system)
        button.setTitle("Follow", for: .normal)
        button.setTitle("Following", for: .selected)
        #expect(button.title(for: .highlighted) == "Follow" && button.title(for: .selected) == "Following")
        #expect(button.currentTitle == "Follow")
        button.setTitle(nil, for: .selected)
        #expect(button.title(for: .selected) == "Follow")
    }

    /// Selecting the button shows the selected title, and the button resizes to it.
    @Test func theStatesTitleSizesTheButton() {
        let button = Button(type: .system)
        let root = makeRoot(button)
        LayoutConstraint.activate([button.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                   button.topAnchor.constraint(equalTo: root.topAnchor)])
        button.setTitle("Follow", for: .normal)
        button.setTitle("Following", for: .selected)
        root.layoutIfNeeded()
        #expect(button.frame == Rect(x: 0, y: 0, width: 54, height: 30))   // 6 × 9 = 54, 18 + 12
        button.isSelected = true
        root.layoutIfNeeded()
        #expect(button.frame.width == 81 && button.titleLabel?.text == "Following")   // 9 × 9
        button.isSelected = false
        root.layoutIfNeeded()
        #expect(button.frame.width == 54)
    }

    @Test func changingTheTitleLabelsFontResizesTheButton() {
        let button = Button(type: .system)
        button.setTitle("Save", for: .normal)
        #expect(button.intrinsicContentSize == Size(width: 36, height: 30))
        button.titleLabel?.font = .systemFont(ofSize: 20, weight: .semibold)
        #expect(button.intrinsicContentSize == Size(width: 48, height: 36))   // 4 × 12, 24 + 12
        #expect(button.titleLabel?.descriptionClassName == "UIButtonLabel")
    }

    @Test func imagesSitBesideTheTitle() {
        let button = Button(type: .system)
        let icon = Image(size: Size(width: 24, height: 24))
        button.setImage(icon, for: .normal)
        #expect(button.intrinsicContentSize == Size(width: 24, height: 24))
        button.setTitle("Share", for: .normal)
        #expect(button.intrinsicContentSize == Size(width: 24 + 45, height: 30))   // 5 × 9; 18 + 12 > 24
        button.setImage(Image(size: Size(width: 40, height: 40)), for: .highlighted)
        button.isHighlighted = true
        #expect(button.currentImage?.size.width == 40 && button.imageView?.image?.size.width == 40)
        #expect(button.intrinsicContentSize == Size(width: 85, height: 40))
        // The title is centred on the taller image: its baseline moves down by the difference.
        #expect(Self.firstBaseline(of: button) == 12.0 + (40.0 - 18.0) / 2)
        button.isHighlighted = false
        #expect(button.image(for: .normal) == icon)
        #expect(Self.firstBaseline(of: button) == 6.0 + 12.0)
    }

    /// The first baseline's distance from the top of `button` laid out at `height` (its own
    /// when nil), through a view pinned to it.
    static func firstBaseline(of button: Button, height: Double? = nil, last: Bool = false) -> Double {
        let probe = View()
        let root = makeRoot(button, probe)
        var constraints = [button.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                           button.topAnchor.constraint(equalTo: root.topAnchor),
                           probe.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                           probe.widthAnchor.constraint(equalToConstant: 1), probe.heightAnchor.constraint(equalToConstant: 1),
                           probe.topAnchor.constraint(equalTo: last ? button.lastBaselineAnchor : button.firstBaselineAnchor)]
        if let height { constraints.append(button.heightAnchor.constraint(equalToConstant: height)) }
        LayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
        defer { button.removeFromSuperview() }
        return probe.frame.minY - button.frame.minY
    }

    @Test func aStretchedButtonKeepsItsTitleAndBaselinesInTheMiddle() {
        // A 15-point title, 18 tall, baseline 12 below its top: in the intrinsic 30 points it
        // starts 6 down; in 60 it is centred, 21 down; with 10 points more inset at the top the
        // title's area is 50 tall from y 10, the title 16 down from there.
        let button = Button(type: .system)
        button.setTitle("Share", for: .normal)
        #expect(Self.firstBaseline(of: button) == 6 + 12)
        #expect(Self.firstBaseline(of: button, height: 60) == 21 + 12)
        #expect(Self.firstBaseline(of: button, height: 60, last: true) == 21 + 12)
        button.contentEdgeInsets.top = 10
        #expect(Self.firstBaseline(of: button, height: 60) == 10 + 16 + 12)
    }

    @Test func glyphTypesShowTheirSymbol() {
        for type in [Button.ButtonType.detailDisclosure, .infoLight, .infoDark, .contactAdd, .close] {
            let button = Button(type: type)
            #expect(button.currentImage?.isSymbolImage == true, "\(type)")
            #expect(button.intrinsicContentSize == Image(systemName: "info.circle")!.size, "\(type)")
        }
        #expect(Button(type: .close).currentImage?.name == "xmark.circle.fill")
        #expect(Button(type: .system).currentImage == nil)
    }

    @Test func aPrimaryActionGivesTitleImageAndTap() {
        var taps = 0
        let button = Button(primaryAction: Action(title: "Add", image: Image(systemName: "plus")) { _ in taps += 1 })
        #expect(button.buttonType == .system && button.currentTitle == "Add" && button.currentImage?.name == "plus")
        #expect(button.intrinsicContentSize == Size(width: 17 + 27, height: 30))
        button.sendActions(for: .primaryActionTriggered)
        button.sendActions(for: .touchUpInside)
        #expect(taps == 1)
        #expect(Button(type: .custom, primaryAction: nil).currentTitle == nil)
    }
}
