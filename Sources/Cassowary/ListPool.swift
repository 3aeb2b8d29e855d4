/// Many short lists that grow and shrink, kept in one buffer instead of an array each.
///
/// A list is a run of the buffer: where it starts, how many elements it holds and how many it
/// has room for (0 or a power of two). A list that outgrows its run moves to a run twice the
/// size; a run given back goes on the free list of its size and is reused before the buffer
/// grows. Positions within a list do not change when it moves, so anything that records a slot
/// in a list stays valid.
///
/// An array per list costs a heap block each, with a 32-byte header and the allocator's own
/// overhead: most of a matrix's columns hold one or two 8-byte cells, so that overhead was most
/// of the column index, and every pivot that emptied or refilled a column paid a `malloc`.
struct ListPool<Element: ListPoolElement>: Sendable {
    private struct Run: Sendable {
        var start: Int32
        var count: Int32
        var room: Int32
    }

    private var storage: [Element] = []
    private var runs: [Run] = []
    /// `freeHeads[k]`: the start of an unused run of room `1 << k`, or -1; each unused run's
    /// first element links to the next one of its size.
    private var freeHeads: [Int32] = Array(repeating: -1, count: Int32.bitWidth)
    /// Elements of `storage` in free runs.
    private var freeElements = 0
    /// What fills `storage` where no list has an element.
    private let filler: Element

    init(filler: Element) { self.filler = filler }

    /// How many lists there are (empty ones included).
    var listCount: Int { runs.count }

    /// Adds empty lists up to `count`, reserving exactly that many (see `Array.extend`).
    mutating func extend(to count: Int) {
        runs.extend(to: count, with: Run(start: 0, count: 0, room: 0))
    }

    @inline(__always) func count(_ list: Int) -> Int { Int(runs[list].count) }

    /// The elements of a list. The slice shares the pool's buffer: changing the pool while it is
    /// alive copies the whole buffer, so copy it (`Array(_:)`) before such changes.
    @inline(__always) subscript(list: Int) -> ArraySlice<Element> {
        let run = runs[list]
        return storage[Int(run.start)..<Int(run.start + run.count)]
    }

    @inline(__always) subscript(list: Int, slot: Int) -> Element {
        get {
            let run = runs[list]
            assert(slot >= 0 && slot < Int(run.count), "internal error: list slot out of range")
            return storage[Int(run.start) + slot]
        }
        set {
            let run = runs[list]
            assert(slot >= 0 && slot < Int(run.count), "internal error: list slot out of range")
            storage[Int(run.start) + slot] = newValue
        }
    }

    @inline(__always) mutating func append(_ element: Element, to list: Int) {
        var run = runs[list]
        if run.count == run.room { run = move(list, toRoom: max(1, 2 * Int(run.room))) }
        storage[Int(run.start + run.count)] = element
        runs[list].count = run.count + 1
    }

    @inline(__always) mutating func removeLast(from list: Int) -> Element {
        let run = runs[list]
        precondition(run.count > 0, "internal error: removing from an empty list")
        let last = storage[Int(run.start + run.count) - 1]
        runs[list].count = run.count - 1
        if isSparse(count: run.count - 1, room: run.room) { shrink(list) }
        return last
    }

    /// The room the pool holds, in elements (lists' runs and free runs).
    var capacity: Int { storage.count }

    // MARK: Runs

    private func roomFor(_ count: Int) -> Int {
        count <= 1 ? count : 1 << (Int.bitWidth - (count - 1).leadingZeroBitCount)
    }

    /// Whether a list holds so little of its run that it gives room back: all of it when empty
    /// (runs are reused without a `malloc`, so an empty list holds nothing), and half or more
    /// of a long run.
    @inline(__always) private func isSparse(count: Int32, room: Int32) -> Bool {
        count == 0 || (room >= 16 && 4 * count < room)
    }

    private mutating func shrink(_ list: Int) {
        let run = runs[list]
        if run.count == 0 {
            release(start: run.start, room: run.room)
            runs[list] = Run(start: 0, count: 0, room: 0)
        } else {
            move(list, toRoom: roomFor(2 * Int(run.count)))
        }
        if freeElements > 4096 { compactIfSparse() }
    }

    /// Moves a list into a run of `room` elements.
    @discardableResult
    private mutating func move(_ list: Int, toRoom room: Int) -> Run {
        let old = runs[list]
        let start = allocate(room)
        for k in 0..<Int(old.count) { storage[start + k] = storage[Int(old.start) + k] }
        if old.room > 0 { release(start: old.start, room: old.room) }
        let run = Run(start: Int32(start), count: old.count, room: Int32(room))
        runs[list] = run
        return run
    }

    private mutating func allocate(_ room: Int) -> Int {
        let k = room.trailingZeroBitCount
        let head = freeHeads[k]
        if head >= 0 {
            freeHeads[k] = storage[Int(head)].poolLink
            freeElements -= room
            return Int(head)
        }
        let start = storage.count
        // Grow by half rather than double: the pool is the bulk of a small system.
        if start + room > storage.capacity { storage.reserveCapacity(max(start + room, start + start / 2)) }
        storage.append(contentsOf: repeatElement(filler, count: room))
        return start
    }

    private mutating func release(start: Int32, room: Int32) {
        let k = Int(room).trailingZeroBitCount
        storage[Int(start)].poolLink = freeHeads[k]
        freeHeads[k] = start
        freeElements += Int(room)
    }

    /// When free runs are most of a large buffer (a system that shrank), the lists are packed
    /// again into a buffer of their own size, so that the pool gives back what it no longer uses.
    private mutating func compactIfSparse() {
        guard 2 * freeElements > storage.count else { return }
        var packed: [Element] = []
        packed.reserveCapacity(storage.count - freeElements)
        for list in runs.indices where runs[list].room > 0 {
            let run = runs[list]
            runs[list].start = Int32(packed.count)
            packed.append(contentsOf: storage[Int(run.start)..<Int(run.start + run.room)])
        }
        storage = packed
        for k in freeHeads.indices { freeHeads[k] = -1 }
        freeElements = 0
    }
}

/// An element of a `ListPool`: an unused run keeps the link to the next one of its size in its
/// first element.
protocol ListPoolElement: Sendable {
    var poolLink: Int32 { get set }
}
