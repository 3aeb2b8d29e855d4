import AutoLayout

extension InterfaceBuilderBuilder {
    // MARK: Properties

    /// Where the intrinsic size comes from: a placeholder or a designable's measured size
    /// first; else, for views sized by their content, the stored frame (`fromFrames`) or, for
    /// labels, buttons, images and the controls AutoLayout models (switches, sliders, segmented
    /// controls, activity indicators, steppers, progress views, pickers and wheel date pickers),
    /// the model (`fromModel`), with the ``ControlMetrics`` of the Xcode generation that saved
    /// the file. A control without a stored frame takes its model size in both modes.
    func intrinsicSize(_ e: MarkupElement, frame: Rect?) throws(SourceError) -> Size? {
        let none = View.noIntrinsicMetric
        if !forNib, e["placeholderIntrinsicWidth"] != nil || e["placeholderIntrinsicHeight"] != nil {
            func value(_ name: String, _ stored: Double?) throws(SourceError) -> Double {
                guard let text = e[name] else { return stored ?? none }
                return text == "infinite" ? none : max(0, try number(text, name, in: e))
            }
            return Size(width: try value("placeholderIntrinsicWidth", frame?.width), height: try value("placeholderIntrinsicHeight", frame?.height))
        }
        // A designable's measured size, except a wrapping label's: IB records its one-line size
        // (corona-warn-app's 1,081-point label) and stores the frame it wrapped to.
        let wraps = e.name == "label" && (e["numberOfLines"] ?? "1") != "1"
        if !forNib, !(wraps && frame != nil), let id = e["id"], let size = designables[id] { return size }
        let fromModel = options.intrinsicSizes == .fromModel
        // The controls of the generation that saved the file.
        let metrics = tools < .xcode11 ? ControlMetrics.beforeIOS13 : .current
        switch e.name {
        case "label", "button":
            return fromModel ? nil : frame?.size
        case "imageView":
            guard let image = e["image"] else { return nil }
            return fromModel ? images[image] : frame?.size ?? images[image]
        case "switch":
            return fromModel ? metrics.switchSize : frame?.size ?? metrics.switchSize
        case "activityIndicatorView":
            let size = activityIndicatorStyle(e).intrinsicSize
            return fromModel ? size : frame?.size ?? size
        case "segmentedControl":
            if !fromModel, let frame { return frame.size }
            return Size(width: segmentedControl(e).intrinsicContentSize.width, height: metrics.segmentedControlHeight)
        case "slider":
            return Size(width: none, height: fromModel ? metrics.sliderHeight : frame?.height ?? metrics.sliderHeight)
        case "pickerView":
            return metrics.pickerViewSize
        case "stepper":
            return fromModel ? metrics.stepperSize : frame?.size ?? metrics.stepperSize
        case "progressView" where (e["progressViewStyle"] ?? "default") == "default":
            return Size(width: none, height: fromModel ? metrics.progressViewHeight : frame?.height ?? metrics.progressViewHeight)
        case "datePicker" where (e["style"] ?? "wheels") == "wheels":
            return fromModel ? metrics.wheelsDatePickerSize : frame?.size ?? metrics.wheelsDatePickerSize
        case "textField", "pageControl", "datePicker":
            return frame?.size
        case "progressView", "navigationBar", "toolbar", "tabBar", "searchBar":
            return frame.map { Size(width: none, height: $0.height) }
        case "textView" where e["scrollEnabled"] == "NO":
            return frame?.size
        case "view" where !fromModel && !forNib && e["customClass"] != nil:
            // Hugging and compression resistance act only on an intrinsic size: a custom view
            // whose priorities were set in IB has one on that axis, which IB measured (Habitica's
            // login fields: 50 tall against a 40-point height at priority 500).
            guard let frame else { return nil }
            let wide = e["horizontalHuggingPriority"] != nil || e["horizontalCompressionResistancePriority"] != nil
            let tall = e["verticalHuggingPriority"] != nil || e["verticalCompressionResistancePriority"] != nil
            guard wide || tall else { return nil }
            return Size(width: wide ? frame.width : none, height: tall ? frame.height : none)
        default:
            return nil
        }
    }

    /// An activity indicator's style from IB's name for it (`medium` when the file gives none,
    /// as IB writes no style for its default).
    func activityIndicatorStyle(_ e: MarkupElement) -> ActivityIndicatorView.Style {
        switch e["style"] {
        case "large": .large
        case "whiteLarge": .whiteLarge
        case "white": .white
        case "gray": .gray
        default: .medium
        }
    }

