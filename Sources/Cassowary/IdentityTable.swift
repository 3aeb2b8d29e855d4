/// A hash table from the 64-bit identities of variables and constraints to small values: the
/// symbol of a variable, the record slot of a constraint (and, in the layout engine, from the
/// addresses of layout constraints).
///
/// Identities come from a counter and addresses are aligned, so a multiplicative hash that keeps
/// the product's high bits spreads them well; open addressing with linear probing keeps a
/// look-up to one or two cache lines, with no per-process seeding and no boxing. Removal shifts
/// the following entries back, so there are no tombstones.
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

    /// Makes room for `count` keys in all, so that the table grows at most once on the way.
    mutating func reserve(_ count: Int) {
        if count * 4 > keys.count * 3 { grow(toHold: count) }
    }

    /// A table's first room is 64 slots (48 keys): a fresh cell's solver, tens of variables and
    /// constraints, then fills it without growing through 16 and 32 slots, rehashing each time.
    private mutating func grow(toHold wanted: Int = 0) {
        let oldKeys = keys, oldValues = values
        var size = oldKeys.isEmpty ? 64 : 2 * oldKeys.count
        while wanted * 4 > size * 3 { size *= 2 }
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

/// An `IdentityTable` of slots (non-negative `Int32`s) for the layout engine's own tables:
/// not generic, so that the module using it calls code specialized here rather than generic code.
package struct SlotTable: Sendable {
    private var table = IdentityTable<Int32>(vacant: -1)

    package init() {}

    /// How many keys the table holds.
    package var count: Int { table.count }

    /// The slot of `key`, if it has one.
    package subscript(key: UInt64) -> Int32? { table[key] }

    /// Makes room for `count` keys in all.
    package mutating func reserve(_ count: Int) { table.reserve(count) }

    /// Gives `key` (never 0) the slot `slot`.
    package mutating func set(_ key: UInt64, _ slot: Int32) { table.set(key, slot) }

    /// Removes `key` and returns its slot, if it had one.
    @discardableResult
    package mutating func remove(_ key: UInt64) -> Int32? { table.remove(key) }
}
