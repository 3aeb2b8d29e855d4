import Testing
import Cassowary
@testable import ConstraintFile

/// The classic self-sizing cell: a label pinned 12 pt from top and bottom at 126 pt tall,
/// in a content view the table fixed at 44.
let encapsulatedCell = """
Unable to simultaneously satisfy constraints.
(
    "<NSLayoutConstraint:0x1 UILabel:0x10.height == 126   (active)>",
    "<NSLayoutConstraint:0x2 V:|-(12)-[UILabel:0x10]   (active, names: '|':UITableViewCellContentView:0x20 )>",
    "<NSLayoutConstraint:0x3 V:[UILabel:0x10]-(12)-|   (active, names: '|':UITableViewCellContentView:0x20 )>",
    "<NSLayoutConstraint:0x4 'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:0x20.height == 44   (active)>"
)

Will attempt to recover by breaking constraint
<NSLayoutConstraint:0x1 UILabel:0x10.height == 126   (active)>
"""

@Suite struct LogExplainerTests {
    @Test func encapsulatedHeightShowsTheArithmetic() throws {
        let message = try #require(try UIKitLog.parse(encapsulatedCell, path: "cell.txt").first)
        let e = LogExplainer.explain(message)
        #expect(e.unsatisfiable)
        #expect(e.conflict == [0, 1, 2, 3])
        #expect(e.wouldBreak == 0)
        #expect(e.explanation == "These 4 constraints cannot all hold ([0], [1], [2], [3]). [3] 'UIView-Encapsulated-Layout-Height' requires UITableViewCellContentView:0x20.height == 44, but the other constraints make it at least 150, the sum of the spacings and sizes along the column: 44 = 12 + 126 + 12 is false.")
        #expect(e.fix == "The container's height is fixed by 'UIView-Encapsulated-Layout-Height': lower one of the app's vertical constraints in the cell to 999, e.g. [0] <NSLayoutConstraint:0x1 UILabel:0x10.height == 126   (active)>, so that it gives way to the encapsulated height instead of conflicting with it.")
    }

