import Testing
@testable import Cassowary

@Suite struct ListPoolTests {
    private typealias Cell = SparseMatrix.Cell

    /// Random appends, removals of the last element and overwrites on 200 lists, checked
    /// against an array per list; the lists grow long and shrink to nothing, so runs move up
    /// and down in size, are reused from the free lists and are packed again.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func agreesWithArrays(seed: UInt64) {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var pool = ListPool<Cell>()
        pool.extend(to: 200)
        var reference = Array(repeating: [Cell](), count: 200)
        for step in 0..<60_000 {
            // Phases that favour growth, then removal, so that lists get long and empty again.
            let growing = (step / 5_000) % 2 == 0
            let list = next() % (step % 3 == 0 ? 200 : 7)
            switch next() % 10 {
            case 0..<6 where growing, 0..<3:
                let cell = Cell(row: Row(step), termSlot: Int32(list))
                pool.append(cell, to: list)
                reference[list].append(cell)
            case 9 where !reference[list].isEmpty:
                let slot = next() % reference[list].count
                pool[list, slot].termSlot = Int32(-step)
                reference[list][slot].termSlot = Int32(-step)
            default:
                guard let expected = reference[list].popLast() else { continue }
                let removed = pool.removeLast(from: list)
                #expect(removed.row == expected.row && removed.termSlot == expected.termSlot, "seed \(seed) step \(step)")
            }
            if step % 1_000 == 999 {
                for l in 0..<200 {
                    #expect(pool.count(l) == reference[l].count, "seed \(seed) step \(step) list \(l)")
                    #expect(pool[l].map(\.row) == reference[l].map(\.row), "seed \(seed) step \(step) list \(l)")
                    #expect(pool[l].map(\.termSlot) == reference[l].map(\.termSlot), "seed \(seed) step \(step) list \(l)")
                }
            }
        }
    }

    /// A pool is a value: a copy, and a slice of one of its lists, keep what they held when the
    /// pool changes after (its memory is shared until then, and copied by the change).
    @Test func copiesAndSlicesKeepTheirElements() {
        var pool = ListPool<Cell>()
        pool.extend(to: 3)
        for k in 0..<5 { pool.append(Cell(row: Row(k), termSlot: Int32(k)), to: 1) }
        let copy = pool
        let slice = pool[1]
        pool[1, 0] = Cell(row: Row(99), termSlot: 99)
        for k in 5..<40 { pool.append(Cell(row: Row(k), termSlot: Int32(k)), to: 1) }   // moves the list
        _ = pool.removeLast(from: 1)
        pool.append(Cell(row: Row(7), termSlot: 7), to: 2)
        #expect(copy[1].map(\.row) == (0..<5).map { Row($0) })
        #expect(slice.map(\.termSlot) == [0, 1, 2, 3, 4])
        #expect(copy.count(2) == 0)
        #expect(pool[1].map(\.row) == [Row(99)] + (1..<39).map { Row($0) })
        #expect(pool[2].map(\.row) == [Row(7)])
        var other = copy
        other.removeAll(from: 1)
        #expect(other.count(1) == 0 && copy.count(1) == 5)
    }

    /// A pool whose lists grew long and then emptied gives its buffer back.
    @Test func emptiedPoolIsPackedAgain() {
        var pool = ListPool<Cell>()
        pool.extend(to: 100)
        for list in 0..<100 {
            for k in 0..<300 { pool.append(Cell(row: Row(k), termSlot: 0), to: list) }
        }
        let full = pool.capacity
        #expect(full >= 30_000)
        for list in 0..<100 {
            for _ in 0..<299 { _ = pool.removeLast(from: list) }
        }
        #expect(pool.capacity < full / 4, "capacity \(pool.capacity) of \(full)")
        for list in 0..<100 {
            #expect(pool.count(list) == 1 && pool[list, 0].row == Row(0))
        }
    }

    /// A list's first element takes a run of two, and each append past the room moves the list
    /// to a run twice as large, keeping its elements in order.
    @Test func appendsDoubleTheRoom() {
        var pool = ListPool<Cell>()
        pool.extend(to: 2)
        var rooms: [Int] = []
        for k in 0..<17 {
            pool.append(Cell(row: Row(k), termSlot: Int32(k)), to: 1)
            rooms.append(pool.room(1))
        }
        #expect(rooms == [2, 2, 4, 4, 8, 8, 8, 8, 16, 16, 16, 16, 16, 16, 16, 16, 32])
        #expect(pool[1].map(\.termSlot) == (0..<17).map(Int32.init))
        #expect(pool.count(0) == 0 && pool.room(0) == 0)
    }

    /// A list that grows when a third of the buffer is free packs the buffer first, its own run
    /// included, and still moves its own elements.
    @Test func growthPacksTheBufferFirst() {
        var pool = ListPool<Cell>()
        pool.extend(to: 300)
        // Each list fills a run of four (appends double a run: two, then four).
        for list in 0..<300 {
            for k in 0..<4 { pool.append(Cell(row: Row(list), termSlot: Int32(k)), to: list) }
            #expect(pool.room(list) == 4)
        }
        let full = pool.capacity
        for list in 0..<150 {
            for _ in 0..<4 { _ = pool.removeLast(from: list) }
        }
        #expect(pool.capacity == full)
        // Runs of four are free, none of eight: the growth packs, then takes new room.
        pool.append(Cell(row: Row(200), termSlot: 4), to: 200)
        #expect(pool.capacity < full)
        #expect(pool.room(200) == 8)
        #expect(pool[200].map(\.termSlot) == [0, 1, 2, 3, 4])
        for list in 150..<300 where list != 200 {
            #expect(pool[list].map(\.row) == [Row](repeating: Row(list), count: 4))
            #expect(pool[list].map(\.termSlot) == [0, 1, 2, 3])
        }
    }
}
