import Cassowary

/// A group of required constraints that cannot hold together, and the one the engine broke.
public struct UnsatisfiableConstraints {
    /// The minimal conflicting group: without any one of them the rest can hold. Listed in the
    /// order they were activated. The engine's implicit bound that sizes are never negative is
    /// part of every group's background and, as in UIKit, never listed.
    public let constraints: [LayoutConstraint]
    /// The constraint the engine broke: it now holds just below required, as closely as it can.
    public let broken: LayoutConstraint
    /// UIKit's console message ("Unable to simultaneously satisfy constraints." …), byte for byte.
    public let message: String
}

extension LayoutEngine {
    /// The trap's text when numbers beyond the solver's precision decide a conflict.
    static let imprecisionMessage = "Unable to resolve a conflict: rounding decides it (no group of constraints conflicts when solved afresh, or only the implicit bounds width >= 0 and height >= 0 do), which happens when constants or multipliers are far outside what the solver resolves exactly (constants within ±1e7 points, multiplier magnitudes from 1e-4 to 1e4). Check the constants and multipliers of the constraints just activated."

    /// The priority a broken constraint keeps: below required, above anything an app can set.
    static let brokenPriority = 999.999

    /// Picks the constraint to break in a conflicting group (``ConflictPolicy``, with the
    /// group in activation order), marks it broken, records and reports the conflict.
    func resolveConflict(group solverGroup: [Cassowary.Constraint], ownership: SolverOwnership) -> LayoutConstraint {
        var group: [LayoutConstraint] = []
        for s in solverGroup {
            if let c = ownership.owner(of: s), !group.contains(where: { $0 === c }) { group.append(c) }
        }
        // Only the implicit bounds (width ≥ 0, height ≥ 0) in the group: the solver's precision
        // was swamped by numbers far beyond a layout's.
        precondition(!group.isEmpty, Self.imprecisionMessage)
        group.sort { $0.activationSequence < $1.activationSequence }
        let broken = group[ConflictPolicy.choice(among: group.map(\.conflictCandidate))!]
        let message = unsatisfiableMessage(group: group, broken: broken)
        broken.isBroken = true
        structureVersion += 1
        let record = UnsatisfiableConstraints(constraints: group, broken: broken, message: message)
        conflicts.append(record)
        onUnsatisfiable(record)
        return broken
    }

    /// UIKit's message, iOS 12 and later.
    func unsatisfiableMessage(group: [LayoutConstraint], broken: LayoutConstraint) -> String {
        var s = "Unable to simultaneously satisfy constraints.\n"
        s += "\tProbably at least one of the constraints in the following list is one you don't want. \n"
        s += "\tTry this: \n"
        s += "\t\t(1) look at each constraint and try to figure out which you don't expect; \n"
        s += "\t\t(2) find the code that added the unwanted constraint or constraints and fix it. \n"
        if group.contains(where: \.isAutoresizing) {
            s += "\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) \n"
        }
        s += "(\n"
        s += group.map { "    \"" + escapedForArray($0.description) + "\"" }.joined(separator: ",\n")
        s += "\n)\n\n"
        s += "Will attempt to recover by breaking constraint \n"
        s += broken.description + "\n\n"
        s += "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.\n"
        s += "The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful."
        return s
    }

    /// Adds `background` and the batch (whose solver constraints, `made` in order, `ownership`
    /// records) to `solver`; while required constraints conflict, reports the group, demotes the constraint
    /// the policy picks, and tries again. Returns the constraints it broke. The solver is the
    /// engine's own or a fitting's scratch (whose caller has the engine demote what broke).
    @discardableResult
    func addResolvingConflicts(background: [Cassowary.Constraint], batch: [LayoutConstraint], made: [Cassowary.Constraint],
                               into solver: inout Solver, ownership: inout SolverOwnership) -> [LayoutConstraint] {
        // The bounds go last: most sizes are defined by then, which makes the bounds trivial.
        // A conflict is the first constraint that cannot hold with the bounds and the ones
        // before it (as ``ConflictSearch`` finds one, holding its background throughout), so
        // once the batch fails the bounds go first.
        var boundsFirst = false
        var broke: [LayoutConstraint] = []
        var made = made
        while true {
            do {
                try solver.add(boundsFirst ? background + made : made + background)
                return broke
            } catch .unsatisfiable where !boundsFirst && !background.isEmpty {
                boundsFirst = true
            } catch .unsatisfiable(let culprit, let conflicting) {
                let broken = resolveConflict(group: [culprit] + conflicting, ownership: ownership)
                // One already in the solver (a constraint of an earlier pass) is swapped there.
                demote(broken, in: &solver, ownership: &ownership, held: !batch.contains { $0 === broken })
                broke.append(broken)
                made = batch.flatMap { ownership.constraints(of: $0) }
            } catch .imprecise {
                preconditionFailure(Self.imprecisionMessage)
            } catch {
                preconditionFailure("layout engine bookkeeping: \(error)")
            }
        }
    }

    /// A solver whose conflicts name the group found reading its constraints in order, as a log
    /// is read (``Cassowary/Solver/namesConflictsInOrder``): the engine's and a fitting's.
    static func makeSolver() -> Solver {
        var solver = Solver()
        solver.namesConflictsInOrder = true
        return solver
    }

    /// Records a broken constraint's demoted solver constraints in `ownership`, and swaps them
    /// in for the old ones in `solver` when it `held` them.
    func demote(_ broken: LayoutConstraint, in solver: inout Solver, ownership: inout SolverOwnership, held: Bool) {
        let old = ownership.constraints(of: broken)
        ownership.set(broken, made: makeSolverConstraints(broken))
        if held { replace(old, by: ownership.constraints(of: broken), in: &solver) }
    }

    func replace(_ old: [Cassowary.Constraint], by new: [Cassowary.Constraint], in solver: inout Solver) {
        do {
            try solver.remove(old)
            try solver.add(new)
        } catch { preconditionFailure("layout engine bookkeeping: \(error)") }
    }
}

/// Quotes a string as `NSArray`'s description does inside `"…"`: backslash and quote escaped,
/// non-ASCII as `\Uxxxx`.
func escapedForArray(_ s: String) -> String {
    var out = ""
    for u in s.utf16 {
        switch u {
        case 0x22: out += "\\\""
        case 0x5C: out += "\\\\"
        case 0x0A: out += "\\n"
        case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(u)!)
        default:
            let hex = String(u, radix: 16)
            out += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
    return out
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a line to standard error (the engine's console).
func writeToStandardError(_ text: String) {
    let line = text + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
