import AutoLayout

/// An Interface Builder document, a `.xib` or a `.storyboard`, read into the views and
/// constraints UIKit would build from it, ready to lay out and check like a `.layout` file.
///
/// Each top-level view of a `.xib` and the root view of each storyboard scene is laid out at the
/// size stored for it. Views are named by their IB object ids; frames are relative to the
/// superview, as the file stores them. See the *InterfaceBuilderFiles* article.
public struct InterfaceBuilderFile: Sendable {
    /// Where the intrinsic content size of labels, buttons, image views and other controls
    /// comes from.
    public enum IntrinsicSizes: Sendable, Equatable {
        /// The frame Interface Builder stored for the view: IB measured it with the real fonts
        /// and images (the default).
        case fromFrames
        /// This package's text model at the stored font size, and image sizes from the file's
        /// `<resources>`.
        case fromModel
    }

    /// A size class, as UIKit's trait collections give it.
    public enum SizeClass: String, Sendable, Equatable {
        /// Compact.
        case compact
        /// Regular.
        case regular
    }

    /// The size classes `<variation>`s are chosen for: `compact-regular` is a compact width
    /// and a regular height (an iPhone in portrait), as UIKit names them width first.
    public struct Traits: Sendable, Equatable {
        /// The horizontal size class (`widthClass=`).
        public var horizontal: SizeClass
        /// The vertical size class (`heightClass=`).
        public var vertical: SizeClass

        /// Traits for a width and a height class.
        public init(horizontal: SizeClass, vertical: SizeClass) {
            self.horizontal = horizontal
            self.vertical = vertical
        }

        /// Reads `compact-regular` (width, then height); nil for anything else.
        public init?(_ text: String) {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let h = SizeClass(rawValue: String(parts[0])), let v = SizeClass(rawValue: String(parts[1])) else {
                return nil
            }
            self.init(horizontal: h, vertical: v)
        }

        /// Whether a variation key such as `heightClass=compact-widthClass=compact` applies
        /// (keys naming anything else, such as `userInterfaceIdiom=mac`, never do).
        func matches(_ key: String) -> Bool {
            key.split(separator: "-").allSatisfy { part in
                switch part {
                case "widthClass=compact": return horizontal == .compact
                case "widthClass=regular": return horizontal == .regular
                case "heightClass=compact": return vertical == .compact
                case "heightClass=regular": return vertical == .regular
                default: return false
                }
            }
        }
    }

    /// How a file is read.
    public struct Options: Sendable, Equatable {
        /// The size classes whose `<variation>`s apply; nil: those of the file's simulated
        /// device in its orientation, as IB drew it (an iPhone in portrait is compact-regular,
        /// an iPad regular-regular), or the base layout (`default`) when the file names no device.
        public var traits: Traits?
        /// Where intrinsic sizes come from.
        public var intrinsicSizes: IntrinsicSizes

        /// Options; by default the device's size classes, with intrinsic sizes from the stored frames.
        public init(traits: Traits? = nil, intrinsicSizes: IntrinsicSizes = .fromFrames) {
            self.traits = traits
            self.intrinsicSizes = intrinsicSizes
        }
    }

    /// A view as Interface Builder stored it.
    public struct StoredView: Sendable, Equatable {
        /// The IB object id.
        public var id: String
        /// The frame IB solved, relative to the superview (nil: the file stores none, as Xcode 8
        /// files often do).
        public var frame: Rect?
        /// Whether IB flags the stored frame as stale (`misplaced="YES"`).
        public var isMisplaced: Bool
        /// Whether IB flags the view's layout as ambiguous (`ambiguous="YES"`).
        public var isAmbiguous: Bool

        /// A stored view.
        public init(id: String, frame: Rect?, isMisplaced: Bool, isAmbiguous: Bool) {
            self.id = id
            self.frame = frame
            self.isMisplaced = isMisplaced
            self.isAmbiguous = isAmbiguous
        }
    }

    /// The file's path as given to ``parse(_:path:options:)``.
    public let path: String
    /// What reading skipped or changed, one line each, in file order: unknown elements,
    /// constraints to items that are not there, placeholder constraints.
    public internal(set) var notes: [String] = []
    /// Every view with the frame and flags IB stored, in file order.
    public internal(set) var storedViews: [StoredView] = []
    /// The views and constraints, as a `.layout` file would declare them.
    var layout = LayoutModel()
    /// Each declared view's element, by view index (what a nib needs to make custom classes
    /// and to say where a view is).
    var elements: [ViewElement] = []
    /// Views, content views and layout guides by object id.
    var objects: [String: ItemRef] = [:]
    /// Whether custom views whose size nothing else decides take it from their stored frames
    /// (``run()``; with intrinsic sizes from stored frames, for a check).
    var sizesCustomViewsFromFrames = false

