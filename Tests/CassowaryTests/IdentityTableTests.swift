import Testing
@testable import Cassowary

@Suite struct IdentityTableTests {
    /// Random sets and removals, checked against a Dictionary; clustered keys exercise the
    /// backward shift of removal across the end of the table.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func agreesWithDictionary(seed: UInt64) {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var table = IdentityTable<Int32>(vacant: -1)
        var reference: [UInt64: Int32] = [:]
        for step in 0..<20_000 {
            let key = 1 + next() % 600
            switch next() % 3 {
            case 0, 1:
                let value = Int32(truncatingIfNeeded: next() % 1000)
                table.set(key, value)
                reference[key] = value
            default:
                #expect(table.remove(key) == reference.removeValue(forKey: key), "seed \(seed) step \(step)")
            }
            if step % 997 == 0 {
                for k in 1...600 as ClosedRange<UInt64> {
                    #expect(table[k] == reference[k], "seed \(seed) step \(step) key \(k)")
                }
            }
        }
        #expect(table.count == reference.count)
        #expect(Dictionary(uniqueKeysWithValues: table.entries) == reference)
    }
}
