import AutoLayout

extension InterfaceBuilderBuilder {
    // MARK: Views

    /// Every element in `<subviews>`, `<prototypes>` and `<cells>` is a view, and so is a
    /// top-level object with a frame.
    func isViewElement(_ e: MarkupElement) -> Bool {
        viewClasses[e.name] != nil || e.child("rect", key: "frame") != nil
    }

    /// Reads a view and its subtree; returns its reference.
    @discardableResult
    mutating func readView(_ e: MarkupElement, parent: ViewRef?, depth: Int, frame rootFrame: Rect? = nil,
                           isControllerRoot: Bool = false, inStack: Bool = false) throws(SourceError) -> ViewRef {
        let id = e["id"] ?? "\(e.name)@\(e.line)"
        let (viewClass, uikitName) = viewClasses[e.name] ?? (.view, "UI" + e.name.prefix(1).uppercased() + e.name.dropFirst())
        let frame = rootFrame ?? rect(e)
        var p = ViewProperties()
        if let custom = e["customClass"] {
            // UIKit prints a Swift class with its module; a check names it as IB shows it.
            p.className = forNib ? e["customModule"].map { $0 + "." + custom } ?? custom : custom
        } else {
            p.className = uikitName
        }
        p.label = e["userLabel"]
        p.frame = frame ?? (parent == nil ? Rect(origin: .zero, size: device.size) : nil)
        p.hidden = isHidden(e)
        p.identifier = e.child("accessibility", key: "accessibilityConfiguration")?["identifier"]
        if parent == nil, !forNib {
            p.translates = true
        } else if inStack {
            p.translates = false
        } else if e["translatesAutoresizingMaskIntoConstraints"] == "NO" && e["fixedFrame"] != "YES" {
            p.translates = false
        } else {
            p.translates = true
            p.autoresizing = autoresizingMask(e)
            if p.frame == nil { p.frame = .zero }
        }
        p.hugging = (try priority(e, "horizontalHuggingPriority", default: 250), try priority(e, "verticalHuggingPriority", default: 250))
        p.compression = (try priority(e, "horizontalCompressionResistancePriority", default: 750),
                         try priority(e, "verticalCompressionResistancePriority", default: 750))
        let rootMargins = ViewController.systemMinimumLayoutMargins(forWidth: p.frame?.width ?? device.size.width)
        p.margins = try margins(e) ?? (isControllerRoot ? rootMargins : nil)
        if e["insetsLayoutMarginsFromSafeArea"] == "NO" { p.insetsMarginsFromSafeArea = false }
        // (A cell's own margins are the table's business; its content view's have their rules.)
        if e["preservesSuperviewLayoutMargins"] == "YES", parent != nil, !viewClass.isCell { preservesMargins.append(out.layout.views.count) }
        p.intrinsic = try intrinsicSize(e, frame: frame)
        // A switch's, a slider's and a segmented control's frames reach past their alignment
        // rectangles, which constraints place.
        // Xcode 26's sliders (iOS 26's) have none: their stored frames are where constraints put
        // them (DataDog's and NetNewsWire's storyboards).
        let sliderInsets = tools < .xcode26 ? Slider.alignmentRectInsets : nil
        let outsetsByElement = ["switch": Switch.alignmentRectInsets, "slider": sliderInsets,
                                "segmentedControl": SegmentedControl.alignmentRectInsets]
        if let outsets = outsetsByElement[e.name] ?? nil {
            p.alignmentOutsets = outsets
            let (across, down) = (outsets.left + outsets.right, outsets.top + outsets.bottom)
            p.intrinsic = p.intrinsic.map {
                Size(width: $0.width < 0 ? $0.width : max(0, $0.width - across), height: $0.height < 0 ? $0.height : max(0, $0.height - down))
            }
            if let f = p.frame {
                p.frame = Rect(x: f.minX + outsets.left, y: f.minY + outsets.top, width: max(0, f.width - across), height: max(0, f.height - down))
            }
        }
        readContent(e, into: &p)
        if viewClass == .stackView { try readStack(e, into: &p) }

        let index = out.layout.views.count
        out.layout.views.append(ViewDecl(name: id, viewClass: viewClass, parent: parent, line: e.line, depth: depth, properties: p))
        out.elements.append(.init(name: e.name, customClass: e["customClass"], line: e.line, column: e.column))
        out.layout.statements.append(.makeView(index))
        let ref = ViewRef.view(index)
        items[id] = .view(ref)
        out.storedViews.append(.init(id: id, frame: frame, isMisplaced: e["misplaced"] == "YES", isAmbiguous: e["ambiguous"] == "YES"))
        if e.name == "scrollView" { addScrollGuides(e, scrollView: index) }

        var arranged: [Int] = []
        try readChildren(e, of: ref, depth: depth, isStack: viewClass == .stackView, arranged: &arranged)
        if viewClass == .stackView {
            out.layout.views[index].properties.arranged = arranged
            measureProportionalLabels(arranged, in: index)
        }
        if viewClass.isCell, let content = e.children.first(where: { $0["key"] == "contentView" }) {
            try readContentView(content, cell: index, depth: depth, hasAccessory: (e["accessoryType"] ?? "none") != "none"
                || e.children.contains { $0["key"] == "accessoryView" })
        }
        return ref
    }

