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

    @Test func aRemovedRowFreesItsTermsAndCells() {
        var (m, a, _) = opposedRows(40)
        m.removeRow(a)
        #expect(m.terms[Int(a)].capacity == 0)
        #expect(m.columns[2].count == 1)
        #expect(m.faults("m").isEmpty)
    }
}
