import AutoLayout

extension InterfaceBuilderBuilder {
    // MARK: Top-level objects and scenes

    /// A `.xib`'s `<objects>`: every object with a frame, or of a view class, is a root.
    ///
    /// IB draws each top-level plain `<view>` of a `.xib` as a controller's root view on the
    /// simulated device, whatever its size (table cells, stack views and other classes are
    /// drawn as themselves, with their own margins): the system minimum
    /// margins at the sides (16, or 20 from 400 points wide) and none above or below, inset by
    /// a safe area of the device's notch and home indicator; without a status bar, which a
    /// `.xib` does not simulate (views of Element's, OsmAnd's, iTorrent's, WooCommerce's,
    /// Simplenote's, ProtonVPN's and SwiftMessages' `.xib` files, Xcode 9 to 16); a simulated
    /// navigation bar (`simulatedTopBarMetrics`) adds its 44 points to the top (Nextcloud
    /// Talk's permalink view on a 6.1-inch iPhone: 48 + 44, Xcode 15). A top-level
    /// collection view cell gets the same margins, by its own width, not a cell's 8 (Rocket.Chat's
    /// 352-point message cell has 16, Xcode 10; OsmAnd's 417-point empty-state cell 20, Xcode
    /// 26), but no safe area. A nib's views get margins and safe area from where the app puts
    /// them.
    mutating func readObjects(_ objects: MarkupElement) throws(SourceError) {
        for object in objects.children {
            if object.name == "placeholder" || object.name == "customObject" || object.name.hasSuffix("GestureRecognizer") { continue }
            if isViewElement(object) {
                let drawnAsRoot = !forNib && object.name == "view"
                let marginsAsRoot = drawnAsRoot || (!forNib && object.name == "collectionViewCell")
                let root = try readView(object, parent: nil, depth: 0, isControllerRoot: marginsAsRoot)
                if drawnAsRoot, case .view(let i) = root {
                    let doubled = tools >= .xcode26 ? 2.0 : 1
                    let bar = object.child("simulatedNavigationBarMetrics", key: "simulatedTopBarMetrics") != nil ? 44.0 : 0
                    let insets = EdgeInsets(top: (device.hasNotch ? doubled * device.statusBar : 0) + bar, left: device.sideInset,
                                            bottom: doubled * device.homeIndicator, right: device.sideInset)
                    if insets != .zero { out.layout.views[i].properties.safeArea = insets }
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
                        let bar = controller.child("navigationBar", key: "navigationBar")
                        navigationBars[id] = NavigationBarPlacement(bottom: navigationBar(bar), isOpaque: bar?["translucent"] == "NO",
                                                                    pushedBottom: bar?["largeTitles"] == "YES" ? navigationBar(bar, expanded: true) : nil,
                                                                    width: bar.flatMap(rect)?.width)
                    }
                }
                if controller.name == "tabBarController", segue["relationship"] == "viewControllers" {
                    containment.append((id, destination))
                    // A tab bar hidden in these size classes leaves its tabs the whole screen.
                    if !(controller.child("tabBar", key: "tabBar").map(isHidden) ?? false) { aboveTabBar.insert(destination) }
                }
            }
        }
    }

    /// Where a navigation controller's bar ends, from its stored frame: IB stores the bar as it
    /// drew it (below the status bar, 44 tall; 56 at the top of a sheet; 54 below Xcode 26's
    /// doubled status bar). A bar with large titles is stored expanded (96 tall), but its root
    /// controller is laid out below a standard 44-point bar (DataDog's locations view), and the
    /// controllers pushed onto it below the expanded bar (`expanded`: Iterable's coffee detail,
    /// centred in the safe area below 116 on a 4.7-inch iPhone, Tinode's previews and call
    /// view, all Xcode 14 to 15). Before Xcode 11 a bar stored at y 0 was still drawn below the
    /// status bar (KSImageCarousel's Xcode 9 storyboard); from Xcode 11 one at y 0 is drawn
    /// there, as in a sheet (FirebaseUI's, Mixpanel's, SideMenu's, FreeOTP's and ML Kit's
    /// storyboards). A stored frame narrower than the device is stale (drawn for another
    /// device), as is one of another width than the root below it
    /// (``NavigationBarPlacement/width``: BertQA's bar, stored 375 wide at y 44, above
    /// 600-point freeform scenes drawn under a bar at 0); nil stands for the standard bar below
    /// the status bar.
    func navigationBar(_ bar: MarkupElement?, expanded: Bool = false) -> Double? {
        guard let bar, let frame = rect(bar), abs(frame.width - device.size.width) <= 0.5, frame.height > 0 else { return nil }
        let minY = tools < .xcode11 ? max(frame.minY, device.statusBar) : frame.minY
        return minY + (bar["largeTitles"] == "YES" && !expanded ? 44 : frame.height)
    }

    /// Bars pass down: a controller a container shows, or that is pushed (a `show` or `push`
    /// segue) from one under a navigation bar or above a tab bar, is under and above them too
    /// (unless it hides the tab bar when pushed). A controller whose simulated top bar is a
    /// navigation bar is under one wherever its navigation controller is (another storyboard,
    /// or code), and so is what it pushes: IB's inferred metrics (IBAnimatable's pushed
    /// controllers, drawn below a 64-point bar). A controller embedded in a container view (an
    /// `embed` segue) is not under its parent's bar, but what it pushes is pushed onto its
    /// parent's navigation controller (Mixpanel's embedded table pushes four controllers drawn
    /// below the bar).
    mutating func inheritNavigationBars(_ scenes: [MarkupElement]) {
        var pushes: [(from: String, to: String)] = []
        var embeds: [String: [String]] = [:]
        var hidesTabBar: Set<String> = []
        func segues(in e: MarkupElement, from id: String) {
            for child in e.children {
                if child.name == "segue", ["show", "push"].contains(child["kind"] ?? ""), let to = child["destination"] {
                    pushes.append((id, to))
                }
                if child.name == "segue", child["kind"] == "embed", let to = child["destination"] { embeds[id, default: []].append(to) }
                segues(in: child, from: id)
            }
        }
        for scene in scenes {
            for controller in scene.child("objects")?.children ?? [] {
                guard let id = controller["id"] else { continue }
                segues(in: controller, from: id)
                if controller["hidesBottomBarWhenPushed"] == "YES" { hidesTabBar.insert(id) }
                if navigationBars[id] == nil, controller.child("simulatedNavigationBarMetrics", key: "simulatedTopBarMetrics") != nil {
                    navigationBars[id] = NavigationBarPlacement(bottom: nil)
                }
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
        // The bar each reached controller pushes under: its own, or its embedding parent's.
        var pushesUnder = navigationBars
        var queue = (sources + embeds.keys.sorted()).filter { pushesUnder[$0] != nil }[...]
        while let from = queue.popFirst(), let bar = pushesUnder[from] {
            for edge in outgoing[from] ?? [] where navigationBars[edge.to] == nil {
                var under = bar
                if edge.push, let pushed = bar.pushedBottom { under.bottom = pushed }
                navigationBars[edge.to] = under
                pushesUnder[edge.to] = under
                queue.append(edge.to)
            }
            for child in embeds[from] ?? [] where pushesUnder[child] == nil {
                pushesUnder[child] = bar
                queue.append(child)
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
        if isViewElement(controller) {
            // A view of the scene's own (outside the controller's hierarchy, added in code),
            // drawn by itself at its stored size, a plain one as a `.xib`'s top-level view is:
            // with a controller root's margins.
            try readView(controller, parent: nil, depth: 0, isControllerRoot: controller.name == "view")
            return
        }
        guard let view = controller.children.first(where: { $0["key"] == "view" && isViewElement($0) }) else {
            let containers: Set<String> = ["navigationController", "tabBarController", "splitViewController", "pageViewController"]
            if containers.contains(controller.name) {
                note("skipped <\(controller.name)> \(controller["id"] ?? ""): a container controller's bars are not laid out", at: controller)
            }
            return
        }
        let frame = rect(view) ?? Rect(origin: .zero, size: device.size)
        let root = try readView(view, parent: nil, depth: 0, frame: frame, isControllerRoot: true)
        if !forNib, let item = controller.child("navigationItem", key: "navigationItem") {
            try readNavigationItem(item, in: nil, width: frame.width)
        }
        setSafeArea(of: root, frame: frame, controller: controller)
        // Before safe areas, controllers had a top and a bottom layout guide: the bars' edges.
        // UIKit made them views inside the root, as long as the bar: in a scroll view root they
        // sit at the ends of its content (as the scroll view's edges do for any subview).
        let content: Int? = if case .view(let r) = root { contentGuides[r] } else { nil }
        let insets = out.layout.views[root.declared].properties.safeArea ?? .zero
        for guide in controller.child("layoutGuides")?.children("viewControllerLayoutGuide") ?? [] {
            guard let id = guide["id"] else { continue }
            let g = out.layout.guides.count
            out.layout.guides.append(GuideDecl(name: id, owner: root, line: guide.line))
            out.layout.statements.append(.makeGuide(g))
            items[id] = .guide(g)
            let isTop = guide["type"] == "top"
            var pins: [(LayoutConstraint.Attribute, ItemRef?, LayoutConstraint.Attribute, Double)] = [
                (.leading, .view(root), .leading, 0), (.trailing, .view(root), .trailing, 0),
            ]
            if let content {
                pins += [isTop ? (.top, .guide(content), .top, 0) : (.bottom, .guide(content), .bottom, 0),
                         (.height, nil, .notAnAttribute, isTop ? insets.top : insets.bottom)]
            } else {
                pins += [isTop ? (.top, .view(root), .top, 0) : (.top, .safeArea(root), .bottom, 0),
                         isTop ? (.bottom, .safeArea(root), .top, 0) : (.bottom, .view(root), .bottom, 0)]
            }
            for (attribute, other, otherAttribute, constant) in pins {
                out.layout.addEquality(.guide(g), attribute, to: other, otherAttribute, constant: constant, line: guide.line)
            }
        }
    }

    /// The safe area IB simulates for a controller's root: the status bar (or the notch), a
    /// navigation bar, the home indicator and a tab bar or toolbar, less what the root's frame
    /// keeps clear of.
    ///
    /// Xcode 10.3 to 13 draw no status bar on a phone without a notch (``ToolsGeneration/xcode10_3``).
    ///
    /// IB stores a controller's root at y 0 even when it draws it below opaque bars; the stored
    /// height says where it is: a root as much shorter than the screen as the status bar and a
    /// navigation bar (603 on a 667-point iPhone: an opaque bar, `translucent="NO"`, or an
    /// older Xcode's pushed controller) starts below them, and one shorter by the status bar
    /// alone (647: a sheet, or a controller that hides the status bar) starts below it; a root
    /// saved without a status bar keeps the height it had below one (Mixpanel's pushed
    /// controllers, 603 tall in an Xcode 12 file, under a bar stored at y 0). Other
    /// heights are freeform sizes, placed at the top of the screen (UIKit's
    /// `edgesForExtendedLayout` and `extendedLayoutIncludesOpaqueBars` decide the same at run
    /// time: developer.apple.com/documentation/uikit/uiviewcontroller/edgesforextendedlayout).
    mutating func setSafeArea(of root: ViewRef, frame: Rect, controller: MarkupElement?) {
        guard case .view(let i) = root else { return }
        let id = controller?["id"] ?? ""
        let statusBarHidden = controller?.child("nil", key: "simulatedStatusBarMetrics") != nil
            || (tools >= .xcode10_3 && tools < .xcode14)
        let statusBar = statusBarHidden && !device.hasNotch ? 0 : device.statusBar
        // Xcode 26 doubles a notched phone's insets; a 20-point status bar stays 20 (Canvas'
        // Xcode 26 storyboards on the 4.7-inch iPhone).
        let doubled = tools >= .xcode26 && device.hasNotch
        let height = device.size.height
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.5 }
        var top = doubled ? 2 * statusBar : statusBar
        var rootTop = frame.minY
        let simulatedBar = controller?.child("simulatedNavigationBarMetrics", key: "simulatedTopBarMetrics") != nil
        if let stored = navigationBars[id] ?? (simulatedBar ? NavigationBarPlacement(bottom: nil) : nil) {
            if near(frame.height, height - statusBar - 44) || near(frame.height, height - top - 44)
                || near(frame.height, height - device.statusBar - 44) {
                rootTop = height - frame.height
                top = rootTop
            } else if let bottom = stored.bottom, stored.width.map({ abs($0 - frame.width) <= 0.5 }) ?? true {
                // The stored bar is in the coordinates of the navigation controller's view, which
                // the root fills.
                top = bottom + frame.minY
            } else {
                top += 44
                if near(frame.height, height - statusBar) { rootTop = statusBar }
            }
            // UIKit lays a controller's view out below an opaque bar (its
            // `extendedLayoutIncludesOpaqueBars` is false by default), whatever size IB stores.
            if stored.isOpaque { rootTop = max(rootTop, top) }
        } else if frame.height < height - 0.5, near(frame.height, height - statusBar) {
            rootTop = statusBar
        }
        var bottom = doubled ? 2 * device.homeIndicator : device.homeIndicator
        if aboveTabBar.contains(id) || controller?.child("simulatedTabBarMetrics", key: "simulatedBottomBarMetrics") != nil {
            bottom += 49
        } else if controller?.child("simulatedToolbarMetrics", key: "simulatedBottomBarMetrics") != nil {
            bottom += 44
        }
        // A freeform root taller than the screen is drawn whole: its bottom is the screen's
        // (Canvas' 3,000-point assignment details, whose safe area reaches its bottom).
        let screenBottom = frame.height > height ? rootTop + frame.height : height
        let insets = EdgeInsets(top: max(0, top - rootTop), left: device.sideInset,
                                bottom: max(0, rootTop + frame.height - (screenBottom - bottom)), right: device.sideInset)
        if insets != .zero { out.layout.views[i].properties.safeArea = insets }
    }
}