    /// A vertical fill-proportionally stack scales its views' heights from their intrinsic
    /// heights, so a single-line label's stored height is the scaled one, not what it measures:
    /// its intrinsic height is its font's line (the text model's, which comes within a pixel of
    /// the system font's: RxDataSources' 17-point labels share a 201-point stack with pickers,
    /// 20.5 to 216, and are stored 17.5 tall). Its width stays the stored one, where the
    /// model's advances would be far from the real font's.
    mutating func measureProportionalLabels(_ arranged: [Int], in stack: Int) {
        let p = out.layout.views[stack].properties
        guard !forNib, options.intrinsicSizes == .fromFrames, p.distribution == .fillProportionally, p.axis == .vertical else { return }
        for i in arranged where out.elements[i].name == "label" {
            let label = out.layout.views[i].properties
            guard label.lines == 1, let text = label.text, !text.isEmpty, let font = label.font, let intrinsic = label.intrinsic else { continue }
            let measured = MonospacedTextModel().layout(text, font: Font.systemFont(ofSize: font), width: nil, maximumLines: 1,
                                                        lineBreakMode: .byTruncatingTail)
            out.layout.views[i].properties.intrinsic = Size(width: intrinsic.width, height: measured.size.height)
        }
    }

    /// A cell's content view: the cell class makes it; the file names it, sets its margins and
    /// fills it.
    mutating func readContentView(_ e: MarkupElement, cell: Int, depth: Int, hasAccessory: Bool) throws(SourceError) {
        let ref = ViewRef.contentView(cell)
        let id = e["id"] ?? out.layout.views[cell].name + ".contentView"
        out.layout.views[cell].contentName = id
        out.layout.views[cell].contentFrame = rect(e)
        out.layout.views[cell].contentMargins = try margins(e) ?? (out.layout.views[cell].viewClass == .tableViewCell
            ? tableCellContentMargins(cell: out.layout.views[cell], hasAccessory: hasAccessory) : nil)
        items[id] = .view(ref)
        out.storedViews.append(.init(id: id, frame: rect(e), isMisplaced: e["misplaced"] == "YES", isAmbiguous: e["ambiguous"] == "YES"))
        var arranged: [Int] = []
        try readChildren(e, of: ref, depth: depth + 1, isStack: false, arranged: &arranged)
    }

