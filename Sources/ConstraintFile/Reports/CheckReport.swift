import AutoLayout

/// Renders a ``CheckResult`` for people (``text(_:)``) and for tools (``json(_:)``).
/// Both are deterministic: the same file gives the same bytes on every run.
public enum CheckReport {
    /// The report as text: a summary line; each conflict's UIKit message, verbatim, after the
    /// names of the views it involves; the ambiguous views and what is open; every frame
    /// (relative to the superview, and absolute); fitting issues; each failed expectation as
    /// `path:line: expectation failed: …`; and, for Interface Builder files, how the solved frames
    /// compare with the stored ones and the notes of what reading skipped.
    ///
    /// - Parameter result: What running a file produced.
    /// - Returns: The text, ending with a newline.
    public static func text(_ result: CheckResult) -> String {
        var out = summary(result) + "\n"
        for (i, conflict) in result.conflicts.enumerated() {
            out += "\nconflict \(i + 1) of \(result.conflicts.count)"
            if !conflict.itemNames.isEmpty { out += " (\(conflict.itemNames.joined(separator: ", ")))" }
            out += ":\n" + conflict.message + "\n"
        }
        if !result.ambiguous.isEmpty {
            out += "\nambiguous\(result.ambiguityExpected ? " (expected)" : ""):\n"
            for line in result.ambiguous { out += "  \(line)\n" }
        }
        if !result.views.isEmpty {
            out += "\nframes:\n"
            for v in result.views {
                out += "  \(v.name)\(v.label.map { " \"\($0)\"" } ?? "") (\(v.className)): \(v.frame)"
                if let superview = v.superview { out += " in \(superview), absolute \(v.absoluteFrame)" }
                if v.isHidden { out += ", hidden" }
                out += "\n"
            }
        }
        if !result.fittingIssues.isEmpty {
            out += "\nfitting:\n"
            for issue in result.fittingIssues { out += "  \(issue)\n" }
        }
        if !result.expectationFailures.isEmpty {
            out += "\n"
            for f in result.expectationFailures { out += failureLine(f, path: result.path) + "\n" }
        }
        if let stored = result.storedFrames {
            out += "\n" + storedFramesLine(stored) + "\n"
            for line in stored.differences { out += "  \(line)\n" }
        }
        if !result.notes.isEmpty {
            out += "\n"
            for note in result.notes { out += "\(result.path): note: \(note)\n" }
        }
        return out
    }

    /// `path: 4 views, 1 conflict (expected), 0 ambiguous, 3 expectations passed, 0 failed`.
    static func summary(_ r: CheckResult) -> String {
        let conflicts = "\(r.conflicts.count) conflict\(r.conflicts.count == 1 ? "" : "s")"
            + (r.conflictsExpected && !r.conflicts.isEmpty ? " (expected)" : "")
        let ambiguous = "\(r.ambiguous.count) ambiguous" + (r.ambiguityExpected && !r.ambiguous.isEmpty ? " (expected)" : "")
        let total = r.expectationsPassed + r.expectationFailures.count
        return "\(r.path): \(r.views.count) view\(r.views.count == 1 ? "" : "s"), \(conflicts), \(ambiguous), "
            + "\(total) expectation\(total == 1 ? "" : "s"): \(r.expectationsPassed) passed, \(r.expectationFailures.count) failed"
    }

    /// `stored frames: 19 of 20 views within 0.5 pt (95%)`.
    static func storedFramesLine(_ c: CheckResult.StoredFrameComparison) -> String {
        let percent = (c.fraction * 1000).rounded() / 10
        return "stored frames: \(c.matched) of \(c.compared) view\(c.compared == 1 ? "" : "s") within "
            + "\(formatted(CheckResult.StoredFrameComparison.tolerance)) pt (\(formatted(percent))%)"
    }

    /// `path:line: expectation failed: expect a.width == 10: got 12`.
    static func failureLine(_ f: CheckResult.ExpectationFailure, path: String) -> String {
        "\(path):\(f.line): expectation failed: \(f.text): \(f.message)"
    }

    /// The report as JSON:
    /// `{"views":{"name":[x,y,w,h]},"conflicts":[{"constraints":[…],"broken":"…"}],"ambiguous":[…],`
    /// `"expectations":{"passed":n,"failed":n,"failures":[…]}}`, frames relative to the superview,
    /// ambiguous views by name, each failure as `{"line","expectation","expected","actual","message"}`
    /// with the `path:line: expectation failed: …` line as its message. Interface Builder files
    /// add `"storedFrames":{"compared","matched","differences"}` and `"notes"`.
    ///
    /// - Parameter result: What running a file produced.
    /// - Returns: The JSON value; ``JSON/rendered()`` gives its text.
    public static func json(_ result: CheckResult) -> JSON {
        var members: [(String, JSON)] = [
            ("views", .object(result.views.map { v in
                (v.name, .array([v.frame.minX, v.frame.minY, v.frame.width, v.frame.height].map(JSON.number)))
            })),
            ("conflicts", .array(result.conflicts.map { c in
                .object([("constraints", .array(c.constraints.map(JSON.string))), ("broken", .string(c.broken))])
            })),
            ("ambiguous", .array(result.ambiguousViews.map(JSON.string))),
            ("expectations", .object([
                ("passed", .number(Double(result.expectationsPassed))),
                ("failed", .number(Double(result.expectationFailures.count))),
                ("failures", .array(result.expectationFailures.map { f in
                    .object([("line", .number(Double(f.line))), ("expectation", .string(f.text)),
                             ("expected", .array(f.expected.map(JSON.number))), ("actual", .array(f.actual.map(JSON.number))),
                             ("message", .string(failureLine(f, path: result.path)))])
                })),
            ])),
        ]
        if let stored = result.storedFrames {
            members.append(("storedFrames", .object([
                ("compared", .number(Double(stored.compared))), ("matched", .number(Double(stored.matched))),
                ("differences", .array(stored.differences.map(JSON.string))),
            ])))
        }
        if !result.notes.isEmpty { members.append(("notes", .array(result.notes.map(JSON.string)))) }
        return .object(members)
    }
}