    /// A segmented control with the file's segments: titles, or images from `<resources>`.
    func segmentedControl(_ e: MarkupElement) -> SegmentedControl {
        let items: [Any] = (e.child("segments")?.children("segment") ?? []).map { segment in
            if let name = segment["image"], let size = images[name] { return Image(size: size, name: name) }
            return segment["title"] ?? ""
        }
        return SegmentedControl(items: items)
    }

    /// Text, font, lines and image: what the model measures (`--intrinsic-from-model`).
    func readContent(_ e: MarkupElement, into p: inout ViewProperties) {
        let font = e.child("fontDescription", key: "fontDescription")
        var size = finite(font?["pointSize"]) ?? font?["style"].flatMap(textStyle).map { Font.preferredFont(forTextStyle: $0).pointSize }
        switch e.name {
        case "label":
            var text = e["text"] ?? e.child("string", key: "text")?.text
            if let attributed = e.child("attributedString", key: "attributedText") {
                let fragments = attributed.children("fragment")
                text = fragments.map { $0["content"] ?? $0.child("string", key: "content")?.text ?? "" }.joined()
                if size == nil {
                    size = fragments.lazy.compactMap { self.finite($0.child("attributes")?.child("font", key: "NSFont")?["size"]) }.first
                }
            }
            p.text = text
            p.lines = e["numberOfLines"].flatMap(Int.init).map { max(0, $0) } ?? 1
            p.preferredMaxLayoutWidth = finite(e["preferredMaxLayoutWidth"]).map { max(0, $0) }
            p.font = size.map { min(max($0, 1), 1000) } ?? 17
            p.lineBreakMode = e["lineBreakMode"].flatMap { lineBreakModes[$0] }
            p.textAlignment = e["textAlignment"].flatMap { textAlignments[$0] }
        case "button":
            p.title = e.child("state", key: "normal")?["title"] ?? ""
            p.font = size.map { min(max($0, 1), 1000) } ?? Button.defaultTitleFont.pointSize
        case "imageView":
            if options.intrinsicSizes == .fromModel, let name = e["image"] { p.image = images[name] }
        default:
            break
        }
    }

    /// `axis`, `distribution`, `alignment`, `spacing` and the arrangement flags of a stack view.
    func readStack(_ e: MarkupElement, into p: inout ViewProperties) throws(SourceError) {
        p.axis = e["axis"] == "vertical" ? .vertical : .horizontal
        p.arrangesHiddenViewsAsInterfaceBuilder = !forNib
        let distributions: [String: StackView.Distribution] = [
            "fill": .fill, "fillEqually": .fillEqually, "fillProportionally": .fillProportionally,
            "equalSpacing": .equalSpacing, "equalCentering": .equalCentering,
        ]
        let alignments: [String: StackView.Alignment] = [
            "fill": .fill, "leading": .leading, "top": .leading, "firstBaseline": .firstBaseline, "center": .center,
            "trailing": .trailing, "bottom": .trailing, "lastBaseline": .lastBaseline, "baseline": .lastBaseline,
        ]
        if let d = e["distribution"] {
            guard let value = distributions[d] else { throw error("unknown stack view distribution '\(d)'", at: e) }
            p.distribution = value
        }
        if let a = e["alignment"] {
            guard let value = alignments[a] else { throw error("unknown stack view alignment '\(a)'", at: e) }
            p.alignment = value
        }
        if let s = e["spacing"] { p.spacing = try number(s, "spacing", in: e) }
        // IB's "Standard" spacing (`spacingType="standard"`) is UIKit's `spacingUseSystem`: 8
        // points between the views, as the stored frames show (kharrison's and Iterable's stacks).
        if e["spacingType"] == "standard" { p.spacing = StackView.spacingUseSystem }
        p.baselineRelative = e["baselineRelativeArrangement"] == "YES"
        // Layout margins stored on a stack view are the ones it arranges its views inside: no
        // file in the shared corpus writes `layoutMarginsRelativeArrangement`, and the stored
        // frames of every stack view with stored margins there (20 in 8 apps: Esri's, IBAnimatable's,
        // corona-warn-app's, Instructions', Sentry's, kharrison's…) place the first view at the
        // margins' top left.
        p.marginsRelative = e["layoutMarginsRelativeArrangement"] == "YES" || p.margins != nil
    }