    /// The margins of a table cell's content view: a list's side margins
    /// (``ListContentConfiguration/standardHorizontalMargin(forWidth:)``) and 11 above and
    /// below. A cell in a table view is measured by the simulated device's width, whatever the
    /// table's or the cell's own (Esri's 375-point table on a 414-point iPhone, NetNewsWire's
    /// inset-grouped cells and KeePassium's on a 393-point iPhone get 20, Hackers' inset-grouped
    /// ones on a 375-point iPhone 16); a top-level cell of a `.xib` by its own width (320-point
    /// cells get 16 on any device: checkout's, corona-warn-app's and Seafile's). Files saved
    /// before Xcode 9.3 show 8 on every side, iOS 10's margins (IBAnimatable's and Reusable's
    /// cells). A cell with an
    /// accessory (`accessoryType` other than none, or an `accessoryView`) ends its content view
    /// before the accessory, and the content view's trailing margin is then the standard 8
    /// spacing to it, not the system margin (Esri's detail-disclosure cells, NetNewsWire's,
    /// Rocket.Chat's and SwiftMessages' disclosure-indicator cells, Xcode 10 to 16). iOS 26's
    /// rows are taller: Xcode 26 gives content views 15 above and below (NetNewsWire's settings
    /// and inspector cells, firebase's quickstart cells).
    func tableCellContentMargins(cell: ViewDecl, hasAccessory: Bool) -> DirectionalEdgeInsets {
        if tools < .xcode9_3 { return DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8) }
        let m = ListContentConfiguration.standardHorizontalMargin(forWidth: cell.parent == nil ? cell.properties.frame?.width ?? device.size.width : device.size.width)
        let vertical: Double = tools >= .xcode26 ? 15 : 11
        return DirectionalEdgeInsets(top: vertical, leading: m, bottom: vertical, trailing: hasAccessory ? 8 : m)
    }

    /// UIKit's `preservesSuperviewLayoutMargins`: a view's margin on an edge is at least its
    /// superview's margin there less the distance between their edges. The distances are the
    /// stored frames', as IB laid them out (UIKit measures the frames it lays out); a superview's
    /// margins count its safe area. iTorrent's settings content view inside a scroll view takes
    /// its controller's 16-point margins so.
    mutating func applyPreservedMargins() {
        guard !preservesMargins.isEmpty else { return }
        let standard = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
        var effective: [ViewRef: DirectionalEdgeInsets] = [:]
        func margins(of ref: ViewRef) -> (DirectionalEdgeInsets, Size)? {
            let decl = out.layout.views[ref.declared]
            guard let frame = decl.properties.frame else { return nil }
            if case .contentView = ref { return (decl.contentMargins ?? standard, decl.contentFrame?.size ?? frame.size) }
            var m = effective[ref] ?? decl.properties.margins ?? standard
            if effective[ref] == nil, let safe = decl.properties.safeArea, decl.properties.insetsMarginsFromSafeArea != false {
                m = DirectionalEdgeInsets(top: m.top + safe.top, leading: m.leading + safe.left, bottom: m.bottom + safe.bottom, trailing: m.trailing + safe.right)
            }
            return (m, frame.size)
        }
        for i in preservesMargins {
            let decl = out.layout.views[i]
            guard let parent = decl.parent, let frame = decl.properties.frame, let (outer, size) = margins(of: parent),
                  let (own, _) = margins(of: .view(i)) else { continue }
            let preserved = DirectionalEdgeInsets(
                top: max(own.top, outer.top - frame.minY), leading: max(own.leading, outer.leading - frame.minX),
                bottom: max(own.bottom, outer.bottom - (size.height - frame.maxY)), trailing: max(own.trailing, outer.trailing - (size.width - frame.maxX)))
            effective[.view(i)] = preserved
            if preserved != own { out.layout.views[i].properties.margins = preserved }
        }
    }

    /// Subviews, constraints, guides and cells of a view; notes for anything else unknown.
    mutating func readChildren(_ e: MarkupElement, of ref: ViewRef, depth: Int, isStack: Bool, arranged: inout [Int]) throws(SourceError) {
        for child in e.children {
            switch child.name {
            case "subviews", "prototypes", "cells":
                for subview in child.children where !excluded.contains(subview["id"] ?? "") {
                    let made = try readView(subview, parent: ref, depth: depth + 1, inStack: isStack)
                    if case .view(let i) = made { arranged.append(i) }
                }
            case "sections":
                for section in child.children("tableViewSection") {
                    for cell in section.child("cells")?.children ?? [] { try readView(cell, parent: ref, depth: depth + 1) }
                }
            case "constraints":
                for constraint in child.children("constraint") { pending.append((constraint, ref)) }
            case "items" where e.name == "navigationBar":
                // A navigation bar of the file's own: its items' custom views sit in it.
                let width = out.layout.views[ref.declared].properties.frame?.width ?? device.size.width
                for item in child.children("navigationItem") { try readNavigationItem(item, in: ref, width: width, depth: depth + 1) }
            case "viewLayoutGuide":
                guard let id = child["id"] else { continue }
                switch child["key"] {
                case "safeArea": items[id] = .safeArea(ref)
                case "contentLayoutGuide", "frameLayoutGuide":
                    if case .view(let i) = ref, let g = contentGuides[i] { items[id] = .guide(child["key"] == "contentLayoutGuide" ? g : g + 1) }
                default: note("skipped <viewLayoutGuide key=\"\(child["key"] ?? "")\">", at: child)
                }
            default:
                // A visual effect view's content view is its subview (UIKit's `contentView`,
                // filling it by its autoresizing mask), which holds what it shows.
                if e.name == "visualEffectView", child["key"] == "contentView", isViewElement(child) {
                    try readView(child, parent: ref, depth: depth + 1)
                    continue
                }
                // (A cell's content view is read with the cell; a controller's view with it.)
                if child["key"] == "contentView" || child["key"] == "view" { continue }
                if ["tableHeaderView", "tableFooterView", "backgroundView", "sectionHeaderView", "sectionFooterView"].contains(child["key"] ?? ""), isViewElement(child) {
                    try readView(child, parent: ref, depth: depth + 1)
                } else if !ignoredElements.contains(child.name) {
                    note("skipped <\(child.name)> in \(e["id"] ?? e.name)", at: child)
                }
            }
        }
    }

    /// A navigation item's custom views (a bar button item's `customView`, a `titleView`) in the
    /// navigation bar `bar` that shows them, `width` wide, where IB stored them: their
    /// autoresizing masks keep them there (BertQA's right buttons 16 points from the trailing
    /// edge of a 375-point bar in scenes 600 wide, Provenance's search field off the bar's
    /// centre; every such view in our 296 files has a mask). A controller's item is shown in its
    /// navigation controller's bar, which is not in its scene: `bar` nil makes one, 44 points
    /// tall (not compared: the file stores no frame for it). `depth`: the custom views' depth
    /// in the hierarchy.
    mutating func readNavigationItem(_ item: MarkupElement, in bar: ViewRef?, width: Double, depth: Int = 1) throws(SourceError) {
        var parts: [MarkupElement] = []
        for child in item.children {
            if child.name == "barButtonItem", let key = child["key"], key == "leftBarButtonItem" || key == "rightBarButtonItem",
               let custom = child.children.first(where: { $0["key"] == "customView" && isViewElement($0) }) {
                parts.append(custom)
            } else if child["key"] == "titleView", isViewElement(child) {
                parts.append(child)
            }
        }
        guard !parts.isEmpty else { return }
        let barRef: ViewRef
        if let bar {
            barRef = bar
        } else {
            let index = out.layout.views.count
            var p = ViewProperties()
            p.frame = Rect(x: 0, y: 0, width: width, height: 44)
            p.translates = true
            p.className = "UINavigationBar"
            out.layout.views.append(ViewDecl(name: (item["id"] ?? "navigationItem@\(item.line)") + ".bar", viewClass: .view,
                                             parent: nil, line: item.line, depth: 0, properties: p))
            out.elements.append(.init(name: "navigationBar", customClass: nil, line: item.line, column: item.column))
            out.layout.statements.append(.makeView(index))
            barRef = .view(index)
        }
        for e in parts { try readView(e, parent: barRef, depth: depth) }
    }

    /// A scroll view's content and frame layout guides: the content starts at the scroll
    /// view's top leading corner (content offset zero) and its size is what the constraints
    /// inside make it; the frame guide is the scroll view's frame.
    mutating func addScrollGuides(_ e: MarkupElement, scrollView i: Int) {
        let g = out.layout.guides.count
        let owner = ViewRef.view(i)
        out.layout.guides.append(GuideDecl(name: out.layout.views[i].name + ".contentLayoutGuide", owner: owner, line: e.line))
        out.layout.guides.append(GuideDecl(name: out.layout.views[i].name + ".frameLayoutGuide", owner: owner, line: e.line))
        out.layout.statements.append(.makeGuide(g))
        out.layout.statements.append(.makeGuide(g + 1))
        contentGuides[i] = g
        var pins: [(Int, LayoutConstraint.Attribute)] = [(g, .leading), (g, .top)]
        pins += [LayoutConstraint.Attribute.leading, .trailing, .top, .bottom].map { (g + 1, $0) }
        for (guide, attribute) in pins { out.layout.addEquality(.guide(guide), attribute, to: .view(owner), attribute, line: e.line) }
    }
}

