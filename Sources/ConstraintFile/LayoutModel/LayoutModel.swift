import AutoLayout

/// What a `.layout` file and an Interface Builder document are both read into: views, guides,
/// activation sets and the statements that make and check them, in declaration order, with
/// every name resolved. ``HierarchyMaker`` makes its views and constraints; `run(path:)` runs
/// its statements and reports.
struct LayoutModel: Sendable {
    /// The declared views, in file order.
    var views: [ViewDecl] = []
    /// The declared layout guides, in file order.
    var guides: [GuideDecl] = []
    /// The named activation sets, in file order.
    var sets: [SetDecl] = []
    /// What running the file does, in file order.
    var statements: [Statement] = []
}

/// The classes a `view` line can name.
enum ViewClass: String, Sendable, CaseIterable {
    case view = "View"
    case label = "Label"
    case imageView = "ImageView"
    case button = "Button"
    case stackView = "StackView"
    case tableViewCell = "TableViewCell"
    case collectionViewCell = "CollectionViewCell"
    case collectionViewListCell = "CollectionViewListCell"

    /// Whether the class has a `contentView`.
    var isCell: Bool { self == .tableViewCell || self == .collectionViewCell || self == .collectionViewListCell }
}

/// A view as an `in` parent or a constraint's host: a declared view or a cell's content view.
enum ViewRef: Hashable, Sendable {
    case view(Int)
    case contentView(Int)

    /// The index of the declared view.
    var declared: Int {
        switch self {
        case .view(let i), .contentView(let i): return i
        }
    }
}

/// Something a constraint relates.
enum ItemRef: Hashable, Sendable {
    case view(ViewRef)
    case margins(ViewRef)
    case safeArea(ViewRef)
    case guide(Int)
}

/// One `view` line.
struct ViewDecl: Sendable {
    var name: String
    var viewClass: ViewClass
    var parent: ViewRef?
    var line: Int
    var depth: Int
    var properties = ViewProperties()
    /// A cell's content view's name (an Interface Builder object id); nil: `NAME.contentView`.
    var contentName: String?
    /// A cell's content view's margins, when they are not the default 8.
    var contentMargins: DirectionalEdgeInsets?
    /// A cell's content view's frame, when it is not the cell's bounds (an accessory or a
    /// separator takes room).
    var contentFrame: Rect?
}

/// The `key=value` settings of a `view` line.
struct ViewProperties: Sendable {
    var frame: Rect?
    /// The class name descriptions and reports print (an Interface Builder file's class or
    /// `customClass`); nil: the declared class.
    var className: String?
    /// The name a person gave the view (Interface Builder's `userLabel`).
    var label: String?
    var insetsMarginsFromSafeArea: Bool?
    /// How far the frame reaches past the rectangle constraints place (UIKit's
    /// `alignmentRectInsets`, negated): reports show the frame.
    var alignmentOutsets: EdgeInsets?
    var autoresizing: View.AutoresizingMask?
    var translates: Bool?
    var intrinsic: Size?
    var hugging: (Float, Float)?
    var compression: (Float, Float)?
    var margins: DirectionalEdgeInsets?
    var safeArea: EdgeInsets?
    var hidden = false
    var identifier: String?
    var rightToLeft = false
    var text: String?
    var font: Double?
    var lines: Int?
    var preferredMaxLayoutWidth: Double?
    var lineBreakMode: LineBreakMode?
    var textAlignment: TextAlignment?
    var image: Size?
    var title: String?
    var axis: LayoutConstraint.Axis?
    var distribution: StackView.Distribution?
    var alignment: StackView.Alignment?
    var spacing: Double?
    var marginsRelative = false
    /// A stack without its weak fitting constraints (``StackView/omitsFittingConstraints``).
    var omitsFittingConstraints = false
    /// A stack that arranges its hidden views as IB draws them
    /// (``StackView/arrangesHiddenViewsAsInterfaceBuilder``).
    var arrangesHiddenViewsAsInterfaceBuilder = false
    var baselineRelative = false
    /// Indices of the arranged views, in order (resolved after the whole file is read).
    var arranged: [Int] = []
    /// Custom spacing after arranged views: (view index, spacing).
    var customSpacing: [(Int, Double)] = []
}

/// One `guide` line.
struct GuideDecl: Sendable {
    var name: String
    var owner: ViewRef
    var line: Int
}

/// A constraint in equation form: `first.attr REL multiplier*second.attr + constant @priority`.
struct ConstraintDecl: Sendable {
    var first: ItemRef
    var firstAttribute: LayoutConstraint.Attribute
    var relation: LayoutConstraint.Relation
    var second: ItemRef?
    var secondAttribute: LayoutConstraint.Attribute
    var multiplier: Double
    var constant: Double
    var priority: Float
    var identifier: String?
    var line: Int
    /// The view that installs it, when the file says (an Interface Builder `<constraints>`
    /// element's view, which contains both items); nil: the closest common ancestor.
    var host: ViewRef? = nil
    /// Its Interface Builder object id, which outlets name.
    var objectID: String? = nil
}

