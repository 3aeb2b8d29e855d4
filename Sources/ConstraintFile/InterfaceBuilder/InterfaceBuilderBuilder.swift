import AutoLayout

/// Turns an IB document's elements into the declarations of a ``LayoutFile``: one view per view
/// element, named by its object id, and one constraint per `<constraint>` that the chosen size
/// classes install, so that the `.layout` runner builds, solves and reports them.
///
/// Read for a nib (``Nib``), the document is what the app runs rather than what IB drew: top-level
/// views keep their `translatesAutoresizingMaskIntoConstraints` and autoresizing mask, no safe
/// area is simulated, design-time intrinsic sizes (placeholders, designables) are ignored, and
/// custom classes are named with their modules, as UIKit prints them.
struct InterfaceBuilderBuilder {
    let path: String
    let sourceLines: [Substring]
    let options: InterfaceBuilderFile.Options
    /// Whether the file is read for a nib rather than for a check.
    let forNib: Bool
    var out: InterfaceBuilderFile
    var device = SimulatedDevice.named(nil, landscape: false)
    /// Views, content views and guides by object id.
    var items: [String: ItemRef] = [:]
    /// The `<constraints>` met, with the view that installs them, read once every id is known.
    var pending: [(element: MarkupElement, host: ViewRef)] = []
    /// Constraints and subviews the chosen size classes uninstall.
    var excluded: Set<String> = []
    /// Constants the chosen size classes override, by constraint id.
    var constants: [String: Double] = [:]
    /// `<resources>` images' sizes and `<designables>`' measured sizes, by name and by id.
    var images: [String: Size] = [:]
    var designables: [String: Size] = [:]
    /// Scroll views' content layout guides, by the scroll view's index.
    var contentGuides: [Int: Int] = [:]
    /// The Xcode that saved the file.
    var tools = ToolsGeneration(build: 0)
    /// Controllers shown under a navigation bar, with where its stored bar ends (nil: the
    /// standard bar below the status bar), by id; controllers shown above a tab bar.
    var navigationBars: [String: Double?] = [:]
    var aboveTabBar: Set<String> = []
    /// Containers and the controllers they show (a navigation controller's root, a tab bar
    /// controller's tabs).
    var containment: [(container: String, child: String)] = []

    init(path: String, lines: String, options: InterfaceBuilderFile.Options, forNib: Bool = false) {
        self.path = path
        sourceLines = lines.split(separator: "\n", omittingEmptySubsequences: false)
        self.options = options
        self.forNib = forNib
        out = InterfaceBuilderFile(path: path)
    }

    mutating func build(_ document: MarkupElement) throws(SourceError) -> InterfaceBuilderFile {
        guard document.name == "document", document["type"]?.hasPrefix("com.apple.InterfaceBuilder3.CocoaTouch") == true else {
            throw error("not an iOS Interface Builder document: expected <document type=\"com.apple.InterfaceBuilder3.CocoaTouch…\">, found <\(document.name)>",
                        at: document)
        }
        let deviceElement = document.child("device")
        tools = ToolsGeneration(document["toolsVersion"])
        device = SimulatedDevice.named(deviceElement?["id"], landscape: deviceElement?["orientation"] == "landscape", tools: tools)
        for image in document.child("resources")?.children("image") ?? [] {
            if let name = image["name"], let w = finite(image["width"]), let h = finite(image["height"]), w >= 0, h >= 0 {
                images[name] = Size(width: w, height: h)
            }
        }
        for designable in document.child("designables")?.children("designable") ?? [] {
            if let name = designable["name"], let size = designable.child("size", key: "intrinsicContentSize"),
               let w = finite(size["width"]), let h = finite(size["height"]) {
                designables[name] = Size(width: w, height: h)
            }
        }
        readVariations(document)
        for child in document.children {
            switch child.name {
            case "objects": try readObjects(child)
            case "scenes":
                for scene in child.children("scene") { readRelationships(scene) }
                inheritNavigationBars(child.children("scene"))
                for scene in child.children("scene") {
                    for object in scene.child("objects")?.children ?? [] { try readSceneObject(object) }
                }
            case "device", "dependencies", "resources", "designables", "simulatedMetricsContainer", "inferredMetricsTieBreakers",
                 "classes":
                continue
            default: note("skipped <\(child.name)>", at: child)
            }
        }
        try readConstraints()
        out.objects = items
        return out
    }