/// IB's element names for the classes with their own behaviour; other view elements are plain
/// views printed with their UIKit class (`textField` is a `UITextField`).
private let viewClasses: [String: (ViewClass, String)] = [
    "view": (.view, "UIView"), "label": (.label, "UILabel"), "imageView": (.imageView, "UIImageView"), "button": (.button, "UIButton"),
    "stackView": (.stackView, "UIStackView"), "tableViewCell": (.tableViewCell, "UITableViewCell"),
    "collectionViewCell": (.collectionViewCell, "UICollectionViewCell"), "containerView": (.view, "UIView"),
    "textField": (.view, "UITextField"), "textView": (.view, "UITextView"), "scrollView": (.view, "UIScrollView"),
    "tableView": (.view, "UITableView"), "collectionView": (.view, "UICollectionView"), "searchBar": (.view, "UISearchBar"),
    "switch": (.view, "UISwitch"), "segmentedControl": (.view, "UISegmentedControl"), "slider": (.view, "UISlider"),
    "stepper": (.view, "UIStepper"), "progressView": (.view, "UIProgressView"), "pageControl": (.view, "UIPageControl"),
    "activityIndicatorView": (.view, "UIActivityIndicatorView"), "datePicker": (.view, "UIDatePicker"),
    "pickerView": (.view, "UIPickerView"), "mapView": (.view, "MKMapView"), "wkWebView": (.view, "WKWebView"),
    "visualEffectView": (.view, "UIVisualEffectView"), "toolbar": (.view, "UIToolbar"), "navigationBar": (.view, "UINavigationBar"),
    "tabBar": (.view, "UITabBar"), "collectionReusableView": (.view, "UICollectionReusableView"),
]

