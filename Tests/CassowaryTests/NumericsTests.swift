import Testing
@testable import Cassowary

/// How the solver behaves at the edges of what layouts need: coordinates from 1e-3 to 1e7,
/// multipliers from 1e-4 to 1e4, near-parallel rows, long chains and degenerate pivots.
/// Tolerance: values agree with the exact answer to 1e-9 relative (plus 1e-9 absolute), the
/// solver's own epsilon; see the Cassowary article "Getting started with the solver".
@Suite struct NumericsTests {
    func close(_ a: Double, _ b: Double, relative: Double = 1e-9) -> Bool {
        abs(a - b) <= relative * max(1, abs(a), abs(b))
    }

    @Test(arguments: [1e-3, 0.5, 1, 375, 1e5, 1e7])
    func chainsAtEveryScale(step: Double) throws {
        var s = Solver()
        let xs = (0...200).map { Variable("x\($0)") }
        try s.add(xs[0] == step)
        for i in 1..<xs.count { try s.add(xs[i] == xs[i - 1] + step) }
        try s.add((xs.last! <= 1e12).withStrength(.required))
        for (i, x) in xs.enumerated() { #expect(close(s[x], Double(i + 1) * step), "x\(i) at step \(step)") }
    }

    @Test(arguments: [1e-4, 1e-2, 0.5, 3, 1e2, 1e4])
    func multipliersAcrossEightDecades(m: Double) throws {
        var s = Solver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        try s.add([x == 40, y == m * x + 8, z == (1 / m) * (y - 8)])
        #expect(close(s[y], m * 40 + 8))
        #expect(close(s[z], 40, relative: 1e-8))
    }

    @Test func nearParallelRowsKeepTheirIntersection() throws {
        // Two lines crossing at (1, 2) at an angle of about 1e-6 radians.
        var s = Solver()
        let x = Variable("x"), y = Variable("y")
        try s.add([x + y == 3, x + (1 + 1e-6) * y == 3 + 2e-6])
        #expect(close(s[x], 1, relative: 1e-6) && close(s[y], 2, relative: 1e-6))
        // Optional near-parallel pulls settle between the two, deterministically.
        var t = Solver()
        try t.add([(x == 10).withStrength(.weak), (x == 10 + 1e-9).withStrength(.weak), x >= 0, x <= 100])
        let first = t[x]
        var u = Solver()
        try u.add([(x == 10).withStrength(.weak), (x == 10 + 1e-9).withStrength(.weak), x >= 0, x <= 100])
        #expect(u[x] == first && close(first, 10))
    }

    @Test func aHundredThousandLinkChain() throws {
        var s = Solver()
        let xs = (0..<100_000).map { Variable("x\($0)") }
        var batch = [xs[0] == 0]
        for i in 1..<xs.count { batch.append(xs[i] == xs[i - 1] + 1) }
        try s.add(batch)
        #expect(s[xs[99_999]] == 99_999)
        // A constant change at the head moves the whole chain.
        try s.setConstant(5, for: batch[0])   // x0 == 5
        #expect(s[xs[99_999]] == 100_004)
    }

    @Test func degeneratePivotsDoNotCycle() throws {
        // Many constraints tight at the same vertex, with optional pulls across them: Bland's
        // rule must end, with every required constraint holding.
        var s = Solver()
        let v = (0..<12).map { Variable("v\($0)") }
        var required: [Constraint] = []
        for i in 0..<v.count {
            required.append(v[i] >= 0)
            required.append(v[i] <= 0 + Double(i % 3))
            for j in 0..<i where (i + j) % 4 == 0 { required.append(v[i] - v[j] <= Double((i * j) % 3)) }
        }
        try s.add(required)
        for (i, x) in v.enumerated() { try s.add((x == Double(10 - i)).withStrength(i % 2 == 0 ? .strong : .weak)) }
        for c in required {
            let value = c.expression.value { s[$0] }
            switch c.relation {
            case .lessThanOrEqual: #expect(value <= 1e-9)
            case .greaterThanOrEqual: #expect(value >= -1e-9)
            case .equal: #expect(abs(value) <= 1e-9)
            }
        }
    }

    @Test func nonFiniteNumbersAreRefusedAtEveryEntry() throws {
        var s = Solver()
        let x = Variable("x")
        let pin = x == 5
        try s.add(pin)
        try s.addEditVariable(x, strength: .strong)
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(throws: SolverError.self) { try s.add(x == bad) }
            #expect(throws: SolverError.self) { try s.add(bad * x == 1) }
            #expect(throws: SolverError.self) { try s.setConstant(bad, for: pin) }
            #expect(throws: SolverError.self) { try s.suggestValue(x, bad) }
        }
        #expect(s[x] == 5)
    }
}

/// The batch ambiguity check agrees with asking one variable at a time.
@Suite struct AmbiguityBatchTests {
    @Test func batchAgreesWithOneAtATime() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        var ambiguousSeen = 0, determinedSeen = 0
        for _ in 0..<300 {
            var s = Solver()
            let vs = (0..<8).map { Variable("v\($0)") }
            for _ in 0..<(4 + next(8)) {
                let a = vs[next(8)], b = vs[next(8)]
                let k = Double(next(21) - 10)
                let strength: Strength = [.required, .strong, .medium, .weak][next(4)]
                let c: Constraint
                switch next(4) {
                case 0: c = (a == b + k).withStrength(strength)
                case 1: c = (a <= b + k).withStrength(strength)
                case 2: c = (a >= k).withStrength(strength)
                default: c = (a == k).withStrength(strength)
                }
                try? s.add(c)
            }
            let one = vs.filter { s.isAmbiguous($0) }
            var copy = s
            let batch = copy.ambiguousVariables(among: vs)
            #expect(batch.map(\.name) == one.map(\.name))
            ambiguousSeen += one.count
            determinedSeen += vs.count - one.count
        }
        #expect(ambiguousSeen > 100 && determinedSeen > 100)   // both answers were exercised
    }
}
