/// Which required constraints cannot hold together: the search the solver's `.unsatisfiable`
/// error, a layout engine's conflicts and an explanation of a pasted log all use.
///
/// A *member* is a group of constraints taken together (a layout constraint that needs two
/// solver constraints is one member); only its required constraints take part. A conflict is
/// a set of members that cannot all hold while, without any one of them, the rest can: an
/// irreducible set. Where there is a choice of irreducible sets, earlier members are kept and
/// later ones dropped: pass members in the order they were added, so that a conflict names the
/// constraints that were there first. Implicit bounds (a view's `width >= 0`) are passed as
/// background, so a conflict is made of listed constraints where it can be.
///
/// The search does not ask fresh solvers whether candidate sets can hold. Its members are
/// *elastic* (optional, at one level, so a solve minimises how far they miss) and hold together
/// exactly when none misses, so one solver adds and removes them in place:
/// - Only members connected to the failing one through shared variables can be in its
///   conflict (an irreducible set is connected).
/// - A member of one constraint with a variable no other member uses can be met by moving that
///   variable: it is in no irreducible set, and goes.
/// - An inequality with room to spare in the closest solution goes: without it that solution
///   is still the closest (a linear problem's optimum stays optimal when a constraint that does
///   not touch it goes), so the rest still fails by as much.
/// - Two members of one constraint each that alone share a variable are in an irreducible set
///   together or not at all: they are tried as one unit (a chain of spacings is one unit).
///   (Neither rule holds for a member of several constraints: moving one variable meets only
///   the constraints it is in.)
/// - A deletion filter over the units, latest first, drops units that can go in chunks that
///   double while they go, so irrelevant stretches cost O(log n) checks.
public enum ConflictSearch {
    /// How far a member's constraint may miss, relative to the size of its terms (at least
    /// one), and still hold: the simplex's rounding, far below any layout's precision.
    public static let tolerance = 1e-8

    /// The first member that cannot hold with the ones before it and the `background`, adding
    /// `members` in order, and an irreducible conflict that includes it: member indices,
    /// sorted, and the background indices it keeps.
    ///
    /// Background constraints (a layout's implicit size bounds, `width >= 0`) take part but are
    /// never tried for removal one by one: they go only when no kept member shares a variable
    /// with them or when they hold with room to spare, so the conflict is irreducible in its
    /// members and may keep background it could do without. (Certifying each of a thousand
    /// bounds a chain needs would take a thousand solves.) Nil when the required constraints of
    /// all members and the background hold together. Members with a non-finite constraint are
    /// left out (a solver refuses them).
    /// - Complexity: For n members, O(n) in-place additions and removals and O(log n) checks
    ///   to find the failing member (doubling prefixes, then a bisection); then one in-place
    ///   removal and check per unit tried: O(k log n) checks for a conflict of k units.
    public static func firstConflict(in members: [[Constraint]], background: [Constraint] = [])
        -> (failing: Int, conflict: [Int], background: [Int])? {
        var search = Search(members + background.map { [$0] }, background: members.count)
        // The background is held throughout (a solver that holds the bounds first adds rows
        // more cheaply: their sizes are already defined).
        for b in members.count..<search.elastic.count { search.restore(b) }
        let order = members.indices.filter { !search.elastic[$0].isEmpty }
        var added = 0
        func prefixHolds(_ count: Int) -> Bool {
            while added < count { search.restore(order[added]); added += 1 }
            while added > count { added -= 1; search.drop(order[added]) }
            return search.keptHold()
        }
        var holds = 0, next = 1
        var fails: Int?
        while fails == nil, holds < order.count {
            let count = min(next, order.count)
            if prefixHolds(count) { holds = count; next *= 2 } else { fails = count }
        }
        guard var fails else { return nil }
        while fails - holds > 1 {
            let mid = (holds + fails) / 2
            if prefixHolds(mid) { holds = mid } else { fails = mid }
        }
        _ = prefixHolds(fails)
        let failing = order[fails - 1]
        let kept = search.minimise(keeping: failing)
        return (failing, kept.filter { $0 < members.count }, kept.filter { $0 >= members.count }.map { $0 - members.count })
    }

    /// An irreducible conflict among `members` that includes `failing` (member indices,
    /// sorted), keeping earlier members where there is a choice; nil when the required
    /// constraints of all members hold together (within ``tolerance``).
    /// - Complexity: O(n) in-place additions for n members, then as
    ///   ``firstConflict(in:background:)``'s search once the failing member is known.
    public static func minimalConflict(among members: [[Constraint]], including failing: Int) -> [Int]? {
        var search = Search(members, background: members.count)
        for m in members.indices { search.restore(m) }
        guard !search.keptHold() else { return nil }
        return search.minimise(keeping: failing)
    }