    // MARK: Top-level objects and scenes

    /// A `.xib`'s `<objects>`: every object with a frame, or of a view class, is a root.
    mutating func readObjects(_ objects: MarkupElement) throws(SourceError) {
        for object in objects.children {
            if object.name == "placeholder" || object.name == "customObject" || object.name.hasSuffix("GestureRecognizer") { continue }
            if isViewElement(object) {
                let root = try readView(object, parent: nil, depth: 0)
                // A top-level view filling the device is drawn as a controller's view (a nib's
                // views get their safe area from where the app puts them).
                if !forNib, object.child("viewLayoutGuide", key: "safeArea") != nil, let frame = rect(object), frame.size == device.size {
                    setSafeArea(of: root, frame: frame, controller: nil)
                }
            } else {
                note("skipped <\(object.name)>", at: object)
            }
        }
    }

    /// The containers' relationships of a scene: which controllers a navigation controller
    /// shows under its bar (and where its stored bar ends), and which a tab bar controller shows
    /// above its bar.
    mutating func readRelationships(_ scene: MarkupElement) {
        for controller in scene.child("objects")?.children ?? [] {
            guard let id = controller["id"] else { continue }
            let segues = controller.child("connections")?.children("segue").filter { $0["kind"] == "relationship" } ?? []
            for segue in segues {
                guard let destination = segue["destination"] else { continue }
                if controller.name == "navigationController", segue["relationship"] == "rootViewController" {
                    containment.append((id, destination))
                    if controller["navigationBarHidden"] != "YES" {
                        navigationBars[id] = navigationBar(controller.child("navigationBar", key: "navigationBar"))
                    }
                }
                if controller.name == "tabBarController", segue["relationship"] == "viewControllers" {
                    containment.append((id, destination))
                    aboveTabBar.insert(destination)
                }
            }
        }
    }

    /// Where a navigation controller's bar ends, from its stored frame: IB stores the bar as it
    /// drew it (below the status bar, 44 tall; 56 at the top of a sheet; 54 below Xcode 26's
    /// doubled status bar). A bar with large titles is stored expanded (96 tall), but the
    /// controllers it shows are laid out below a standard 44-point bar (Iterable's and DataDog's
    /// storyboards). Before Xcode 11 a bar stored at y 0 was still drawn below the status bar
    /// (KSImageCarousel's Xcode 9 storyboard); from Xcode 11 one at y 0 is drawn there, as in a
    /// sheet (FirebaseUI's, Mixpanel's, SideMenu's, FreeOTP's and ML Kit's storyboards). A stored
    /// frame narrower than the device is stale (drawn for another device), and nil stands for
    /// the standard bar below the status bar.
    func navigationBar(_ bar: MarkupElement?) -> Double? {
        guard let bar, let frame = rect(bar), abs(frame.width - device.size.width) <= 0.5, frame.height > 0 else { return nil }
        let minY = tools < .xcode11 ? max(frame.minY, device.statusBar) : frame.minY
        return minY + (bar["largeTitles"] == "YES" ? 44 : frame.height)
    }