    func autoresizingMask(_ e: MarkupElement) -> View.AutoresizingMask {
        guard let m = e.child("autoresizingMask", key: "autoresizingMask") else { return [] }
        var mask: View.AutoresizingMask = []
        let flags: [(String, View.AutoresizingMask)] = [
            ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth), ("flexibleMaxX", .flexibleRightMargin),
            ("flexibleMinY", .flexibleTopMargin), ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin),
        ]
        for (name, flag) in flags where m[name] == "YES" { mask.insert(flag) }
        return mask
    }

    func margins(_ e: MarkupElement) throws(SourceError) -> DirectionalEdgeInsets? {
        if let m = e.child("edgeInsets", key: "layoutMargins") {
            return DirectionalEdgeInsets(top: try number(m["top"] ?? "0", "top", in: m), leading: try number(m["left"] ?? "0", "left", in: m),
                                         bottom: try number(m["bottom"] ?? "0", "bottom", in: m),
                                         trailing: try number(m["right"] ?? "0", "right", in: m))
        }
        if let m = e.child("directionalEdgeInsets", key: "directionalLayoutMargins") {
            return DirectionalEdgeInsets(top: try number(m["top"] ?? "0", "top", in: m),
                                         leading: try number(m["leading"] ?? "0", "leading", in: m),
                                         bottom: try number(m["bottom"] ?? "0", "bottom", in: m),
                                         trailing: try number(m["trailing"] ?? "0", "trailing", in: m))
        }
        return nil
    }

    func priority(_ e: MarkupElement, _ name: String, default value: Float) throws(SourceError) -> Float {
        guard let text = e[name] else { return value }
        let p = try number(text, name, in: e)
        guard p >= 1, p <= 1000 else { throw error("\(name) \(text) is out of range: use 1 to 1000", at: e) }
        return Float(p)
    }

    /// The stored `<rect key="frame">`, if any (sizes below 0 read as 0).
    func rect(_ e: MarkupElement) -> Rect? {
        guard let r = e.child("rect", key: "frame") else { return nil }
        func value(_ name: String) -> Double {
            guard let v = r[name].flatMap(Double.init), v.isFinite, abs(v) <= LayoutFile.largestNumber else { return 0 }
            return Self.pixelAligned(v)
        }
        return Rect(x: value("x"), y: value("y"), width: max(0, value("width")), height: max(0, value("height")))
    }

    /// IB lays out on the pixel grids of 2x and 3x screens (sixths of a point) but writes some
    /// frames (cells', rows') in single precision: 51.333332061767578 is 51⅓, and read as it is
    /// it would be 1.3e-6 short of 10 + 41⅓, a conflict with a required chain. A value within
    /// single precision's error of a sixth is that sixth.
    static func pixelAligned(_ v: Double) -> Double {
        let sixths = (v * 6).rounded()
        return abs(v * 6 - sixths) <= 1e-6 * max(1, abs(v * 6)) ? sixths / 6 : v
    }

    /// A number that is finite and within what files may give, or nil (for values read
    /// leniently: a bad one is ignored rather than refused).
    func finite(_ text: String?) -> Double? {
        guard let v = text.flatMap(Double.init), v.isFinite, abs(v) <= LayoutFile.largestNumber else { return nil }
        return v
    }

    func number(_ text: String, _ name: String, in e: MarkupElement) throws(SourceError) -> Double {
        guard let v = Double(text), v.isFinite else { throw error("\(name)=\"\(text)\" is not a number", at: e) }
        guard abs(v) <= LayoutFile.largestNumber else {
            throw error("\(name)=\"\(text)\" is too large: numbers up to \(formatted(LayoutFile.largestNumber)) are read", at: e)
        }
        return v
    }
}

/// Labels' `lineBreakMode`s and `textAlignment`s, by IB's names.
private let lineBreakModes: [String: LineBreakMode] = [
    "wordWrap": .byWordWrapping, "characterWrap": .byCharWrapping, "clip": .byClipping, "headTruncation": .byTruncatingHead,
    "tailTruncation": .byTruncatingTail, "middleTruncation": .byTruncatingMiddle,
]
private let textAlignments: [String: TextAlignment] = [
    "left": .left, "center": .center, "right": .right, "justified": .justified, "natural": .natural,
]

/// The text style of IB's style name: UIKit's raw value (`UICTFontTextStyleBody`), or the
/// `UICTFontTextStyleLargeTitle` some files write for `UICTFontTextStyleTitle0`.
private func textStyle(_ name: String) -> Font.TextStyle? {
    name == "UICTFontTextStyleLargeTitle" ? .largeTitle : Font.TextStyle(rawValue: name)
}