    /// Whether the required constraints among `constraints` can all hold together, by a solve
    /// of their own (a check of a conflict found: numbers beyond the precision of doubles,
    /// `8e115`, can make a solver's verdict and a search's disagree).
    /// - Complexity: One solve of the constraints.
    public static func holdTogether(_ constraints: [Constraint]) -> Bool {
        var solver = Solver()
        solver.begin()
        return !constraints.contains { $0.strength.isRequired && $0.expression.isFinite && solver.insert($0) != nil }
    }

    /// Whether an inequality holds with room to spare (more than the ``tolerance``).
    static func slack(_ c: Constraint, _ value: (Variable) -> Double) -> Bool {
        let (miss, margin) = residual(c, value)
        switch c.relation {
        case .equal: return false
        case .lessThanOrEqual: return miss < -margin
        case .greaterThanOrEqual: return miss > margin
        }
    }

    /// Whether `c` holds within the ``tolerance``.
    static func holds(_ c: Constraint, _ value: (Variable) -> Double) -> Bool {
        let (miss, margin) = residual(c, value)
        switch c.relation {
        case .equal: return abs(miss) <= margin
        case .lessThanOrEqual: return miss <= margin
        case .greaterThanOrEqual: return miss >= -margin
        }
    }

    /// How far `c`'s expression is from zero, and the ``tolerance`` scaled to its terms.
    static func residual(_ c: Constraint, _ value: (Variable) -> Double) -> (miss: Double, margin: Double) {
        let e = c.expression
        var scale = max(1, abs(e.constant))
        for t in e.terms { scale = max(scale, abs(t.coefficient * value(t.variable))) }
        return (e.value(value), tolerance * scale)
    }

    /// The values a constraint on one variable allows (`2 * v - 10 >= 0`: v from 5 up), nil
    /// for a constraint on more than one variable (or none).
    static func range(of c: Constraint) -> (variable: Variable, lower: Double, upper: Double)? {
        let vs = variables(of: [c])
        guard vs.count == 1 else { return nil }
        let a = c.expression.terms.reduce(0) { $0 + ($1.variable == vs[0] ? $1.coefficient : 0) }
        let value = -c.expression.constant / a
        // a * v + k >= 0 is v >= -k / a for a positive a, v <= -k / a for a negative one.
        switch (c.relation, a > 0) {
        case (.equal, _): return (vs[0], value, value)
        case (.greaterThanOrEqual, true), (.lessThanOrEqual, false): return (vs[0], value, .infinity)
        case (.greaterThanOrEqual, false), (.lessThanOrEqual, true): return (vs[0], -.infinity, value)
        }
    }

    /// The variables constraints depend on, in order of appearance: terms of one variable are
    /// summed first (`minX + width - minX` does not depend on `minX`).
    static func variables(of constraints: [Constraint]) -> [Variable] {
        var order: [Variable] = []
        var depends: Set<Variable> = []
        for c in constraints {
            var sums: [Variable: Double] = [:]
            var seen: [Variable] = []
            for t in c.expression.terms {
                if sums[t.variable] == nil { seen.append(t.variable) }
                sums[t.variable, default: 0] += t.coefficient
            }
            for v in seen where sums[v] != 0 && depends.insert(v).inserted { order.append(v) }
        }
        return order
    }

    /// One search: the members' elastic forms, and a solver holding the kept ones.
    struct Search {
        /// Each member's required, finite constraints at one optional level (empty for a
        /// member that cannot conflict).
        let elastic: [[Constraint]]
        /// Each member's variables.
        let variables: [[Variable]]
        /// Members from this index on are background: never tried for removal one by one.
        let background: Int
        var solver = Solver()
        var kept: Set<Int> = []

        init(_ members: [[Constraint]], background: Int) {
            self.background = background
            elastic = members.map { member in
                let required = member.filter(\.strength.isRequired)
                guard required.allSatisfy(\.expression.isFinite) else { return [] }
                return required.map { $0.withStrength(.strong) }
            }
            variables = elastic.map(ConflictSearch.variables(of:))
        }

        mutating func drop(_ m: Int) {
            if kept.remove(m) != nil { try? solver.remove(elastic[m]) }
        }

        mutating func restore(_ m: Int) {
            if !elastic[m].isEmpty, kept.insert(m).inserted { try? solver.add(elastic[m]) }
        }

        /// Whether every kept member holds in the solver's solution.
        mutating func keptHold() -> Bool {
            solver.updateVariables()
            let value: (Variable) -> Double = { [solver] in solver.value(of: $0) }
            return kept.allSatisfy { m in elastic[m].allSatisfy { ConflictSearch.holds($0, value) } }
        }

