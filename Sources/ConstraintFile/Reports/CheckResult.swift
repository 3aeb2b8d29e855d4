import AutoLayout

/// What checking one `.layout` file found: the frames, the conflicts (in UIKit's words), the
/// ambiguity and the expectations' results. The CLI prints it as text or JSON and draws it.
public struct CheckResult: Sendable {
    /// One view (or layout guide) after the file's last layout.
    public struct ViewFrame: Sendable, Equatable {
        /// The name the file gave it.
        public var name: String
        /// Its class as written (`View`, `Label`, `StackView`…, `LayoutGuide`).
        public var className: String
        /// The name of its superview (the owning view for a guide); nil for a root.
        public var superview: String?
        /// The frame relative to the superview, as UIKit reports `frame`.
        public var frame: Rect
        /// The frame in its root's coordinates (for drawing).
        public var absoluteFrame: Rect
        /// The layout margins, when the file set or used them.
        public var layoutMargins: EdgeInsets?
        /// Whether the view is hidden.
        public var isHidden: Bool
        /// The name a person gave the view, when it has one besides ``name`` (Interface
        /// Builder's `userLabel`).
        public var label: String?

        /// A view's frames.
        public init(name: String, className: String, superview: String?, frame: Rect, absoluteFrame: Rect,
                    layoutMargins: EdgeInsets?, isHidden: Bool, label: String? = nil) {
            self.label = label
            self.name = name
            self.className = className
            self.superview = superview
            self.frame = frame
            self.absoluteFrame = absoluteFrame
            self.layoutMargins = layoutMargins
            self.isHidden = isHidden
        }
    }

    /// A group of required constraints that could not hold together.
    public struct Conflict: Sendable, Equatable {
        /// UIKit's whole console message for it.
        public var message: String
        /// The group's constraints, described as UIKit describes them.
        public var constraints: [String]
        /// The description of the constraint that was broken.
        public var broken: String
        /// The names of the views (and guides) the group's constraints mention, for drawing.
        public var itemNames: [String]

        /// A conflict.
        public init(message: String, constraints: [String], broken: String, itemNames: [String]) {
            self.message = message
            self.constraints = constraints
            self.broken = broken
            self.itemNames = itemNames
        }
    }

    /// An expectation that did not hold.
    public struct ExpectationFailure: Sendable, Equatable {
        /// Where the `expect` line is (1-based).
        public var line: Int
        /// Its text, as written.
        public var text: String
        /// What came out, how far it is from what was expected, and why when we can tell.
        public var message: String
        /// The expected numbers (empty when the expectation is not numeric).
        public var expected: [Double]
        /// The numbers that came out, in the same order.
        public var actual: [Double]

        /// A failure.
        public init(line: Int, text: String, message: String, expected: [Double] = [], actual: [Double] = []) {
            self.line = line
            self.text = text
            self.message = message
            self.expected = expected
            self.actual = actual
        }
    }

    /// The file's path as given.
    public var path: String
    /// Every view and guide, in the order the file declares them.
    public var views: [ViewFrame]
    /// Conflicts, in the order they happened.
    public var conflicts: [Conflict]
    /// One line per view whose layout is ambiguous, naming the view and what is open.
    public var ambiguous: [String]
    /// Fittings whose size an axis's constraints did not determine.
    public var fittingIssues: [String]
    /// How many expectations held.
    public var expectationsPassed: Int
    /// The expectations that did not hold, in file order.
    public var expectationFailures: [ExpectationFailure]
    /// The names of the views whose layout is ambiguous, in declaration order (``ambiguous``
    /// says what is open for each).
    public var ambiguousViews: [String]
    /// What is open (`x`, `y`, `width`, `height`) for each ambiguous view, by name.
    var openComponents: [String: Set<String>] = [:]
    /// Whether every conflict happened before an `expect conflicts` or `expect broken` line,
    /// which accounts for it: then only a failed expectation about them is a finding.
    public var conflictsExpected: Bool
    /// Whether every ambiguous view is named by an `expect ambiguous NAME` line.
    public var ambiguityExpected: Bool
    /// What reading the file skipped or changed, one line each, in file order (an Interface
    /// Builder file's unknown elements and placeholder constraints).
    public var notes: [String]
    /// How the solved frames compare with the frames an Interface Builder file stored; nil for
    /// other files.
    public var storedFrames: StoredFrameComparison?

    /// The solved frames against the frames Interface Builder stored, for the views IB does not
    /// flag `misplaced` or `ambiguous` and that have a stored frame.
    public struct StoredFrameComparison: Sendable, Equatable {
        /// How far a solved frame's origin or size may be from the stored one and still match.
        public static let tolerance = 0.5
        /// The views compared.
        public var compared: Int
        /// The views whose four numbers are all within ``tolerance`` of the stored ones.
        public var matched: Int
        /// One line per view that does not match: `id: stored (x, y, w, h), solved (x, y, w, h)`.
        public var differences: [String]
        /// The frame IB stored for each view that does not match, by id, in its root view's
        /// coordinates (as ``CheckResult/ViewFrame/absoluteFrame``): what `render` draws dashed
        /// beside the solved frame.
        public var storedAbsoluteFrames: [String: Rect]

        /// A comparison.
        public init(compared: Int, matched: Int, differences: [String], storedAbsoluteFrames: [String: Rect] = [:]) {
            self.compared = compared
            self.matched = matched
            self.differences = differences
            self.storedAbsoluteFrames = storedAbsoluteFrames
        }

        /// The share of compared views that match, from 0 to 1 (1 when none were compared).
        public var fraction: Double { compared == 0 ? 1 : Double(matched) / Double(compared) }
    }

    /// An empty result for a file.
    public init(path: String) {
        self.path = path
        views = []
        conflicts = []
        ambiguous = []
        fittingIssues = []
        expectationsPassed = 0
        expectationFailures = []
        ambiguousViews = []
        conflictsExpected = false
        ambiguityExpected = false
        notes = []
        storedFrames = nil
    }

    /// Whether nothing was found: every expectation held, and no conflict or ambiguity happened
    /// that the file did not expect (a file with `expect conflicts`/`expect broken` accounts for
    /// its conflicts, one with `expect [not] ambiguous` for its ambiguity).
    public var isClean: Bool {
        (conflicts.isEmpty || conflictsExpected) && (ambiguous.isEmpty || ambiguityExpected) && expectationFailures.isEmpty
    }
}
