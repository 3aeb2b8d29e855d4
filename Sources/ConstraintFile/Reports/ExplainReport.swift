/// The explainer's output: a text report for people and JSON for tools.
public enum ExplainReport {
    /// One block per message: where it is, the numbered constraints (conflicting ones marked `*`),
    /// what UIKit broke and what we would break, why, and the fix.
    ///
    /// ```
    /// log.txt:1: unsatisfiable: 2 of 2 constraints conflict
    ///   * [0] <NSLayoutConstraint:0x… UIView:0x….height == 10   (active)>
    ///   * [1] <NSLayoutConstraint:0x… UIView:0x….height == 20   (active)>
    ///   UIKit broke [1]; we would break [0]
    ///   why: …
    ///   fix: …
    /// ```
    public static func text(_ explanations: [LogExplanation], path: String) -> String {
        guard !explanations.isEmpty else { return "\(path): no unsatisfiable-constraint messages found\n" }
        return explanations.map { text($0, path: path) }.joined()
    }

    /// One message's block of ``text(_:path:)``.
    public static func text(_ e: LogExplanation, path: String) -> String {
        let list = e.message.constraints
        var out = "\(path):\(e.message.line): "
        let listed = list.count == 1 ? "1 constraint" : "\(list.count) constraints"
        if !e.unsatisfiable {
            out += list.count == 1 ? "satisfiable: the 1 listed constraint can hold\n"
                                   : "satisfiable: the \(list.count) listed constraints can all hold\n"
        } else if e.conflict.count == 1 {
            out += "unsatisfiable: 1 of \(listed) cannot hold even on its own\n"
        } else {
            out += "unsatisfiable: \(e.conflict.count) of \(listed) conflict\n"
        }
        for (i, c) in list.enumerated() {
            out += "  \(e.conflict.contains(i) ? "*" : " ") [\(i)] \(c.description)\n"
        }
        var broke: [String] = []
        if let b = e.message.brokenByUIKit { broke.append("UIKit broke [\(b)]") }
        // A group that can hold on its own: the choice is UIKit's, among what it listed.
        if let w = e.wouldBreak { broke.append(e.unsatisfiable ? "we would break [\(w)]" : "UIKit would break [\(w)]") }
        if !broke.isEmpty { out += "  " + broke.joined(separator: "; ") + "\n" }
        out += "  why: \(e.explanation)\n"
        if !e.fix.isEmpty { out += "  fix: \(e.fix)\n" }
        return out
    }

    /// `{"messages":[{"constraints":[{"description","priority","identifier","system"}],
    /// "unsatisfiable","conflict","brokenByUIKit","wouldBreak","explanation","fix"}]}`.
    public static func json(_ explanations: [LogExplanation]) -> JSON {
        .object([("messages", .array(explanations.map(json)))])
    }

    /// One message's object in ``json(_:)``.
    public static func json(_ e: LogExplanation) -> JSON {
        .object([
            ("constraints", .array(e.message.constraints.map { c in
                .object([("description", .string(c.description)), ("priority", .number(c.priority)),
                         ("identifier", c.identifier.map { .string($0) } ?? .null), ("system", .bool(c.isSystem))])
            })),
            ("unsatisfiable", .bool(e.unsatisfiable)),
            ("conflict", .array(e.conflict.map { .number(Double($0)) })),
            ("brokenByUIKit", e.message.brokenByUIKit.map { .number(Double($0)) } ?? .null),
            ("wouldBreak", e.wouldBreak.map { .number(Double($0)) } ?? .null),
            ("explanation", .string(e.explanation)),
            ("fix", .string(e.fix)),
        ])
    }
}