    /// Where a view comes from in the file.
    struct ViewElement: Sendable {
        /// The element name (`label`).
        var name: String
        /// The `customClass` attribute, without its module.
        var customClass: String?
        /// Where its start tag begins.
        var line: Int
        var column: Int
    }

    init(path: String) {
        self.path = path
    }

    /// The largest input read, 64 MB: real IB files are well under a megabyte, and reading
    /// takes time and memory linear in the size. The command line and ``Nib`` refuse a larger
    /// file by its size on disk, before reading it.
    public static let sizeLimit = 64 << 20

    /// Reads a `.xib` or `.storyboard`.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - path: The path shown in errors and reports.
    ///   - options: The size classes and the source of intrinsic sizes.
    /// - Returns: The file, ready to ``run()``.
    /// - Throws: ``SourceError`` with the line and column of malformed XML, of what the reader
    ///   refuses in a file from anywhere (a DOCTYPE or entity declaration, nesting, attributes
    ///   or an attribute value past its limits: see *Files from anywhere* in the
    ///   *InterfaceBuilderFiles* article), of a root element that is not an IB `<document>`, or
    ///   of a value that cannot be read (a number, an attribute name, a constraint UIKit would
    ///   refuse); without a place (line 0) for text longer than ``sizeLimit`` or holding no
    ///   element.
    /// - Complexity: O(*n* + *v*·*d*) for *n* bytes and *v* views *d* levels deep.
    public static func parse(_ text: String, path: String, options: Options = Options()) throws(SourceError) -> InterfaceBuilderFile {
        var builder = InterfaceBuilderBuilder(path: path, lines: text, options: options)
        return try builder.build(readDocument(text, path: path))
    }

    /// The XML document of a file up to ``sizeLimit`` bytes: its root element.
    static func readDocument(_ text: String, path: String) throws(SourceError) -> MarkupElement {
        guard text.utf8.count <= sizeLimit else {
            throw SourceError(path: path, message: "is \(text.utf8.count) bytes; Interface Builder files larger than \(sizeLimit >> 20) MB are refused")
        }
        var reader = MarkupReader(path: path, text: text)
        return try reader.readDocument()
    }

    /// Builds the views, lays out each top-level view at its stored size, and reports frames,
    /// conflicts (in UIKit's words) and ambiguity, with the file's notes and how the solved
    /// frames compare with the stored ones.
    /// - Returns: What the file produced.
    /// - Complexity: dominated by the layout engine's solves.
    public func run() -> CheckResult {
        var result = layout.run(path: path)
        var model = layout
        if let sized = viewsSizedByIB(result) {
            model = sized
            result = sized.run(path: path)
        }
        if let kept = drawnFramesKept(result, in: model) {
            // The frames IB drew where nothing decides them; the ambiguity is still reported.
            var drawn = kept.run(path: path)
            drawn.ambiguous = result.ambiguous
            drawn.ambiguousViews = result.ambiguousViews
            drawn.openComponents = result.openComponents
            result = drawn
        }
        result.notes = notes
        let conflicted = Set(result.conflicts.flatMap(\.itemNames))
        result.storedFrames = compare(result.views, ambiguous: Set(result.ambiguousViews), conflicted: conflicted)
        return result
    }

