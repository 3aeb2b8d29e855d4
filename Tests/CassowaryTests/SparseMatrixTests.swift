import Testing
@testable import Cassowary

@Suite struct SparseMatrixTests {
    /// A matrix with `count` symbols and two rows over symbols 2…count-1: row 0 owned by 0,
    /// row 1 owned by 1, with opposite coefficients but for the last symbol.
    private func opposedRows(_ count: Int) -> (SparseMatrix, Int32, Int32) {
        var m = SparseMatrix()
        for _ in 0..<count { m.appendSymbol() }
        let symbols = (2..<Int32(count)).map { $0 }
        let a = m.insertRow(owner: 0, constant: 1, terms: symbols.map { ($0, 1.0) })
        let b = m.insertRow(owner: 1, constant: 2, terms: symbols.map { ($0, $0 == Int32(count) - 1 ? 2.0 : -1.0) })
        return (m, a, b)
    }

    @Test func aRowThatLosesMostOfItsTermsGivesTheRoomBack() {
        var (m, a, b) = opposedRows(202)
        m.addScaled(into: a, factor: 1, constant: m.constant(b), source: m.terms[Int(b)])
        // Everything cancelled but the last symbol, whose coefficient is now 1 + 2.
        #expect(m.terms[Int(a)].count == 1)
        #expect(m.coefficient(a, 201) == 3)
        #expect(m.constant(a) == 3)
        #expect(m.terms[Int(a)].capacity <= 6)
        #expect(m.faults("m").isEmpty)
    }

    @Test func aRowThatGrowsKeepsItsLinks() {
        var (m, a, b) = opposedRows(52)
        m.appendSymbol()
        let c = m.insertRow(owner: 52, constant: 0, terms: [])
        // c = 2a - b: 3 for symbols 2…50, and 2 - 2 = 0 for 51.
        m.addScaled(into: c, factor: 2, constant: m.constant(a), source: m.terms[Int(a)])
        m.addScaled(into: c, factor: -1, constant: m.constant(b), source: m.terms[Int(b)])
        #expect(m.terms[Int(c)].count == 49)
        #expect(m.coefficient(c, 2) == 3)
        #expect(m.coefficient(c, 51) == 0)
        #expect(m.constant(c) == 0)
        #expect(m.faults("m").isEmpty)
    }

    /// The terms (by symbol) and the constant of the row that `owner` owns.
    private func contents(_ m: SparseMatrix, of owner: Int32) -> ([Int32: Double], Double) {
        let r = m.row(of: owner)
        return (Dictionary(uniqueKeysWithValues: m.terms[Int(r)].map { ($0.symbol, $0.coefficient) }), m.constant(r))
    }

    @Test func exchangingGivesWhatTwoMergesGive() {
        // Owners 0 (the source row), 1 (a near multiple of it) and 2 (short); symbols 3…66.
        var m = SparseMatrix()
        for _ in 0..<67 { m.appendSymbol() }
        let long = (3..<63).map { (Int32($0), Double($0 % 7 + 1) / 2) }
        let r = m.insertRow(owner: 0, constant: 5, terms: long)
        let a = m.insertRow(owner: 1, constant: 2,
                            terms: long.map { ($0.0, $0.0 == 10 ? 3 : -0.5 * $0.1) } + [(63, 1), (64, -1)])
        let b = m.insertRow(owner: 2, constant: -1, terms: [(3, 4), (65, 2), (66, 0.25)])
        let source = m.terms[Int(r)]
        var reference = m

        // With the roles swapped, b does not cancel: nothing changes.
        let swapped = m.addScaledExchanging(b, -1.5, a, 0.5, constant: 5, source: source)
        #expect(!swapped)
        for owner: Int32 in [1, 2] {
            #expect(contents(m, of: owner) == contents(reference, of: owner), "row of \(owner) untouched")
        }
        #expect(m.row(of: 1) == a && m.row(of: 2) == b)

        reference.addScaled(into: a, factor: 0.5, constant: 5, source: source)
        reference.addScaled(into: b, factor: -1.5, constant: 5, source: source)
        let exchanged = m.addScaledExchanging(a, 0.5, b, -1.5, constant: 5, source: source)
        #expect(exchanged)

        for owner: Int32 in [1, 2] {
            let (mine, k) = contents(m, of: owner), (theirs, kr) = contents(reference, of: owner)
            #expect(mine == theirs, "row of \(owner)")
            #expect(k == kr, "constant of \(owner)")
        }
        // The rows traded storage: the long one now holds the short row's result.
        #expect(m.row(of: 1) == b && m.row(of: 2) == a)
        // a + R/2 keeps 10 (3 + 1), 63 and 64; b - 3R/2 keeps 3 (4 - 3), 65, 66 and the rest of R.
        #expect(m.terms[Int(b)].count == 3 && m.terms[Int(a)].count == 62)
        #expect(m.faults("m").isEmpty)
    }

    @Test func aRemovedRowFreesItsTermsAndCells() {
        var (m, a, _) = opposedRows(40)
        m.removeRow(a)
        #expect(m.terms[Int(a)].capacity == 0)
        #expect(m.columns[2].count == 1)
        #expect(m.faults("m").isEmpty)
    }
}