/// Elements inside a view that say nothing about layout (colours, fonts, connections…).
private let ignoredElements: Set<String> = [
    "rect", "autoresizingMask", "color", "fontDescription", "nil", "state", "userDefinedRuntimeAttributes", "connections",
    "accessibility", "point", "size", "inset", "textInputTraits", "attributedString", "string", "edgeInsets",
    "directionalEdgeInsets", "variation", "image", "segments", "items", "collectionViewFlowLayout", "collectionViewLayout",
    "animations", "gestureRecognizers", "dataDetectorType", "real", "integer", "bool", "freeformSimulatedSizeMetrics",
    "imageReference", "preferredSymbolConfiguration", "backgroundConfiguration", "buttonConfiguration", "date", "locale",
    "textAttributes", "accessibilityTraits", "offsetWrapper", "navigationItem", "tabBarItem", "toolbarItems", "barButtonItem",
    "navigationBarAppearance", "tabBarAppearance", "toolbarAppearance", "edgeInsetsReference", "imageEdgeInsets",
    "contentEdgeInsets", "titleEdgeInsets", "stringAttribute", "value", "dictionary", "array", "mutableArray", "data",
    "outletCollection", "outlet", "action", "segue", "simulatedStatusBarMetrics", "simulatedNavigationBarMetrics",
    "simulatedTabBarMetrics", "simulatedToolbarMetrics", "simulatedOrientationMetrics", "simulatedScreenMetrics",
]