    /// Bars pass down: a controller a container shows, or that is pushed (a `show` or `push`
    /// segue) from one under a navigation bar or above a tab bar, is under and above them too
    /// (unless it hides the tab bar when pushed).
    mutating func inheritNavigationBars(_ scenes: [MarkupElement]) {
        var pushes: [(from: String, to: String)] = []
        var hidesTabBar: Set<String> = []
        func segues(in e: MarkupElement, from id: String) {
            for child in e.children {
                if child.name == "segue", ["show", "push"].contains(child["kind"] ?? ""), let to = child["destination"] {
                    pushes.append((id, to))
                }
                segues(in: child, from: id)
            }
        }
        for scene in scenes {
            for controller in scene.child("objects")?.children ?? [] {
                guard let id = controller["id"] else { continue }
                segues(in: controller, from: id)
                if controller["hidesBottomBarWhenPushed"] == "YES" { hidesTabBar.insert(id) }
            }
        }
        // Each controller is reached once from each bar (rescanning every edge until nothing
        // changes is quadratic in a long chain written backwards), in the edges' order.
        let edges = containment.map { (from: $0.container, to: $0.child, push: false) } + pushes.map { (from: $0.from, to: $0.to, push: true) }
        var outgoing: [String: [(to: String, push: Bool)]] = [:]
        for edge in edges { outgoing[edge.from, default: []].append((edge.to, edge.push)) }
        var sources: [String] = []
        var seen: Set<String> = []
        for edge in edges where seen.insert(edge.from).inserted { sources.append(edge.from) }
        var queue = sources.filter { navigationBars[$0] != nil }[...]
        while let from = queue.popFirst() {
            for edge in outgoing[from] ?? [] where navigationBars[edge.to] == nil {
                navigationBars[edge.to] = navigationBars[from]
                queue.append(edge.to)
            }
        }
        queue = sources.filter { aboveTabBar.contains($0) }[...]
        while let from = queue.popFirst() {
            for edge in outgoing[from] ?? [] where !(edge.push && hidesTabBar.contains(edge.to)) && aboveTabBar.insert(edge.to).inserted {
                queue.append(edge.to)
            }
        }
    }

    /// A scene's controller: its `view` is a root, laid out at its stored size.
    mutating func readSceneObject(_ controller: MarkupElement) throws(SourceError) {
        guard let view = controller.children.first(where: { $0["key"] == "view" && isViewElement($0) }) else {
            let containers: Set<String> = ["navigationController", "tabBarController", "splitViewController", "pageViewController"]
            if containers.contains(controller.name) {
                note("skipped <\(controller.name)> \(controller["id"] ?? ""): a container controller's bars are not laid out", at: controller)
            }
            return
        }
        let frame = rect(view) ?? Rect(origin: .zero, size: device.size)
        let root = try readView(view, parent: nil, depth: 0, frame: frame, isControllerRoot: true)
        setSafeArea(of: root, frame: frame, controller: controller)
        // Before safe areas, controllers had a top and a bottom layout guide: the bars' edges.
        for guide in controller.child("layoutGuides")?.children("viewControllerLayoutGuide") ?? [] {
            guard let id = guide["id"] else { continue }
            let g = out.layout.guides.count
            out.layout.guides.append(GuideDecl(name: id, owner: root, line: guide.line))
            out.layout.statements.append(.makeGuide(g))
            items[id] = .guide(g)
            let isTop = guide["type"] == "top"
            let pins: [(LayoutConstraint.Attribute, ItemRef, LayoutConstraint.Attribute)] = [
                (.leading, .view(root), .leading), (.trailing, .view(root), .trailing),
                isTop ? (.top, .view(root), .top) : (.top, .safeArea(root), .bottom),
                isTop ? (.bottom, .safeArea(root), .top) : (.bottom, .view(root), .bottom),
            ]
            for (attribute, other, otherAttribute) in pins {
                out.layout.statements.append(.constraint(.equation(ConstraintDecl(
                    first: .guide(g), firstAttribute: attribute, relation: .equal, second: other, secondAttribute: otherAttribute,
                    multiplier: 1, constant: 0, priority: 1000, identifier: nil, line: guide.line))))
            }
        }
    }

