import Testing
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
        #expect(e.conflict == [0, 1] && e.wouldBreak == 0)
        let fine = #""<NSLayoutConstraint:0x1 UIView:0x10.width == 10   (active)>""#
        let f = LogExplainer.explain(try #require(try UIKitLog.parse(fine, path: "x").first))
        #expect(!f.unsatisfiable && f.conflict.isEmpty && f.wouldBreak == nil)
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
}