    /// IB lays a custom view class out with its `intrinsicContentSize` (it runs an
    /// `@IBDesignable`'s code), and flags a view whose size nothing decides as ambiguous. So a
    /// custom-class `<view>` that the solve leaves open in width or height, and that IB does not
    /// flag, had an intrinsic size on that axis: the one it stored (Cosmos' star ratings).
    /// A stack view with no visible arranged view is never flagged either: IB leaves it at the
    /// size it was drawn with where constraints do not decide it (empty stacks 184 or 123 points
    /// long, an all-hidden row 0 tall).
    ///
    /// Nor does IB let a stack's weak fitting constraints (``StackView/omitsFittingConstraints``)
    /// size a plain or custom `<view>` it arranges: where only they would decide its width or
    /// height (UIKit's `UISV-ambiguity-suppression` pulls a view across a stack that does not
    /// fill to 0, `UISV-canvas-fit` an equal-spacing stack's views along it), IB keeps the length
    /// it drew. Found by a solve without those constraints, where they leave open what the solve
    /// with them decides (checkout's card fields 311 wide in a centred stack, Canvas's and
    /// corona-warn-app's cards, Pocket Casts' and Iterable's cells).
    /// The layout with those sizes, or nil when there is none to add.
    func viewsSizedByIB(_ result: CheckResult) -> LayoutModel? {
        guard sizesCustomViewsFromFrames else { return nil }
        let flagged = Set(storedViews.filter { $0.isAmbiguous || $0.isMisplaced }.map(\.id))
        var sized = layout
        var changed = false
        /// Gives view `i` its stored length on the axes `open` names.
        func keepStoredSize(_ i: Int, open: Set<String>?) {
            let view = layout.views[i]
            guard let open, !flagged.contains(view.name), sized.views[i].properties.intrinsic == nil,
                  let frame = view.properties.frame, open.contains("width") || open.contains("height") else { return }
            let none = View.noIntrinsicMetric
            sized.views[i].properties.intrinsic = Size(width: open.contains("width") ? frame.width : none,
                                                       height: open.contains("height") ? frame.height : none)
            changed = true
        }
        /// A custom view, or a stack with no visible arranged view.
        func sizedByIB(_ i: Int) -> Bool {
            guard i < elements.count else { return false }
            switch elements[i].name {
            case "view": return elements[i].customClass != nil
            case "stackView": return layout.views[i].properties.arranged.allSatisfy { layout.views[$0].properties.hidden }
            default: return false
            }
        }
        for i in layout.views.indices where sizedByIB(i) { keepStoredSize(i, open: result.openComponents[layout.views[i].name]) }
        let arranged = layout.views.flatMap(\.properties.arranged).filter {
            $0 < elements.count && elements[$0].name == "view" && !layout.views[$0].properties.hidden
        }
        if !arranged.isEmpty {
            var probe = layout
            for i in probe.views.indices where probe.views[i].viewClass == .stackView { probe.views[i].properties.omitsFittingConstraints = true }
            let probed = probe.run(path: path)
            for i in arranged {
                // Open without them, and decided with them (a view open either way is ambiguous).
                let name = layout.views[i].name
                keepStoredSize(i, open: probed.openComponents[name]?.subtracting(result.openComponents[name] ?? []))
            }
        }
        return changed ? sized : nil
    }

    /// Where the constraints leave a view's place or size open, IB keeps the frame it drew
    /// (and warns that the layout is ambiguous): `model` with each open component held at its
    /// stored value at the lowest priority, which decides only what nothing else does (VLC's
    /// donation screen, whose scroll content's width nothing decides, drawn as wide as the
    /// screen; Habitica's intro buttons), or nil when nothing is open. A check still reports
    /// the ambiguity of the layout without them.
    func drawnFramesKept(_ result: CheckResult, in model: LayoutModel) -> LayoutModel? {
        guard sizesCustomViewsFromFrames, !result.openComponents.isEmpty else { return nil }
        var kept = model
        for (name, open) in result.openComponents.sorted(by: { $0.key < $1.key }) {
            guard case .view(let ref)? = objects[name] else { continue }
            let decl = model.views[ref.declared]
            let frame = if case .contentView = ref { decl.contentFrame } else { decl.properties.frame }
            guard let parent = model.parentOf(ref), let frame else { continue }
            let pins: [(String, LayoutConstraint.Attribute, ItemRef?, Double)] = [
                ("x", .left, .view(parent), frame.minX), ("y", .top, .view(parent), frame.minY),
                ("width", .width, nil, frame.width), ("height", .height, nil, frame.height),
            ]
            for (component, attribute, other, value) in pins where open.contains(component) {
                kept.addEquality(.view(ref), attribute, to: other, attribute, constant: value, priority: 1,
                                 identifier: "IB-drawn-frame", line: decl.line)
            }
        }
        return kept
    }