    /// A list cell whose content view came from a configuration (its cell sets its frame: a
    /// fixed autoresizing height) holds a container pinned at 0, with a label 12 from its top and
    /// 12 above its safe area's bottom: the structure of the list-cell article's log.
    @Test func aContentViewSizedByItsCellIsFixedInsideNotByDroppingItsMask() throws {
        let log = """
        (
            "<NSAutoresizingMaskLayoutConstraint:0x1 h=--& v=--& App.SymbolContentView:0x20.height == 44   (active)>",
            "<NSLayoutConstraint:0x2 UILabel:0x10.height == 126   (active)>",
            "<NSLayoutConstraint:0x3 UILayoutGuide:0x40'UIViewSafeAreaLayoutGuide'.bottom == UILabel:0x10.bottom + 12   (active)>",
            "<NSLayoutConstraint:0x4 V:|-(12)-[UILabel:0x10]   (active, names: '|':UIView:0x30 )>",
            "<NSLayoutConstraint:0x5 V:|-(0)-[UIView:0x30]   (active, names: '|':App.SymbolContentView:0x20 )>",
            "<NSLayoutConstraint:0x6 UIView:0x30.bottom == App.SymbolContentView:0x20.bottom   (active)>",
            "<NSLayoutConstraint:0x7 'UIViewSafeAreaLayoutGuide-bottom' V:[UILayoutGuide:0x40'UIViewSafeAreaLayoutGuide']-(0)-|   (active, names: '|':UIView:0x30 )>"
        )
        """
        let e = LogExplainer.explain(try #require(try UIKitLog.parse(log, path: "x").first))
        #expect(e.conflict == Array(0..<7))
        #expect(e.wouldBreak == 1)
        // The column's parts: the container's 0, the label's 12, 126 and 12, the container's 0
        // (the safe area's zero inset is the container's own edge).
        #expect(e.explanation.hasSuffix("[0] requires App.SymbolContentView:0x20.height == 44, but the other constraints make it at least 150, the sum of the spacings and sizes along the column: 44 = 0 + 12 + 126 + 12 + 0 is false."))
        #expect(e.fix == "App.SymbolContentView:0x20's height comes from its frame ([0], its autoresizing mask), which its host sets, as a cell sets its content view's: keep translatesAutoresizingMaskIntoConstraints = true on it, or the cell can no longer size it. Lower one of the app's vertical constraints inside it to 999, e.g. [1] <NSLayoutConstraint:0x2 UILabel:0x10.height == 126   (active)>, so that it gives way to the 44-point height instead of conflicting with it; measuring still gives the content's full height.")
        // A view whose own size the app also sets is another matter: there the mask is the mistake.
        let leaf = """
        (
            "<NSLayoutConstraint:0x1 UIImageView:0x10.width == 300   (active)>",
            "<NSAutoresizingMaskLayoutConstraint:0x2 h=--& v=--& UIImageView:0x10.width == 320   (active)>"
        )
        """
        let l = LogExplainer.explain(try #require(try UIKitLog.parse(leaf, path: "x").first))
        #expect(l.fix.hasPrefix("Set translatesAutoresizingMaskIntoConstraints = false on UIImageView:0x10"))
    }

    @Test(.enabled(if: !corpusLogs().isEmpty)) func wholeCorpusMessageConflicts() throws {
        let text = try #require(corpusLogs().first { $0.name == "wtf_custom9.txt" }?.text)
        let e = LogExplainer.explain(try #require(try UIKitLog.parse(text, path: "wtf_custom9.txt").first))
        #expect(e.unsatisfiable)
        #expect(e.conflict == [0, 1, 2, 3, 4, 5, 10])
        #expect(e.message.brokenByUIKit == 7)
        #expect(e.explanation.hasSuffix("94.3333 = 15 + 40 + 8 + 0 + 8 + 60 + 5 is false."))
    }

    @Test(.enabled(if: !corpusLogs().isEmpty)) func everyCorpusGroupIsExplained() throws {
        for (name, text) in corpusLogs() {
            for message in try UIKitLog.parse(text, path: name) where message.constraints.count >= 2 {
                let e = LogExplainer.explain(message)
                #expect(!e.explanation.isEmpty, "\(name)")
                #expect(e.unsatisfiable == !e.conflict.isEmpty, "\(name)")
                #expect(e.conflict.allSatisfy { $0 < message.constraints.count }, "\(name)")
            }
        }
    }

    @Test func anUnnamedBarIsTheSuperviewAnotherConstraintNames() throws {
        // The second line lost its names clause; the first says the label's '|' is UIView:0x9.
        let text = """
        (
            "<NSLayoutConstraint:0x1 H:|-(0)-[UILabel:0x10]   (active, names: '|':UIView:0x9 )>",
            "<NSLayoutConstraint:0x2 H:[UILabel:0x10]-(0)-|   (active)>",
            "<NSLayoutConstraint:0x3 UIView:0x9.width == 100   (active)>",
            "<NSLayoutConstraint:0x4 UILabel:0x10.width == 50   (active)>"
        )
        """
        let e = LogExplainer.explain(try #require(try UIKitLog.parse(text, path: "x").first))
        #expect(e.unsatisfiable)
        #expect(e.conflict == [0, 1, 2, 3])
        #expect(e.explanation.contains("each item's '|' was read as its own superview"))
    }

    @Test func unnamedBarsAreSeparateSuperviewsUnlessOnlySharingThemConflicts() throws {
        // Two labels pinned to '|' 0 and 10 pt in, with equal leading edges: a conflict only
        // if both '|' are the same view. UIKit listed them as unsatisfiable, so they must be.
        let siblings = """
        (
            "<NSLayoutConstraint:0x1 H:|-(0)-[UILabel:0x10]   (active)>",
            "<NSLayoutConstraint:0x2 H:|-(10)-[UILabel:0x11]   (active)>",
            "<NSLayoutConstraint:0x3 UILabel:0x10.leading == UILabel:0x11.leading   (active)>"
        )
        """
        let shared = LogExplainer.explain(try #require(try UIKitLog.parse(siblings, path: "x").first))
        #expect(shared.unsatisfiable)
        #expect(shared.conflict == [0, 1, 2])
        #expect(shared.explanation.contains("every '|' was read as one superview"))
        // Two labels each 0 pt from '|' with different widths and trailing '|' 0 pt away: with
        // one shared superview that would conflict (widths 10 and 20 in one width), but read as
        // separate superviews only the real conflict, the second label's two widths, remains.
        let cousins = """
        (
            "<NSLayoutConstraint:0x1 H:|-(0)-[UILabel:0x10]   (active)>",
            "<NSLayoutConstraint:0x2 H:[UILabel:0x10]-(0)-|   (active)>",
            "<NSLayoutConstraint:0x3 H:|-(0)-[UILabel:0x11]   (active)>",
            "<NSLayoutConstraint:0x4 H:[UILabel:0x11]-(0)-|   (active)>",
            "<NSLayoutConstraint:0x5 UILabel:0x10.width == 10   (active)>",
            "<NSLayoutConstraint:0x6 UILabel:0x11.width == 20   (active)>",
            "<NSLayoutConstraint:0x7 UILabel:0x11.width == 30   (active)>"
        )
        """
        let separate = LogExplainer.explain(try #require(try UIKitLog.parse(cousins, path: "x").first))
        #expect(separate.unsatisfiable)
        #expect(separate.conflict == [5, 6])
        #expect(separate.explanation.contains("its own superview"))
    }

    @Test func autoresizingFixAndPolicy() throws {
        let text = """
        (
            "<NSAutoresizingMaskLayoutConstraint:0x1 h=--& v=--& UIView:0x10.height == 86   (active)>",
            "<NSLayoutConstraint:0x2 UIView:0x10.height == 52   (active)>"
        )
        """
        let e = LogExplainer.explain(try #require(try UIKitLog.parse(text, path: "x").first))
        #expect(e.conflict == [0, 1])
        #expect(e.wouldBreak == 1)
        #expect(e.fix.hasPrefix("Set translatesAutoresizingMaskIntoConstraints = false on UIView:0x10"))
    }

    @Test func lowestPriorityBreaksFirstAndSatisfiableGroupsSaySo() throws {
        let conflict = """
        "<NSLayoutConstraint:0x1 UIView:0x10.width == 10   (active)>",
        "<NSLayoutConstraint:0x2 UIView:0x10.width == 20   (active)>",
        "<NSLayoutConstraint:0x3 UIView:0x10.width == 30 @750   (active)>"
        """
        let e = LogExplainer.explain(try #require(try UIKitLog.parse(conflict, path: "x").first))
        // Both required; of two fixed sizes UIKit breaks the larger.
        #expect(e.conflict == [0, 1] && e.wouldBreak == 1)
        let fine = #""<NSLayoutConstraint:0x1 UIView:0x10.width == 10   (active)>""#
        let f = LogExplainer.explain(try #require(try UIKitLog.parse(fine, path: "x").first))
        // A paste that can hold on its own still names UIKit's likely choice among what it lists.
        #expect(!f.unsatisfiable && f.conflict.isEmpty && f.wouldBreak == 0)
    }

    @Test func jsonOfASmallMessage() throws {
        let text = """
        (
            "<NSLayoutConstraint:0x1 UIView:0x10.width == 10   (active)>",
            "<NSLayoutConstraint:0x2 'UIView-Encapsulated-Layout-Width' UIView:0x10.width == 20   (active)>"
        )
        """
        let e = LogExplainer.explain(try #require(try UIKitLog.parse(text, path: "x").first))
        #expect(ExplainReport.json([e]).rendered() == #"{"messages":[{"constraints":[{"description":"<NSLayoutConstraint:0x1 UIView:0x10.width == 10   (active)>","priority":1000,"identifier":null,"system":false},{"description":"<NSLayoutConstraint:0x2 'UIView-Encapsulated-Layout-Width' UIView:0x10.width == 20   (active)>","priority":1000,"identifier":"UIView-Encapsulated-Layout-Width","system":true}],"unsatisfiable":true,"conflict":[0,1],"brokenByUIKit":null,"wouldBreak":0,"explanation":"These 2 constraints cannot all hold ([0], [1]). [1] 'UIView-Encapsulated-Layout-Width' requires UIView:0x10.width == 20, but the closest the other constraints let it come is 10: 10 = 20 is false.","fix":"The container's width is fixed by 'UIView-Encapsulated-Layout-Width': lower one of the app's horizontal constraints in the cell to 999, e.g. [0] <NSLayoutConstraint:0x1 UIView:0x10.width == 10   (active)>, so that it gives way to the encapsulated width instead of conflicting with it."}]}"#)
    }

    @Test func textReport() throws {
        let e = LogExplainer.explain(try #require(try UIKitLog.parse(encapsulatedCell, path: "cell.txt").first))
        let text = ExplainReport.text([e], path: "cell.txt")
        #expect(text.hasPrefix("cell.txt:1: unsatisfiable: 4 of 4 constraints conflict\n  * [0] <NSLayoutConstraint:0x1 UILabel:0x10.height == 126   (active)>\n"))
        #expect(text.contains("\n  UIKit broke [0]; we would break [0]\n  why: "))
        #expect(ExplainReport.text([], path: "x") == "x: no unsatisfiable-constraint messages found\n")
    }

    @Test func aConstraintThatCannotHoldAloneIsExplainedAsOne() throws {
        let text = """
        (
            "<NSLayoutConstraint:0x1 UIView:0x10.width == -10   (active)>",
            "<NSLayoutConstraint:0x2 UIView:0x11.width == 5   (active)>"
        )
        (
            "<NSLayoutConstraint:0x3 UIView:0x10.width == UIView:0x10.width + 10   (active)>"
        )
        """
        let messages = try UIKitLog.parse(text, path: "x")
        let negative = LogExplainer.explain(messages[0])
        #expect(negative.conflict == [0])
        #expect(negative.explanation == "This constraint cannot hold even on its own ([0]). [0] requires UIView:0x10.width == -10, but the closest it can come is 0 (sizes are never negative): 0 = -10 is false.")
        #expect(ExplainReport.text(negative, path: "x").hasPrefix("x:1: unsatisfiable: 1 of 2 constraints cannot hold even on its own\n"))
        let selfContradiction = LogExplainer.explain(messages[1])
        #expect(selfContradiction.explanation == "This constraint cannot hold even on its own ([0]). [0] requires UIView:0x10.width == UIView:0x10.width + 10, but the closest its two sides can come is 0 against 10: 0 = 10 is false.")
        #expect(ExplainReport.text(selfContradiction, path: "x").hasPrefix("x:5: unsatisfiable: 1 of 1 constraint cannot hold even on its own\n"))
    }

    @Test func constraintsUIKitMadeAreNeitherBrokenFirstNorToBeRemoved() throws {
        let onlyUIKit = """
        (
            "<_UILayoutSupportConstraint:0x1 V:[_UILayoutGuide:0x10(0)]>",
            "<_UILayoutSupportConstraint:0x2 V:[_UILayoutGuide:0x10(20)]>"
        )
        """
        let own = LogExplainer.explain(try #require(try UIKitLog.parse(onlyUIKit, path: "x").first))
        #expect(own.conflict == [0, 1] && own.wouldBreak == 1)
        #expect(own.fix == "The conflict is among UIKit's own constraints ([0], [1]): none is the app's to remove. Look at what made UIKit add them: the views' autoresizing masks, sizes, margins, safe area or stack view arrangement.")
        // The app's constraints go before a stack view's.
        let stack = """
        (
            "<NSLayoutConstraint:0x1 'UISV-canvas-connection' UIStackView:0x10.width == UILabel:0x11.width   (active)>",
            "<NSLayoutConstraint:0x2 UIStackView:0x10.width == UIView:0x12.width + 10   (active)>",
            "<NSLayoutConstraint:0x3 UILabel:0x11.width == UIView:0x12.width   (active)>"
        )
        """
        let s = LogExplainer.explain(try #require(try UIKitLog.parse(stack, path: "x").first))
        #expect(s.wouldBreak == 1)
        #expect(s.fix == "Remove [1] <NSLayoutConstraint:0x2 UIStackView:0x10.width == UIView:0x12.width + 10   (active)> or lower its priority below 1000 (999 keeps it as close as possible).")
        // Among the app's, a fixed size goes before a relation between items; of equal ones, the later.
        let sized = """
        (
            "<NSLayoutConstraint:0x1 'UISV-canvas-connection' UIStackView:0x10.width == UILabel:0x11.width   (active)>",
            "<NSLayoutConstraint:0x2 UIStackView:0x10.width == UIView:0x12.width + 10   (active)>",
            "<NSLayoutConstraint:0x3 UILabel:0x11.width == 50   (active)>",
            "<NSLayoutConstraint:0x4 UIView:0x12.width == 50   (active)>"
        )
        """
        let f = LogExplainer.explain(try #require(try UIKitLog.parse(sized, path: "x").first))
        #expect(f.conflict == [0, 1, 2, 3] && f.wouldBreak == 3)
        // Without a fixed size: a spacing between two views, then an end edge, then the first.
        let spacing = """
        (
            "<NSLayoutConstraint:0x1 UIView:0x10.width == UIView:0x20.width   (active)>",
            "<NSLayoutConstraint:0x2 H:|-(8)-[UIView:0x10]   (active, names: '|':UIView:0x20 )>",
            "<NSLayoutConstraint:0x3 H:[UIView:0x11]-(8)-|   (active, names: '|':UIView:0x20 )>",
            "<NSLayoutConstraint:0x4 H:[UIView:0x10]-(8)-[UIView:0x11]   (active)>"
        )
        """
        let p = LogExplainer.explain(try #require(try UIKitLog.parse(spacing, path: "x").first))
        #expect(p.conflict == [0, 1, 2, 3] && p.wouldBreak == 3)
        let noSpacing = try #require(try UIKitLog.parse(spacing.replacing("H:[UIView:0x10]-(8)-[UIView:0x11]", with: "UIView:0x11.leading == UIView:0x10.trailing"), path: "x").first)
        #expect(LogExplainer.explain(noSpacing).wouldBreak == 2)
    }

    @Test(.enabled(if: !corpusLogs().isEmpty)) func layoutSupportConstraintsAreNotBroken() throws {
        let text = try #require(corpusLogs().first { $0.name == "wtf_custom4.txt" }?.text)
        let e = LogExplainer.explain(try #require(try UIKitLog.parse(text, path: "wtf_custom4.txt").first))
        #expect(e.conflict == [0, 1, 3, 5])
        #expect(e.wouldBreak == 3)
        #expect(e.fix.hasPrefix("Remove [3] <NSLayoutConstraint:0x128325fd0 V:[UICollectionView:0x126963e00]-(87)-[_UILayoutGuide:0x1271a5500]>"))
    }

    @Test(.enabled(if: !corpusLogs().isEmpty)) func namesClausesDecideTheCorpusVerdicts() throws {
        func explained(_ name: String) throws -> LogExplanation {
            let text = try #require(corpusLogs().first { $0.name == name }?.text)
            return LogExplainer.explain(try #require(try UIKitLog.parse(text, path: name).first))
        }
        // `name_label:0x…` without a class is the view that `[name_label]` stands for: 6 == 0.
        let custom2 = try explained("wtf_custom2.txt")
        #expect(custom2.unsatisfiable && custom2.conflict == [0, 1, 2])
        #expect(custom2.explanation.hasSuffix("6 = 0 is false."))
        // Two views cut to one name are two views: 7 points apart, which can hold.
        #expect(try !explained("wtf_custom8.txt").unsatisfiable)
    }

    @Test func theArithmeticUsesTheSizesTheConflictReliesOn() throws {
        // Without [0], [1]–[3] need a height of -20 for the stack view; the conflict relies on
        // [0] rather than on `height >= 0`, so that is what the arithmetic shows.
        let text = """
        (
            "<NSLayoutConstraint:0x1 UIStackView:0x10.height == 24   (active)>",
            "<NSLayoutConstraint:0x2 V:|-(21)-[UIStackView:0x10]   (active, names: '|':UIView:0x20 )>",
            "<NSLayoutConstraint:0x3 V:[UIStackView:0x10]-(9)-|   (active, names: '|':UIView:0x20 )>",
            "<NSLayoutConstraint:0x4 UIView:0x20.height == 10   (active)>"
        )
        """
        let e = LogExplainer.explain(try #require(try UIKitLog.parse(text, path: "x").first))
        #expect(e.conflict == [0, 1, 2, 3])
        #expect(e.explanation == "These 4 constraints cannot all hold ([0], [1], [2], [3]). [0] requires UIStackView:0x10.height == 24, but the other constraints make it at most -20, the sum of the spacings and sizes along the column: 24 = -21 + 10 - 9 is false.")
    }

    @Test func conflictsAreTheFirstAndIrreducible() throws {
        // Random groups of four views, checked against Cassowary's required constraints: the
        // verdict, the failing row, and that the conflict with its bounds fails while dropping
        // any one of its rows lets the rest hold.
        let attributes = ["leading", "trailing", "width", "centerX", "top", "bottom", "height"]
        for seed in UInt64(1)...400 {
            var random = SplitMix64(seed: seed)
            var lines: [String] = []
            for n in 0..<random.int(2...8) {
                let a = "UIView:0x1\(random.int(0...3))", b = "UIView:0x1\(random.int(0...3))"
                let relation = random.pick(["==", "==", "<=", ">="])
                let constant = random.int(-5...60)
                let priority = random.chance(0.15) ? " @750" : ""
                let body: String
                if random.chance(0.3) {
                    body = "\(a).\(random.pick(["width", "height"])) \(relation) \(constant)"
                } else {
                    let axis = random.int(0...1) == 0 ? Array(attributes[0...3]) : Array(attributes[4...6])
                    let factor = random.chance(0.2) ? "0.5*" : ""
                    body = "\(a).\(random.pick(axis)) \(relation) \(factor)\(b).\(random.pick(axis)) + \(constant)"
                }
                lines.append("\"<NSLayoutConstraint:0x\(n + 1) \(body)\(priority)   (active)>\"")
            }
            let list = try #require(try UIKitLog.parse(lines.joined(separator: "\n"), path: "x").first).constraints
            var model = Model(constraints: list)
            let rows = list.map { model.solverConstraints(for: $0) }
            let found = LogExplainer.firstConflict(rows: rows, bounds: model.bounds)
            func holds(_ indices: some Sequence<Int>, _ bounds: [Constraint]) -> Bool {
                var solver = Solver()
                do {
                    try solver.add(bounds)
                    for i in indices { try solver.add(rows[i].filter(\.strength.isRequired)) }
                    return true
                } catch {
                    return false
                }
            }
            let allBounds = Array(model.bounds.joined())
            let failing = list.indices.first { !holds(0...$0, allBounds) }
            #expect(found.rows.last == failing, "seed \(seed)")
            guard !found.rows.isEmpty else { continue }
            #expect(found.bounds.allSatisfy(allBounds.contains), "seed \(seed)")
            #expect(!holds(found.rows, found.bounds), "seed \(seed)")
            for r in found.rows {
                #expect(holds(found.rows.filter { $0 != r }, found.bounds), "seed \(seed): without [\(r)]")
            }
        }
    }

    @Test func aThousandConstraintMessagesAreExplained() throws {
        // Every constraint in the conflict: a row of 998 views 1 pt apart in a 10-pt cell. Then
        // 998 irrelevant constraints around a conflict of two.
        var chain = ["<NSLayoutConstraint:0x1 H:|-(1)-[UIView:0x1000]   (active, names: '|':UIView:0x9 )>"]
        for i in 1..<998 { chain.append("<NSLayoutConstraint:0x\(i + 1) H:[UIView:0x\(1000 + i - 1)]-(1)-[UIView:0x\(1000 + i)]   (active)>") }
        chain.append("<NSLayoutConstraint:0x999 H:[UIView:0x1997]-(1)-|   (active, names: '|':UIView:0x9 )>")
        chain.append("<NSLayoutConstraint:0x99a 'UIView-Encapsulated-Layout-Width' UIView:0x9.width == 10   (active)>")
        var sparse: [String] = []
        for i in 0..<998 { sparse.append("<NSLayoutConstraint:0x\(i + 1) H:[UIView:0x\(1000 + i)]-(8)-[UIView:0x\(1000 + i + 1)]   (active)>") }
        sparse += ["<NSLayoutConstraint:0xa1 UIView:0x1998.width == 10   (active)>", "<NSLayoutConstraint:0xa2 UIView:0x1998.width == 20   (active)>"]
        for (list, conflict) in [(chain, Array(0..<1000)), (sparse, [998, 999])] {
            let text = "(\n" + list.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n)"
            let message = try #require(try UIKitLog.parse(text, path: "x").first)
            #expect(message.constraints.count == UIKitLog.constraintLimit)
            #expect(LogExplainer.explain(message).conflict == conflict)
        }
    }
}

/// SplitMix64: a small, fully deterministic generator for the seeded tests.
private struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x2545_F491_4F6C_DD1D &+ 0x1234_5678 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}