        /// Shrinks the kept members, which fail, to an irreducible conflict that includes
        /// `failing`, dropping later members first where there is a choice.
        mutating func minimise(keeping failing: Int) -> [Int] {
            // Only members connected to the failing one through shared variables.
            var component = Set([failing])
            var users: [Variable: [Int]] = [:]
            for m in kept { for v in variables[m] { users[v, default: []].append(m) } }
            var queue = [failing]
            while let m = queue.popLast() {
                for v in variables[m] { for other in users[v] ?? [] where component.insert(other).inserted { queue.append(other) } }
            }
            for m in kept.subtracting(component).sorted() { drop(m) }
            dropUnusable(keeping: failing)
            // Background that a kept member implies (`height >= 0` beside `height == 24`) goes
            // where the rest still fails without it: the conflict names the member instead.
            let ranges = memberRanges()
            for b in kept.sorted() where b >= background && b != failing && isImplied(b, by: ranges) {
                drop(b)
                if keptHold() { restore(b) }
            }
            // Inequalities with room to spare in the closest solution.
            solver.updateVariables()
            let value: (Variable) -> Double = { [solver] in solver.value(of: $0) }
            for m in kept.sorted() where m != failing && elastic[m].allSatisfy({ ConflictSearch.slack($0, value) }) { drop(m) }
            dropUnusable(keeping: failing)

            // Units, the one with the latest member first; units of background alone are not
            // tried. The rest of the failing member's unit is tried too: exactly it would be
            // needed, but rounding can make the failing member fail alone (`1e-10 * x + 2 == 0`
            // reads as `2 == 0` to the simplex).
            var pending = units().map { $0.filter { $0 != failing } }
                .filter { !$0.isEmpty && $0.contains { $0 < background } }.sorted { $0.max()! > $1.max()! }[...]
            var size = 1
            while !pending.isEmpty {
                let chunk = pending.prefix(size).joined()
                for m in chunk { drop(m) }
                if !keptHold() {
                    pending = pending.dropFirst(size)
                    size *= 2
                    continue
                }
                for m in chunk { restore(m) }
                if size == 1 { pending = pending.dropFirst() }
                size = 1
            }
            return kept.sorted()
        }

        /// The ranges of the kept members' (not background's) constraints on one variable, by variable.
        func memberRanges() -> [Variable: [(lower: Double, upper: Double)]] {
            var ranges: [Variable: [(lower: Double, upper: Double)]] = [:]
            for m in kept where m < background {
                for c in elastic[m] {
                    if let r = ConflictSearch.range(of: c) { ranges[r.variable, default: []].append((r.lower, r.upper)) }
                }
            }
            return ranges
        }

        /// Whether background member `b`, one constraint on one variable, holds wherever one of
        /// the kept members' `ranges` does (`height == 24` or `height >= 24` implies `height >= 0`).
        func isImplied(_ b: Int, by ranges: [Variable: [(lower: Double, upper: Double)]]) -> Bool {
            guard elastic[b].count == 1, let range = ConflictSearch.range(of: elastic[b][0]) else { return false }
            return ranges[range.variable, default: []].contains { $0.lower >= range.lower && $0.upper <= range.upper }
        }

        /// Whether member `m` is one constraint: only then does a variable of its own let it hold
        /// whatever the others do (a member `[a <= -5, b >= 0]` with `b` its own still fails by `a`).
        func isSingle(_ m: Int) -> Bool { elastic[m].count == 1 }

        /// Drops the kept members of one constraint that use a variable no other kept member
        /// uses, repeatedly (dropping one may leave another alone with a variable).
        mutating func dropUnusable(keeping failing: Int) {
            var users: [Variable: [Int]] = [:]
            for m in kept.sorted() { for v in variables[m] { users[v, default: []].append(m) } }
            var queue = kept.sorted().filter { m in m != failing && isSingle(m) && variables[m].contains { users[$0]!.count == 1 } }
            var queued = Set(queue)
            while let m = queue.popLast() {
                drop(m)
                for v in variables[m] {
                    users[v]!.removeAll { $0 == m }
                    guard let other = users[v]!.first, users[v]!.count == 1, other != failing, isSingle(other),
                          queued.insert(other).inserted else { continue }
                    queue.append(other)
                }
            }
        }

        /// The kept members grouped into units: two members of one constraint each that alone
        /// use some variable are in one unit.
        func units() -> [[Int]] {
            let members = kept.sorted()
            var users: [Variable: [Int]] = [:]
            var variableOrder: [Variable] = []
            for (n, m) in members.enumerated() {
                for v in variables[m] {
                    if users[v] == nil { variableOrder.append(v) }
                    users[v, default: []].append(n)
                }
            }
            var parent = Array(members.indices)
            func root(_ x: Int) -> Int {
                var x = x
                while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
                return x
            }
            for v in variableOrder where users[v]!.count == 2 && users[v]!.allSatisfy({ isSingle(members[$0]) }) {
                parent[root(users[v]![1])] = root(users[v]![0])
            }
            var groups: [Int: [Int]] = [:]
            for n in members.indices { groups[root(n), default: []].append(members[n]) }
            return Array(groups.values)
        }
    }
}
