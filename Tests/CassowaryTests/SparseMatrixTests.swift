import Testing
@testable import Cassowary

@Suite struct SparseMatrixTests {
    /// A matrix with `count` symbols and two rows over symbols 2…count-1: row 0 owned by 0,
    /// row 1 owned by 1, with opposite coefficients but for the last symbol.
    private func opposedRows(_ count: Int) -> (SparseMatrix, Row, Row) {
        var m = SparseMatrix()
        for _ in 0..<count { m.appendSymbol() }
        let symbols = (2..<count).map(Symbol.init)
        let a = m.insertRow(owner: Symbol(0), constant: 1, terms: symbols.map { LinearTerm($0, 1) })
        let b = m.insertRow(owner: Symbol(1), constant: 2,
                            terms: symbols.map { LinearTerm($0, $0 == Symbol(count - 1) ? 2 : -1) })
        return (m, a, b)
    }

    @Test func aRowThatLosesMostOfItsTermsGivesTheRoomBack() {
        var (m, a, b) = opposedRows(202)
        m.addScaled(into: a, factor: 1, constant: m.constant(b), source: m.terms[b])
        // Everything cancelled but the last symbol, whose coefficient is now 1 + 2.
        #expect(m.terms[a].count == 1)
        #expect(m.coefficient(a, Symbol(201)) == 3)
        #expect(m.constant(a) == 3)
        #expect(m.terms.room(a.index) <= 6)
        #expect(m.faults("m").isEmpty)
    }

    @Test func aRowThatGrowsKeepsItsLinks() {
        var (m, a, b) = opposedRows(52)
        m.appendSymbol()
        let c = m.insertRow(owner: Symbol(52), constant: 0, terms: [])
        // c = 2a - b: 3 for symbols 2…50, and 2 - 2 = 0 for 51.
        m.addScaled(into: c, factor: 2, constant: m.constant(a), source: m.terms[a])
        m.addScaled(into: c, factor: -1, constant: m.constant(b), source: m.terms[b])
        #expect(m.terms[c].count == 49)
        #expect(m.coefficient(c, Symbol(2)) == 3)
        #expect(m.coefficient(c, Symbol(51)) == 0)
        #expect(m.constant(c) == 0)
        #expect(m.faults("m").isEmpty)
    }

    /// The terms (by symbol) and the constant of the row that `owner` owns.
    private func contents(_ m: SparseMatrix, of owner: Int) -> ([Symbol: Double], Double) {
        let r = m.row(of: Symbol(owner))!
        return (Dictionary(uniqueKeysWithValues: m.terms[r].map { ($0.symbol, $0.coefficient) }), m.constant(r))
    }

    @Test func exchangingGivesWhatTwoMergesGive() {
        // Owners 0 (the source row), 1 (a near multiple of it) and 2 (short); symbols 3…66.
        var m = SparseMatrix()
        for _ in 0..<67 { m.appendSymbol() }
        let long = (3..<63).map { LinearTerm(Symbol($0), Double($0 % 7 + 1) / 2) }
        let r = m.insertRow(owner: Symbol(0), constant: 5, terms: long)
        let a = m.insertRow(owner: Symbol(1), constant: 2,
                            terms: long.map { LinearTerm($0.symbol, $0.symbol == Symbol(10) ? 3 : -0.5 * $0.coefficient) }
                                + [LinearTerm(Symbol(63), 1), LinearTerm(Symbol(64), -1)])
        let b = m.insertRow(owner: Symbol(2), constant: -1,
                            terms: [LinearTerm(Symbol(3), 4), LinearTerm(Symbol(65), 2), LinearTerm(Symbol(66), 0.25)])
        let source = Array(m.terms[r])
        var reference = m

        // With the roles swapped, b does not cancel: nothing changes.
        let swapped = m.addScaledExchanging(b, -1.5, a, 0.5, constant: 5, source: source)
        #expect(!swapped)
        for owner in [1, 2] {
            #expect(contents(m, of: owner) == contents(reference, of: owner), "row of \(owner) untouched")
        }
        #expect(m.row(of: Symbol(1)) == a && m.row(of: Symbol(2)) == b)

        reference.addScaled(into: a, factor: 0.5, constant: 5, source: source)
        reference.addScaled(into: b, factor: -1.5, constant: 5, source: source)
        let exchanged = m.addScaledExchanging(a, 0.5, b, -1.5, constant: 5, source: source)
        #expect(exchanged)

        for owner in [1, 2] {
            let (mine, k) = contents(m, of: owner), (theirs, kr) = contents(reference, of: owner)
            #expect(mine == theirs, "row of \(owner)")
            #expect(k == kr, "constant of \(owner)")
        }
        // The rows traded storage: the long one now holds the short row's result.
        #expect(m.row(of: Symbol(1)) == b && m.row(of: Symbol(2)) == a)
        // a + R/2 keeps 10 (3 + 1), 63 and 64; b - 3R/2 keeps 3 (4 - 3), 65, 66 and the rest of R.
        #expect(m.terms[b].count == 3 && m.terms[a].count == 62)
        #expect(m.faults("m").isEmpty)
    }

    @Test func aRemovedRowFreesItsTermsAndCells() {
        var (m, a, _) = opposedRows(40)
        m.removeRow(a)
        #expect(m.terms.room(a.index) == 0)
        #expect(m.columnCount(Symbol(2)) == 1)
        #expect(m.faults("m").isEmpty)
    }
}
