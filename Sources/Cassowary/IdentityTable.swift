/// A hash table from the 64-bit identities of variables and constraints to small values: the
/// symbol of a variable, the record slot of a constraint.
///
/// Identities come from a counter, so a multiplicative hash spreads them well; open addressing
/// with linear probing keeps a look-up to one or two cache lines, with no per-process seeding
/// and no boxing. Removal shifts the following entries back, so there are no tombstones.
struct IdentityTable<Value: Sendable>: Sendable {
    private var keys: [UInt64]
    private var values: [Value]
    /// What `values` holds where there is no key.
    private let vacant: Value
    private(set) var count = 0
    private var mask: Int

    /// Keys are never 0: identities start at 1.
    private static var empty: UInt64 { 0 }

    /// An empty table; `vacant` fills the value slots of absent keys (nothing reads it). It
    /// holds `minimumCount` keys before it grows; with none, it takes no room before its first key.
    init(vacant: Value, minimumCount: Int = 0) {
        self.vacant = vacant
        guard minimumCount > 0 else {
            keys = []
            values = []
            mask = 0
            return
        }
        var size = 16
        while minimumCount * 4 > size * 3 { size *= 2 }
        keys = [UInt64](repeating: IdentityTable.empty, count: size)
        values = [Value](repeating: vacant, count: size)
        mask = size - 1
    }

    @inline(__always) private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
    }

    /// The value for `key`, or nil.
    /// - Complexity: O(1) expected.
    subscript(key: UInt64) -> Value? {
        if count == 0 { return nil }
        var i = home(key)
        while true {
            let k = keys[i]
            if k == key { return values[i] }
            if k == IdentityTable.empty { return nil }
            i = (i + 1) & mask
        }
    }

    /// Sets the value of `key`, adding the key when it is new.
    mutating func set(_ key: UInt64, _ value: Value) {
        precondition(key != IdentityTable.empty)
        if (count + 1) * 4 > keys.count * 3 { grow() }
        var i = home(key)
        while true {
            let k = keys[i]
            if k == key { values[i] = value; return }
            if k == IdentityTable.empty {
                keys[i] = key
                values[i] = value
                count += 1
                return
            }
            i = (i + 1) & mask
        }
    }

    /// Removes `key` and returns its value, if it was there.
    @discardableResult
    mutating func remove(_ key: UInt64) -> Value? {
        if count == 0 { return nil }
        var i = home(key)
        while keys[i] != key {
            if keys[i] == IdentityTable.empty { return nil }
            i = (i + 1) & mask
        }
        let removed = values[i]
        // Shift back every following entry that its home allows to move into the hole.
        var hole = i
        var j = i
        while true {
            j = (j + 1) & mask
            let k = keys[j]
            if k == IdentityTable.empty { break }
            let h = home(k)
            let movable = hole <= j ? (h <= hole || h > j) : (h <= hole && h > j)
            if movable {
                keys[hole] = k
                values[hole] = values[j]
                hole = j
            }
        }
        keys[hole] = IdentityTable.empty
        values[hole] = vacant
        count -= 1
        return removed
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let size = max(16, oldKeys.count * 2)
        keys = [UInt64](repeating: IdentityTable.empty, count: size)
        values = [Value](repeating: vacant, count: size)
        mask = keys.count - 1
        count = 0
        for (k, v) in zip(oldKeys, oldValues) where k != IdentityTable.empty { set(k, v) }
    }

    /// Every (key, value) pair, in no particular order.
    var entries: [(UInt64, Value)] {
        zip(keys, values).filter { $0.0 != IdentityTable.empty }
    }
}