    /// The safe area IB simulates for a controller's root: the status bar (or the notch), a
    /// navigation bar, the home indicator and a tab bar or toolbar, less what the root's frame
    /// keeps clear of.
    ///
    /// IB stores a controller's root at y 0 even when it draws it below opaque bars; the stored
    /// height says where it is: a root as much shorter than the screen as the status bar and a
    /// navigation bar (603 on a 667-point iPhone: an opaque bar, `translucent="NO"`, or an
    /// older Xcode's pushed controller) starts below them, and one shorter by the status bar
    /// alone (647: a sheet, or a controller that hides the status bar) starts below it. Other
    /// heights are freeform sizes, placed at the top of the screen (UIKit's
    /// `edgesForExtendedLayout` and `extendedLayoutIncludesOpaqueBars` decide the same at run
    /// time: developer.apple.com/documentation/uikit/uiviewcontroller/edgesforextendedlayout).
    mutating func setSafeArea(of root: ViewRef, frame: Rect, controller: MarkupElement?) {
        guard case .view(let i) = root else { return }
        let id = controller?["id"] ?? ""
        let statusBarHidden = controller?.child("nil", key: "simulatedStatusBarMetrics") != nil
        let statusBar = statusBarHidden && !device.hasNotch ? 0 : device.statusBar
        let doubled = tools >= .xcode26
        let height = device.size.height
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.5 }
        var top = doubled ? 2 * statusBar : statusBar
        var rootTop = frame.minY
        let simulatedBar = controller?.child("simulatedNavigationBarMetrics", key: "simulatedTopBarMetrics") != nil
        if let stored = navigationBars[id] ?? (simulatedBar ? .some(nil) : nil) {
            if near(frame.height, height - statusBar - 44) || near(frame.height, height - top - 44) {
                rootTop = height - frame.height
                top = rootTop
            } else if let bottom = stored {
                // The stored bar is in the coordinates of the navigation controller's view, which
                // the root fills.
                top = bottom + frame.minY
            } else {
                top += 44
                if near(frame.height, height - statusBar) { rootTop = statusBar }
            }
        } else if frame.height < height - 0.5, near(frame.height, height - statusBar) {
            rootTop = statusBar
        }
        var bottom = doubled ? 2 * device.homeIndicator : device.homeIndicator
        if aboveTabBar.contains(id) || controller?.child("simulatedTabBarMetrics", key: "simulatedBottomBarMetrics") != nil {
            bottom += 49
        } else if controller?.child("simulatedToolbarMetrics", key: "simulatedBottomBarMetrics") != nil {
            bottom += 44
        }
        let insets = EdgeInsets(top: max(0, top - rootTop), left: 0,
                                bottom: max(0, rootTop + frame.height - (height - bottom)), right: 0)
        if insets != .zero { out.layout.views[i].properties.safeArea = insets }
    }

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
        p.hidden = e["hidden"] == "YES"
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
            if !(p.translates ?? true), let f = p.frame {
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
        if viewClass == .stackView { out.layout.views[index].properties.arranged = arranged }
        if viewClass.isCell, let content = e.children.first(where: { $0["key"] == "contentView" }) {
            try readContentView(content, cell: index, depth: depth)
        }
        return ref
    }

    /// A cell's content view: the cell class makes it; the file names it, sets its margins and
    /// fills it.
    mutating func readContentView(_ e: MarkupElement, cell: Int, depth: Int) throws(SourceError) {
        let ref = ViewRef.contentView(cell)
        let id = e["id"] ?? out.layout.views[cell].name + ".contentView"
        out.layout.views[cell].contentName = id
        out.layout.views[cell].contentFrame = rect(e)
        out.layout.views[cell].contentMargins = try margins(e) ?? (out.layout.views[cell].viewClass == .tableViewCell
            ? tableCellContentMargins(cell: out.layout.views[cell]) : nil)
        items[id] = .view(ref)
        out.storedViews.append(.init(id: id, frame: rect(e), isMisplaced: e["misplaced"] == "YES", isAmbiguous: e["ambiguous"] == "YES"))
        var arranged: [Int] = []
        try readChildren(e, of: ref, depth: depth + 1, isStack: false, arranged: &arranged)
    }

    /// The margins of a table cell's content view: the system margins at the sides and 11 above
    /// and below (UIKit takes the sides from the table view, whose margins follow its window's
    /// width). A cell in a table view is measured by the simulated device's width, whatever the
    /// table's or the cell's own (Esri's 375-point table on a 414-point iPhone and
    /// NetNewsWire's inset-grouped cells get 20, Hackers' inset-grouped ones on a 375-point
    /// iPhone 16); a top-level cell of a `.xib` by its own width (320-point cells get 16 on any
    /// device: checkout's, corona-warn-app's and Seafile's). Files saved before Xcode 9.3 show
    /// 8 on every side, iOS 10's margins (IBAnimatable's and Reusable's cells).
    func tableCellContentMargins(cell: ViewDecl) -> DirectionalEdgeInsets {
        if tools < .xcode9_3 { return DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8) }
        let m = SimulatedDevice.systemMargin(width: cell.parent == nil ? cell.properties.frame?.width ?? device.size.width : device.size.width)
        return DirectionalEdgeInsets(top: 11, leading: m, bottom: 11, trailing: m)
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
            case "viewLayoutGuide":
                guard let id = child["id"] else { continue }
                switch child["key"] {
                case "safeArea": items[id] = .safeArea(ref)
                case "contentLayoutGuide", "frameLayoutGuide":
                    if case .view(let i) = ref, let g = contentGuides[i] { items[id] = .guide(child["key"] == "contentLayoutGuide" ? g : g + 1) }
                default: note("skipped <viewLayoutGuide key=\"\(child["key"] ?? "")\">", at: child)
                }
            default:
                if child["key"] == "contentView" || child["key"] == "view" { continue }
                if ["tableHeaderView", "tableFooterView", "backgroundView"].contains(child["key"] ?? ""), isViewElement(child) {
                    try readView(child, parent: ref, depth: depth + 1)
                } else if !ignoredElements.contains(child.name) {
                    note("skipped <\(child.name)> in \(e["id"] ?? e.name)", at: child)
                }
            }
        }
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
        for (guide, attribute) in pins {
            out.layout.statements.append(.constraint(.equation(ConstraintDecl(
                first: .guide(guide), firstAttribute: attribute, relation: .equal, second: .view(owner), secondAttribute: attribute,
                multiplier: 1, constant: 0, priority: 1000, identifier: nil, line: e.line))))
        }
    }

    // MARK: Properties

    /// Where the intrinsic size comes from: a placeholder or a designable's measured size
    /// first; else, for views sized by their content, the stored frame (`fromFrames`) or, for
    /// labels, buttons, images and the controls AutoLayout models (switches, sliders, segmented
    /// controls, activity indicators), the model (`fromModel`). A control without a stored
    /// frame takes its model size in both modes.
    func intrinsicSize(_ e: MarkupElement, frame: Rect?) throws(SourceError) -> Size? {
        let none = View.noIntrinsicMetric
        if !forNib, e["placeholderIntrinsicWidth"] != nil || e["placeholderIntrinsicHeight"] != nil {
            func value(_ name: String, _ stored: Double?) throws(SourceError) -> Double {
                guard let text = e[name] else { return stored ?? none }
                return text == "infinite" ? none : max(0, try number(text, name, in: e))
            }
            return Size(width: try value("placeholderIntrinsicWidth", frame?.width), height: try value("placeholderIntrinsicHeight", frame?.height))
        }
        if !forNib, let id = e["id"], let size = designables[id] { return size }
        let fromModel = options.intrinsicSizes == .fromModel
        switch e.name {
        case "label", "button":
            return fromModel ? nil : frame?.size
        case "imageView":
            guard let image = e["image"] else { return nil }
            return fromModel ? images[image] : frame?.size ?? images[image]
        case "switch":
            return fromModel ? Switch.intrinsicSize : frame?.size ?? Switch.intrinsicSize
        case "activityIndicatorView":
            let size = activityIndicatorStyle(e).intrinsicSize
            return fromModel ? size : frame?.size ?? size
        case "segmentedControl":
            if !fromModel, let frame { return frame.size }
            return segmentedControl(e).intrinsicContentSize
        case "slider":
            return Size(width: none, height: fromModel ? Slider.intrinsicHeight : frame?.height ?? Slider.intrinsicHeight)
        case "pickerView":
            return PickerView.intrinsicSize
        case "textField", "stepper", "pageControl", "datePicker":
            return frame?.size
        case "progressView", "navigationBar", "toolbar", "tabBar", "searchBar":
            return frame.map { Size(width: none, height: $0.height) }
        case "textView" where e["scrollEnabled"] == "NO":
            return frame?.size
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
            return v
        }
        return Rect(x: value("x"), y: value("y"), width: max(0, value("width")), height: max(0, value("height")))
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

    // MARK: Size classes

    /// Applies the `default` variations, then those of the chosen size classes (the more
    /// specific last): which constraints and subviews are uninstalled, and which constants change.
    mutating func readVariations(_ document: MarkupElement) {
        var masks: [(key: String, exclude: Bool, reference: String)] = []
        var overrides: [(key: String, id: String, constant: Double)] = []
        func walk(_ e: MarkupElement) {
            for child in e.children {
                if child.name == "variation", let key = child["key"] {
                    if e.name == "constraint", let id = e["id"], let c = child["constant"].flatMap(Double.init),
                       c.isFinite, abs(c) <= LayoutFile.largestNumber {
                        overrides.append((key, id, c))
                    }
                    for mask in child.children("mask") {
                        for change in mask.children where change.name == "exclude" || change.name == "include" {
                            if let reference = change["reference"] { masks.append((key, change.name == "exclude", reference)) }
                        }
                    }
                } else {
                    walk(child)
                }
            }
        }
        walk(document)
        let traits = options.traits
        /// The variations that apply, `default` first, then by specificity, in file order within each.
        func applying<T>(_ variations: [T], key: (T) -> String) -> [T] {
            func specificity(_ key: String) -> Int { key == "default" ? 0 : key.split(separator: "-").count }
            return variations.enumerated().filter { key($0.element) == "default" || traits?.matches(key($0.element)) == true }
                .sorted { (specificity(key($0.element)), $0.offset) < (specificity(key($1.element)), $1.offset) }.map(\.element)
        }
        for m in applying(masks, key: \.key) {
            if m.exclude { excluded.insert(m.reference) } else { excluded.remove(m.reference) }
        }
        for o in applying(overrides, key: \.key) { constants[o.id] = o.constant }
    }

    // MARK: Constraints

    mutating func readConstraints() throws(SourceError) {
        var placeholders = 0
        for (e, host) in pending {
            if e["placeholder"] == "YES" {
                placeholders += 1
                continue
            }
            if let id = e["id"], excluded.contains(id) { continue }
            func item(_ attribute: String) -> ItemRef?? {
                guard let id = e[attribute] else { return .some(nil) }
                return items[id].map { .some($0) }
            }
            guard let firstItem = item("firstItem"), let secondItem = item("secondItem") else {
                let missing = [e["firstItem"], e["secondItem"]].compactMap { $0 }.filter { items[$0] == nil }
                if !missing.contains(where: excluded.contains) {
                    note("skipped constraint \(e["id"] ?? ""): no view or guide '\(missing.joined(separator: "', '"))' in this file", at: e)
                }
                continue
            }
            var first = firstItem ?? .view(host)
            let firstAttribute = try attribute(e, "firstAttribute")
            var second = secondItem
            var secondAttribute = LayoutConstraint.Attribute.notAnAttribute
            if e["secondAttribute"] != nil {
                secondAttribute = try attribute(e, "secondAttribute")
                if second == nil { second = .view(host) }
            } else if second != nil {
                secondAttribute = firstAttribute
            }
            let relation: LayoutConstraint.Relation
            switch e["relation"] {
            case nil: relation = .equal
            case "greaterThanOrEqual": relation = .greaterThanOrEqual
            case "lessThanOrEqual": relation = .lessThanOrEqual
            case let other?: throw error("unknown relation '\(other)': expected greaterThanOrEqual or lessThanOrEqual", at: e)
            }
            let multiplier = try readMultiplier(e)
            var constant = try e["constant"].map { (text) throws(SourceError) in try number(text, "constant", in: e) } ?? 0
            if let id = e["id"], let c = constants[id] { constant = c }
            let priority = try self.priority(e, "priority", default: 1000)
            if let problem = LayoutConstraint.problem(firstAttribute: firstAttribute, secondAttribute: second == nil ? nil : secondAttribute, multiplier: multiplier, constant: 0) {
                throw error(problem, at: e)
            }
            // Edges of a scroll view relate its subviews to its content, not its frame.
            if let s = second { (first, second) = (contentArea(first, firstAttribute, other: s), contentArea(s, secondAttribute, other: first)) }
            if let second, !out.layout.haveCommonAncestor(out.layout.host(first), out.layout.host(second)) {
                throw error("no common ancestor: the two items are in different view hierarchies", at: e)
            }
            // UIKit installs a constraint on the view whose <constraints> hold it; one stored on
            // a view outside its items' hierarchy goes to their closest common ancestor instead.
            let installsOnHost = [first, second].allSatisfy { $0.map { out.layout.contains(host, out.layout.host($0)) } ?? true }
            if !installsOnHost {
                note("constraint \(e["id"] ?? "") is stored on \(out.layout.name(of: host)), which does not contain both its items: installed on their closest common ancestor", at: e)
            }
            out.layout.statements.append(.constraint(.equation(ConstraintDecl(
                first: first, firstAttribute: firstAttribute, relation: relation, second: second, secondAttribute: secondAttribute,
                multiplier: multiplier, constant: constant, priority: priority, identifier: e["identifier"], line: e.line,
                host: installsOnHost ? host : nil, objectID: e["id"]))))
        }
        if placeholders > 0 {
            out.notes.append("removed \(placeholders) placeholder constraint\(placeholders == 1 ? "" : "s") (Xcode removes them at build time)")
        }
    }

    /// A scroll view's edge, in a constraint with one of its descendants, stands for its content
    /// layout guide's (sizes stay the frame's).
    func contentArea(_ item: ItemRef, _ attribute: LayoutConstraint.Attribute, other: ItemRef) -> ItemRef {
        guard case .view(.view(let i)) = item, let g = contentGuides[i], attribute != .width, attribute != .height,
              let above = out.layout.parentOf(out.layout.host(other)), out.layout.contains(.view(i), above) else { return item }
        return .guide(g)
    }

    func attribute(_ e: MarkupElement, _ name: String) throws(SourceError) -> LayoutConstraint.Attribute {
        guard let text = e[name] else { throw error("the constraint has no \(name)", at: e) }
        if text == "baseline" { return .lastBaseline }
        guard let a = attributesByName[text] else { throw error("unknown \(name) '\(text)'", at: e) }
        return a
    }

    /// `0.5`, or a ratio: `131:220` as IB writes an aspect ratio, or `21/15` as it keeps a
    /// fraction typed into the multiplier field (both forms occur in published files).
    func readMultiplier(_ e: MarkupElement) throws(SourceError) -> Double {
        guard let text = e["multiplier"] else { return 1 }
        let parts = text.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == "/" }
        let value: Double
        if parts.count == 2 {
            let (p, q) = (try number(String(parts[0]), "multiplier", in: e), try number(String(parts[1]), "multiplier", in: e))
            guard q != 0 else { throw error("multiplier \"\(text)\" divides by zero", at: e) }
            value = p / q
        } else {
            value = try number(text, "multiplier", in: e)
        }
        guard value == 0 || LayoutFile.multiplierRange.contains(abs(value)) else {
            throw error("multiplier \"\(text)\" is out of range: use 0 or a magnitude from 0.0001 to 10000", at: e)
        }
        return value
    }

    // MARK: Reporting

    mutating func note(_ message: String, at e: MarkupElement) {
        out.notes.append("line \(e.line): \(message)")
    }

    func error(_ message: String, at e: MarkupElement) -> SourceError {
        error(message, line: e.line, column: e.column)
    }

    /// An error at a line and column of the file, shown under the message.
    func error(_ message: String, line: Int, column: Int) -> SourceError {
        let text = line >= 1 && line <= sourceLines.count ? String(sourceLines[line - 1]) : nil
        return SourceError(path: path, line: line, column: column, message: message, sourceLine: text)
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