/// A visual format line, checked against the hierarchy when parsed.
struct VisualFormatDecl: Sendable {
    var format: String
    var options: LayoutConstraint.FormatOptions
    var line: Int
}

/// A constraint line or a visual format line.
enum ConstraintLine: Sendable {
    case equation(ConstraintDecl)
    case visualFormat(VisualFormatDecl)
}

/// A `set NAME { … }` block.
struct SetDecl: Sendable {
    var name: String
    var lines: [ConstraintLine]
    var line: Int
}

/// A numeric expectation's tolerance and target.
struct Expected: Sendable {
    var relation: LayoutConstraint.Relation
    var values: [Double]
    var tolerance: Double
}

/// What an `expect` line checks.
enum ExpectationKind: Sendable {
    /// `NAME.frame == (x, y, w, h)` and the like: `property` names what is read.
    case geometry(item: ItemRef, property: String, expected: Expected)
    /// `NAME.fitted == (w, h)`, `NAME.fittedWidth`, `NAME.fittedHeight`.
    case fitted(view: ViewRef, property: String, expected: Expected)
    /// `conflicts == n`.
    case conflicts(Expected)
    /// `broken "identifier"`.
    case brokenIdentifier(String)
    /// `broken first.attr == …`.
    case brokenEquation(ConstraintDecl)
    /// `ambiguous NAME`, `not ambiguous NAME`, `not ambiguous` (nil: every view).
    case ambiguous(ViewRef?, Bool)
}

/// One `expect` line.
struct Expectation: Sendable {
    var kind: ExpectationKind
    var text: String
    var line: Int
}

/// A statement, run in file order.
enum Statement: Sendable {
    case makeView(Int)
    case makeGuide(Int)
    case constraint(ConstraintLine)
    case makeSet(Int)
    case activate(Int)
    case deactivate(Int)
    case layout(root: Int, size: Size?)
    case fit(view: ViewRef, width: Double?)
    case setConstant(identifier: String, value: Double, line: Int)
    case setHidden(view: ViewRef, Bool)
    case setText(view: ViewRef, String)
    case expect(Expectation)
}

extension LayoutModel {
    /// Adds `first.firstAttribute == second.secondAttribute + constant` (with no second item,
    /// `first.firstAttribute == constant`) at `priority`, as line `line` of the file says.
    mutating func addEquality(_ first: ItemRef, _ firstAttribute: LayoutConstraint.Attribute, to second: ItemRef?,
                              _ secondAttribute: LayoutConstraint.Attribute, constant: Double = 0, priority: Float = 1000,
                              identifier: String? = nil, line: Int) {
        statements.append(.constraint(.equation(ConstraintDecl(
            first: first, firstAttribute: firstAttribute, relation: .equal, second: second,
            secondAttribute: second == nil ? .notAnAttribute : secondAttribute, multiplier: 1, constant: constant,
            priority: priority, identifier: identifier, line: line))))
    }

    /// The view that owns an item (a guide's owning view).
    func host(_ item: ItemRef) -> ViewRef {
        switch item {
        case .view(let r), .margins(let r), .safeArea(let r): return r
        case .guide(let g): return guides[g].owner
        }
    }

    /// A view's superview (a content view's is its cell); nil for a root.
    func parentOf(_ ref: ViewRef) -> ViewRef? {
        switch ref {
        case .view(let i): return views[i].parent
        case .contentView(let i): return .view(i)
        }
    }

    /// Whether `view` is `ancestor` or inside it.
    func contains(_ ancestor: ViewRef, _ view: ViewRef) -> Bool {
        var next: ViewRef? = view
        while let r = next {
            if r == ancestor { return true }
            next = parentOf(r)
        }
        return false
    }

    /// A view's name: a declared view's, or `NAME.contentView` (a cell's content view).
    func name(of ref: ViewRef) -> String {
        switch ref {
        case .view(let i): return views[i].name
        case .contentView(let i): return views[i].contentName ?? views[i].name + ".contentView"
        }
    }

    /// Whether two views are in one hierarchy, as a constraint between them needs.
    func haveCommonAncestor(_ a: ViewRef, _ b: ViewRef) -> Bool {
        var ancestors: Set<ViewRef> = []
        var next: ViewRef? = a
        while let r = next { ancestors.insert(r); next = parentOf(r) }
        next = b
        while let r = next {
            if ancestors.contains(r) { return true }
            next = parentOf(r)
        }
        return false
    }
}
