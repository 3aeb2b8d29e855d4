import AutoLayout

/// One "Unable to simultaneously satisfy constraints" message (or a bare pasted list).
public struct LogMessage: Sendable {
    /// The listed constraints, in order.
    public var constraints: [LogConstraint]
    /// The index of the constraint named by "Will attempt to recover by breaking constraint"
    /// (matched by address, else by description); nil when the paste has no such line.
    public var brokenByUIKit: Int?
    /// 1-based line where the message starts.
    public var line: Int

    /// Creates a message.
    public init(constraints: [LogConstraint], brokenByUIKit: Int?, line: Int) {
        self.constraints = constraints
        self.brokenByUIKit = brokenByUIKit
        self.line = line
    }
}

extension LogMessage {
    /// What ``ConflictPolicy`` reads of each listed constraint, in list order.
    ///
    /// A log printed without identifiers (Masonry's description of constraints, or an iOS 9 or
    /// older log, where UIKit printed an app's fixed sizes in visual format, `H:[UIView(40)]`)
    /// shows UIKit's encapsulated sizes as plain `UIView.width == 375`: such a size counts as
    /// UIKit's there.
    public var conflictCandidates: [ConflictPolicy.Candidate] {
        let printedWithoutIdentifiers = constraints.contains { $0.className == "MASLayoutConstraint" }
            || (!constraints.contains { $0.description.contains("(active") || $0.description.contains("(inactive") }
                && constraints.contains(where: \.isPlainFixedSizeEquation))
        return constraints.map { c in
            let printedFirst = c.visualSpacing == .betweenItems || c.visualSpacing == .toSuperviewEnd ? c.secondItem : c.firstItem
            var maker = ConflictPolicy.Maker(constraintClass: c.className, identifier: c.identifier,
                                             firstItemClass: printedFirst?.className)
            if printedWithoutIdentifiers, maker == .app, c.isPlainFixedSizeEquation { maker = .uikitIdentified }
            let betweenViews = c.visualSpacing == .betweenItems
                && ![c.firstItem, c.secondItem].contains { $0?.className.contains("LayoutGuide") == true }
            return ConflictPolicy.Candidate(
                priority: c.priority, maker: maker, fixedSize: c.isFixedSize ? c.constant : nil,
                isSpacingBetweenViews: betweenViews,
                holdsEndEdge: c.visualSpacing == .toSuperviewEnd || (!c.isVisualFormat && LogConstraint.endEdges.contains(c.firstAttribute)))
        }
    }
}
