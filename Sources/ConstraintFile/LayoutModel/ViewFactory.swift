import AutoLayout

/// Makes the view a class names (the parser builds a scratch hierarchy to check visual
/// formats; the runner builds the real one). A fixed `intrinsic` size (an Interface Builder
/// file's stored frame or placeholder) replaces what a label, button or image view would measure.
func makeView(_ viewClass: ViewClass, intrinsic: Size?) -> View {
    switch viewClass {
    case .view: return intrinsic.map { IntrinsicSizeView(size: $0) } ?? View()
    case .label:
        let label = Label()
        if let intrinsic { label.textModel = FixedTextModel(size: intrinsic) }
        return label
    case .imageView: return ImageView(image: intrinsic.map { Image(size: $0) })
    case .button: return intrinsic.map { IntrinsicSizeButton(size: $0) } ?? Button()
    case .stackView: return intrinsic.map { IntrinsicSizeStackView(size: $0) } ?? StackView()
    case .tableViewCell: return TableViewCell(frame: .zero)
    case .collectionViewCell: return CollectionViewCell()
    case .collectionViewListCell: return CollectionViewListCell()
    }
}

/// A plain view with a fixed intrinsic content size (`intrinsic=(w,h)`).
final class IntrinsicSizeView: View {
    let size: Size
    init(size: Size) {
        self.size = size
        super.init(frame: .zero)
        descriptionClassName = "UIView"   // the file declared a plain `View`
    }
    override var intrinsicContentSize: Size { size }
}

/// A button whose intrinsic size is given rather than measured from its title.
final class IntrinsicSizeButton: Button {
    let size: Size
    init(size: Size) {
        self.size = size
        super.init(title: nil)
        descriptionClassName = "UIButton"
    }
    override var intrinsicContentSize: Size { size }
}

/// A stack view with no visible arranged view that keeps the size Interface Builder drew it
/// with (IB never flags such a stack as ambiguous).
final class IntrinsicSizeStackView: StackView {
    let size: Size
    init(size: Size) {
        self.size = size
        super.init(frame: .zero)
        descriptionClassName = "UIStackView"
    }
    override var intrinsicContentSize: Size { size }
}

/// Text that measures a given size whatever it says (a label's stored frame): one line per
/// 1.2 × the font size, the lines sharing the height evenly, each baseline the font's descender
/// above its line's bottom (a real font's line is its ascender and descender, so a single
/// line's first and last baselines are one).
struct FixedTextModel: TextMeasuring {
    let size: Size

    func layout(_ text: String, font: Font, width: Double?, maximumLines: Int, lineBreakMode: LineBreakMode) -> TextLayout {
        let lines = max(1, Int((size.height / font.lineHeight).rounded()))
        let pitch = size.height / Double(lines)
        return TextLayout(size: size, lineCount: lines, firstBaseline: max(0, pitch - font.descender),
                          lastBaseline: max(0, size.height - font.descender))
    }
}

/// The content view of a cell.
func contentView(of view: View) -> View? {
    if let cell = view as? TableViewCell { return cell.contentView }
    if let cell = view as? CollectionViewCell { return cell.contentView }
    return nil
}
