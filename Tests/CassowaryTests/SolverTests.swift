import Testing
@testable import Cassowary

@Suite struct SolverTests {
    @Test func simpleEquality() throws {
        var s = Solver()
        let x = Variable("x")
        try s.add(x == 10)
        #expect(s.value(of: x) == 10)
    }
}
