import Testing
@testable import Cassowary

/// ``ConflictSearch`` finds the first member that cannot hold with the ones before it, and a
/// group that is irreducible: checked against fresh solves of every prefix and every group
/// less one member.
@Suite struct ConflictSearchTests {
    let x = Variable("x"), y = Variable("y"), z = Variable("z"), h = Variable("h"), w = Variable("w")

    @Test func theFirstFailingMemberAndItsGroupLeaveOutUnrelatedOnes() throws {
        let members: [[Constraint]] = [[x >= 10], [z == 3], [y == x + 5], [z <= 100], [y <= 12], [x == 1]]
        let found = try #require(ConflictSearch.firstConflict(in: members))
        #expect(found.failing == 4)
        #expect(found.conflict == [0, 2, 4])
        #expect(found.background.isEmpty)
        #expect(ConflictSearch.minimalConflict(among: members, including: 5) == [0, 5])
    }

    @Test func backgroundIsKeptOnlyWhereTheGroupNeedsIt() throws {
        let bounds = [h >= 0, w >= 0]
        // h = w - 30 = -20 breaks h >= 0: the bound is part of the group.
        let needed = try #require(ConflictSearch.firstConflict(in: [[h == w - 30], [w == 10]], background: bounds))
        #expect(needed.failing == 1 && needed.conflict == [0, 1] && needed.background == [0])
        // h == 24 implies h >= 0: the group names the members alone.
        let implied = try #require(ConflictSearch.firstConflict(in: [[h == 24], [h == w - 30], [w == 10]], background: bounds))
        #expect(implied.failing == 2 && implied.conflict == [0, 1, 2] && implied.background.isEmpty)
        #expect(ConflictSearch.firstConflict(in: [[h == 24], [w == 10]], background: bounds) == nil)
    }

    @Test func aMemberThatFailsAloneThroughRoundingIsItsOwnGroup() throws {
        // 1e-10 * (x + y) == -2 is below the simplex's precision: it reads as 2 == 0, and fails
        // alone, so its group is empty although x shares it with x <= 0 (found by SolverFuzz).
        let tiny = 1e-10 * x + 1e-10 * y + 2 == 0
        var s = Solver()
        try s.add(-x >= 0)
        #expect(throws: SolverError.unsatisfiable(tiny, conflicting: [])) { try s.add(tiny) }
    }

    @Test func aSolverCanNameTheGroupFoundInOrder() throws {
        // x <= 5 conflicts with x >= 10 and, alone, with x >= 20: two irreducible groups. The
        // search in order names the one a list of the three gives.
        let atLeast10 = x >= 10, atLeast20 = x >= 20, atMost5 = x <= 5
        let listed = try #require(ConflictSearch.firstConflict(in: [[atLeast10], [atLeast20], [atMost5]]))
        #expect(listed.failing == 2 && listed.conflict.count == 2)
        var inOrder = Solver()
        inOrder.namesConflictsInOrder = true
        try inOrder.add([atLeast10, atLeast20])
        let named = [atLeast10, atLeast20][listed.conflict[0]]
        #expect(throws: SolverError.unsatisfiable(atMost5, conflicting: [named])) { try inOrder.add(atMost5) }
        // By default the simplex's certificate names one: either group will do.
        var fast = Solver()
        try fast.add([atLeast10, atLeast20])
        let group = Self.rejection(of: atMost5, by: &fast)
        #expect(group == [atLeast10] || group == [atLeast20])
    }

    @Test func optionalAndNonFiniteConstraintsTakeNoPart() {
        let members: [[Constraint]] = [[x == 10], [(x == 20).withStrength(.strong)], [x == Expression(constant: .nan) + y]]
        #expect(ConflictSearch.firstConflict(in: members) == nil)
        #expect(ConflictSearch.holdTogether(members.flatMap { $0 }))
    }

    /// Random systems of spacings, sizes and bounds on a few variables: the failing member is
    /// the first whose prefix fails afresh, and the group fails while each group less one holds.
    @Test func randomSystemsGiveTheFirstFailingMemberAndAnIrreducibleGroup() {
        var rng = SplitMix64(seed: 26)
        var conflicts = 0
        for _ in 0..<300 {
            let vars = (0..<rng.int(2...6)).map { Variable("v\($0)") }
            var members: [[Constraint]] = []
            for _ in 0..<rng.int(2...12) {
                let (c, b) = Self.randomConstraint(&rng, vars)
                members.append(rng.chance(0.5) ? [c] : [c, b >= -30])
            }
            let background = vars.map { $0 >= 0 }
            func holds(_ picked: [Int], _ kept: [Int]) -> Bool {
                ConflictSearch.holdTogether(picked.flatMap { members[$0] } + kept.map { background[$0] })
            }
            guard let found = ConflictSearch.firstConflict(in: members, background: background) else {
                #expect(holds(Array(members.indices), Array(background.indices)))
                continue
            }
            conflicts += 1
            let all = Array(background.indices)
            #expect(holds(Array(0..<found.failing), all))
            #expect(!holds(Array(0...found.failing), all))
            #expect(found.conflict.contains(found.failing) && found.conflict.allSatisfy { $0 <= found.failing })
            #expect(!holds(found.conflict, found.background))
            for m in found.conflict {
                #expect(holds(found.conflict.filter { $0 != m }, found.background), "\(members) without \(m): \(found)")
            }
        }
        #expect(conflicts > 50)
    }

    /// A random spacing, inequality, pin or cap between `vars`, and the second variable it drew.
    static func randomConstraint(_ rng: inout SplitMix64, _ vars: [Variable]) -> (constraint: Constraint, second: Variable) {
        let a = rng.pick(vars), b = rng.pick(vars), k = Double(rng.int(-20...20))
        let c: Constraint = switch rng.int(0...3) {
        case 0: a == b + k
        case 1: a >= b + k
        case 2: a == k
        default: a <= k
        }
        return (c, b)
    }

    /// The group `solver` names when it rejects `c`; nil when it adds it.
    static func rejection(of c: Constraint, by solver: inout Solver) -> [Constraint]? {
        do {
            try solver.add(c)
            return nil
        } catch {
            guard case let .unsatisfiable(_, conflicting) = error else { return nil }
            return conflicting
        }
    }

    /// A solver that names conflicts in order gives the group a search of its held constraints
    /// in order gives; by default it may give another (its certificate's), and on random
    /// systems it sometimes does.
    @Test func aSolverNamingConflictsInOrderGivesTheSearchsGroup() {
        var rng = SplitMix64(seed: 27)
        var differ = 0
        for _ in 0..<300 {
            let vars = (0..<rng.int(2...5)).map { Variable("v\($0)") }
            var inOrder = Solver()
            inOrder.namesConflictsInOrder = true
            var fast = Solver()
            var held: [Constraint] = []
            for _ in 0..<rng.int(3...12) {
                let c = Self.randomConstraint(&rng, vars).constraint
                guard let named = Self.rejection(of: c, by: &inOrder) else {
                    held.append(c)
                    _ = Self.rejection(of: c, by: &fast)
                    continue
                }
                let expected = ConflictSearch.minimalConflict(among: (held + [c]).map { [$0] }, including: held.count)?
                    .filter { $0 < held.count }.map { held[$0] }
                #expect(named == expected, "\(held) + \(c)")
                let certificate = Self.rejection(of: c, by: &fast)
                if named != certificate { differ += 1 }
            }
        }
        print("ConflictSearchTests: the certificate's group differed from the in-order one \(differ) times")
        #expect(differ > 0)
    }
}