    /// The file's required equalities between two views' edges, centres or sizes (or fixing one
    /// view's size) that the stored frames themselves break, by the id of each view they
    /// relate: the first such constraint's id. Such a view was not laid out again after its
    /// constraints changed (IB flags it misplaced only when it notices). Frames are taken in
    /// their root's coordinates, less a control's alignment outsets; margins, baselines and
    /// right-to-left views are left out.
    func constraintsBrokenByStoredFrames(at frame: (String) -> Rect?) -> [String: String] {
        func rectangle(_ item: ItemRef) -> (name: String, rect: Rect)? {
            guard case .view(.view(let i)) = item, !layout.views[i].properties.rightToLeft, var r = frame(layout.views[i].name) else { return nil }
            if let o = layout.views[i].properties.alignmentOutsets {
                r = Rect(x: r.minX + o.left, y: r.minY + o.top, width: r.width - o.left - o.right, height: r.height - o.top - o.bottom)
            }
            return (layout.views[i].name, r)
        }
        func value(_ r: Rect, _ attribute: LayoutConstraint.Attribute) -> Double? {
            switch attribute {
            case .leading, .left: r.minX
            case .trailing, .right: r.maxX
            case .top: r.minY
            case .bottom: r.maxY
            case .centerX: r.midX
            case .centerY: r.midY
            case .width: r.width
            case .height: r.height
            default: nil
            }
        }
        var broken: [String: String] = [:]
        for case .constraint(.equation(let c)) in layout.statements where c.priority >= 1000 && c.relation == .equal {
            guard let id = c.objectID, let first = rectangle(c.first), let a = value(first.rect, c.firstAttribute) else { continue }
            var b = 0.0, names = [first.name]
            if let item = c.second {
                guard let second = rectangle(item), let v = value(second.rect, c.secondAttribute) else { continue }
                b = v
                names.append(second.name)
            }
            guard abs(a - (c.multiplier * b + c.constant)) > CheckResult.StoredFrameComparison.tolerance else { continue }
            for name in names where broken[name] == nil { broken[name] = id }
        }
        return broken
    }

    /// The solved frames against the stored ones, for views IB does not flag. A difference says
    /// why when the solve knows: the view is ambiguous here (IB keeps an undetermined view where
    /// it was drawn), a conflict involving it was resolved (IB may have broken another
    /// constraint of the group), or the stored frames break one of its constraints (stale).
    func compare(_ solved: [CheckResult.ViewFrame], ambiguous: Set<String> = [], conflicted: Set<String> = []) -> CheckResult.StoredFrameComparison {
        var byName: [String: Rect] = [:]
        var superviews: [String: String] = [:]
        for v in solved {
            byName[v.name] = v.frame
            superviews[v.name] = v.superview
        }
        let storedByID = Dictionary(storedViews.compactMap { v in v.frame.map { (v.id, $0) } }, uniquingKeysWith: { a, _ in a })
        // Where IB drew a view in its root: the stored frames up the chain, the solved one of an
        // ancestor that stores none.
        func storedAbsolute(_ id: String) -> Rect? {
            guard var frame = storedByID[id] else { return nil }
            var current = id, steps = 0
            while let parent = superviews[current], steps < solved.count {
                guard let origin = (storedByID[parent] ?? byName[parent])?.origin else { break }
                frame.origin.x += origin.x
                frame.origin.y += origin.y
                current = parent
                steps += 1
            }
            return frame
        }
        var compared = 0, matched = 0, differences: [String] = [], absolute: [String: Rect] = [:]
        let stale = constraintsBrokenByStoredFrames(at: storedAbsolute)
        let tolerance = CheckResult.StoredFrameComparison.tolerance
        for stored in storedViews where !stored.isMisplaced && !stored.isAmbiguous {
            guard let frame = stored.frame, let got = byName[stored.id] else { continue }
            compared += 1
            let pairs = [(frame.minX, got.minX), (frame.minY, got.minY), (frame.width, got.width), (frame.height, got.height)]
            if pairs.allSatisfy({ abs($0 - $1) <= tolerance }) {
                matched += 1
            } else {
                let why = ambiguous.contains(stored.id) ? ": ambiguous here, IB keeps the frame it drew"
                    : conflicted.contains(stored.id) ? ": in a conflict, which IB may have resolved by breaking another constraint"
                    : stale[stored.id].map { ": stale, the stored frames break the file's own constraint \($0)" } ?? ""
                differences.append("\(stored.id): stored \(frame), solved \(got)\(why)")
                absolute[stored.id] = storedAbsolute(stored.id)
            }
        }
        return CheckResult.StoredFrameComparison(compared: compared, matched: matched, differences: differences, storedAbsoluteFrames: absolute)
    }
}
