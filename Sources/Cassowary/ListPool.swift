/// Many short lists that grow and shrink, kept in one buffer instead of an array each.
///
/// A list is a run of the buffer: where it starts, how many elements it holds and how many it
/// has room for (0 or a size class: 1, 2, 3, 4, 6, 8, 12, 16, …, each a third or half more than
/// the last). A list appended to past its room moves to a run twice as large (a list's first
/// element takes a run of two); one reserved for a count takes the smallest class that holds
/// it. A run given back goes on the free list of its class and is reused before the buffer
/// grows. Positions within a list do not change when it moves, so anything that records a slot
/// in a list stays valid.
///
/// An array per list costs a heap block each, with a 32-byte header and the allocator's own
/// overhead: most of a matrix's columns hold one or two 8-byte cells, so that overhead was most
/// of the column index, and a column that filled from nothing paid a `malloc`.
///
/// The pool is a value: its memory (`Storage`) is copied when a copy of the pool, or a slice of
/// one of its lists, still holds it at a change. Every change checks that once, then works on
/// plain memory (the elements, the runs and the free lists were three arrays, and a term added
/// to a matrix checked the uniqueness and bounds of each: the bulk of what adding one cost).
///
/// Sendable as an array is: copies on other threads share the memory only to read it (a change
/// copies it first), and the addresses kept beside it are the memory's.
struct ListPool<Element: ListPoolElement>: @unchecked Sendable {
    fileprivate struct Run: Sendable {
        var start: Int32
        var count: Int32
        var room: Int32
    }

    /// The pool's memory. Reached only through the pool, which copies it before a change
    /// unless it holds it alone (`unique()`): the pool's value semantics.
    fileprivate final class Storage: @unchecked Sendable {
        /// The runs (lists' and free ones) up to `end`; nothing is read past it.
        @exclusivity(unchecked) var elements: UnsafeMutablePointer<Element>?
        @exclusivity(unchecked) var elementCapacity = 0
        /// Where the runs end: the next run is made here when no free one fits.
        @exclusivity(unchecked) var end = 0
        @exclusivity(unchecked) var runs: UnsafeMutablePointer<Run>?
        @exclusivity(unchecked) var runCount = 0
        @exclusivity(unchecked) var runCapacity = 0
        /// `freeHeads[c]`: the start of an unused run of class `c`, or -1; each unused run's
        /// first element links to the next one of its class. Made when the first run is given
        /// back (most pools of a small system never give one back).
        @exclusivity(unchecked) var freeHeads: UnsafeMutablePointer<Int32>?
        /// Elements in free runs.
        @exclusivity(unchecked) var freeElements = 0

        static var classCount: Int { 2 * Int32.bitWidth }

        init() {}

        deinit {
            elements?.deallocate()
            runs?.deallocate()
            freeHeads?.deallocate()
        }

        func copy() -> Storage {
            let c = Storage()
            c.elements = copiedBlock(elements, keeping: end, into: elementCapacity)
            c.elementCapacity = elementCapacity
            c.end = end
            c.runs = copiedBlock(runs, keeping: runCount, into: runCapacity)
            c.runCount = runCount
            c.runCapacity = runCapacity
            c.freeHeads = copiedBlock(freeHeads, keeping: Self.classCount, into: Self.classCount)
            c.freeElements = freeElements
            return c
        }

        /// Gives the runs room for `capacity` lists.
        func reserveRuns(_ capacity: Int) {
            guard capacity > runCapacity else { return }
            runs = movedBlock(runs, keeping: runCount, into: capacity)
            runCapacity = capacity
        }

        /// Gives the elements room for `capacity`, keeping the first `kept`.
        func reserveElements(_ capacity: Int, keeping kept: Int) {
            guard capacity > elementCapacity else { return }
            elements = movedBlock(elements, keeping: kept, into: capacity)
            elementCapacity = capacity
        }
    }

    private var storage = Storage()
    /// `storage`'s elements and runs, read from here (one load less than through the storage
    /// on every read); `refresh()` after anything that may move them.
    private var elements: UnsafeMutablePointer<Element>?
    private var runs: UnsafeMutablePointer<Run>?

    init() {}

    /// The pool's memory, held alone: copied first when a copy of the pool or a slice shares it.
    @inline(__always) private mutating func unique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy()
            refresh()
        }
    }

    /// Reads the memory's addresses again, after a change that may have moved it.
    @inline(__always) private mutating func refresh() {
        elements = storage.elements
        runs = storage.runs
    }

    /// How many lists there are (empty ones included).
    var listCount: Int { storage.runCount }

    /// Adds empty lists up to `count`, reserving exactly that many (see `Array.extend`).
    mutating func extend(to count: Int) {
        unique()
        guard count > storage.runCount else { return }
        storage.reserveRuns(count)
        (storage.runs! + storage.runCount).initialize(repeating: Run(start: 0, count: 0, room: 0), count: count - storage.runCount)
        storage.runCount = count
        refresh()
    }

    /// Adds one empty list at the end (the list of lists grows as an array does, from 16).
    mutating func appendList() {
        unique()
        if storage.runCount == storage.runCapacity {
            storage.reserveRuns(Swift.max(16, 2 * storage.runCount))
            refresh()
        }
        (storage.runs! + storage.runCount).initialize(to: Run(start: 0, count: 0, room: 0))
        storage.runCount += 1
    }

    /// Drops the lists from `count` on, which must be empty.
    mutating func removeLists(from count: Int) {
        unique()
        assert((count..<storage.runCount).allSatisfy { storage.runs![$0].room == 0 }, "internal error: dropping a list that holds room")
        storage.runCount = count
    }

    @inline(__always) private func run(_ list: Int) -> Run {
        assert(list >= 0 && list < storage.runCount, "internal error: list out of range")
        assert(elements == storage.elements && runs == storage.runs, "internal error: the pool's addresses are stale")
        return runs![list]
    }

    @inline(__always) func count(_ list: Int) -> Int { Int(run(list).count) }

    /// How many elements a list has room for before it moves to a larger run.
    func room(_ list: Int) -> Int { Int(run(list).room) }

    /// The elements of a list. The slice shares the pool's memory: changing the pool while it
    /// is alive copies the whole pool, so copy it (`Array(_:)`) before such changes.
    @inline(__always) subscript(list: Int) -> Slice {
        let run = run(list)
        return Slice(storage: storage, base: elements.map { UnsafePointer($0 + Int(run.start)) }, count: Int(run.count))
    }

    /// The elements of the list of a dense id (a row's terms).
    @inline(__always) subscript<ID: DenseID>(id: ID) -> Slice { self[id.index] }

    @inline(__always) subscript(list: Int, slot: Int) -> Element {
        get {
            let run = run(list)
            assert(slot >= 0 && slot < Int(run.count), "internal error: list slot out of range")
            return elements![Int(run.start) &+ slot]
        }
        set {
            unique()
            setOwned(newValue, at: slot, of: list)
        }
    }

    /// Appends an element to a list; a full list moves to a run twice as large.
    @inline(__always) mutating func append(_ element: Element, to list: Int) {
        unique()
        appendOwned(element, to: list)
    }

    // MARK: Changes to memory held alone

    /// Makes the pool's memory its own, copying it when a copy of the pool or a slice shares
    /// it: what every change does first, done once for a run of the `…Owned` changes below,
    /// which skip it. (Each check is a call into the runtime; adding one constraint made about
    /// a hundred, most of them for the matrices' pools.) Nothing may copy the pool or take a
    /// slice of it between this and those changes.
    @inline(__always) mutating func own() { unique() }

    /// Whether the memory is held alone, as the `…Owned` changes assume (checked in debug builds).
    private mutating func isOwned() -> Bool { isKnownUniquelyReferenced(&storage) }

    /// `self[list, slot] = element`, for a pool made its own (`own()`).
    @inline(__always) mutating func setOwned(_ element: Element, at slot: Int, of list: Int) {
        assert(isOwned(), "internal error: an owned change to shared memory")
        let run = run(list)
        assert(slot >= 0 && slot < Int(run.count), "internal error: list slot out of range")
        elements![Int(run.start) &+ slot] = element
    }

    /// `append(_:to:)`, for a pool made its own (`own()`).
    @inline(__always) mutating func appendOwned(_ element: Element, to list: Int) {
        assert(isOwned(), "internal error: an owned change to shared memory")
        let run = run(list)
        if run.count == run.room {
            // Doubling: a column grows by one cell at a time, and each move costs a copy, an
            // allocation and a release (most moves of a small system's adds, one class at a time).
            if run.room == 0 {
                start(list, with: element)
            } else {
                move(list, toClass: sizeClass(atLeast: 2 * Int(run.room)), appending: element)
            }
            refresh()
            return
        }
        elements![Int(run.start &+ run.count)] = element
        runs![list].count = run.count &+ 1
    }

    /// Replaces the contents of `array` by a list's elements (one copy of the run).
    @inline(__always) func copy(_ list: Int, into array: inout [Element]) {
        let run = run(list)
        array.removeAll(keepingCapacity: true)
        if run.count > 0 {
            array.append(contentsOf: UnsafeBufferPointer(start: elements! + Int(run.start), count: Int(run.count)))
        }
    }

    /// Makes room for `count` elements in a list, moving it to a larger run if it needs one.
    @inline(__always) mutating func reserve(_ count: Int, in list: Int) {
        if count > Int(run(list).room) {
            unique()
            move(list, toClass: sizeClass(atLeast: count), appending: nil)
            refresh()
        }
    }

    /// Empties a list; its run goes back to the pool.
    mutating func removeAll(from list: Int) {
        let run = run(list)
        guard run.room > 0 else { return }
        unique()
        release(start: run.start, room: run.room)
        runs![list] = Run(start: 0, count: 0, room: 0)
    }

    /// Runs `body` on a list's elements, in place in the pool's memory. `body` must not reach
    /// the pool.
    @inline(__always) mutating func withElements<R>(of list: Int, _ body: (UnsafeMutableBufferPointer<Element>) -> R) -> R {
        unique()
        let run = run(list)
        return body(UnsafeMutableBufferPointer(start: elements.map { $0 + Int(run.start) }, count: Int(run.count)))
    }

    @discardableResult
    @inline(__always) mutating func removeLast(from list: Int) -> Element {
        unique()
        return removeLastOwned(from: list)
    }

    /// `removeLast(from:)`, for a pool made its own (`own()`).
    @discardableResult
    @inline(__always) mutating func removeLastOwned(from list: Int) -> Element {
        assert(isOwned(), "internal error: an owned change to shared memory")
        let run = run(list)
        precondition(run.count > 0, "internal error: removing from an empty list")
        let last = elements![Int(run.start &+ run.count) &- 1]
        runs![list].count = run.count &- 1
        if isSparse(count: run.count &- 1, room: run.room) {
            shrink(list)
            refresh()
        }
        return last
    }

    /// The room the pool holds, in elements (lists' runs and free runs).
    var capacity: Int { storage.end }

    /// The elements of one list, sharing the pool's memory (which the pool then copies before
    /// its next change): the value semantics of an array slice.
    struct Slice: RandomAccessCollection {
        /// Holds the memory: the pool copies it before changing it while the slice lives, so
        /// `base` stays valid and unchanged.
        fileprivate let storage: Storage
        private let base: UnsafePointer<Element>?
        let count: Int

        fileprivate init(storage: Storage, base: UnsafePointer<Element>?, count: Int) {
            (self.storage, self.base, self.count) = (storage, base, count)
        }

        var startIndex: Int { 0 }
        var endIndex: Int { count }

        @inline(__always) subscript(i: Int) -> Element {
            assert(i >= 0 && i < count, "internal error: slice index out of range")
            return base![i]
        }

        /// The elements as a buffer, valid while `body` runs.
        @inline(__always) func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R {
            withExtendedLifetime(storage) { body(UnsafeBufferPointer(start: base, count: count)) }
        }
    }

    /// The elements of a list in place, without holding the pool's memory: valid only while the
    /// pool neither changes nor goes, so for a caller that holds the pool borrowed (a parameter
    /// of a function that cannot reach its owner). A slice's retain and release cost more than
    /// reading a short column.
    @inline(__always) func unsafeElements(_ list: Int) -> UnsafeBufferPointer<Element> {
        let run = run(list)
        return UnsafeBufferPointer(start: elements.map { UnsafePointer($0 + Int(run.start)) }, count: Int(run.count))
    }

    /// Raw read access to the lists, for a read-only pass's inner loop: no retain and no
    /// bounds check (in release builds) per list read.
    struct Reader {
        fileprivate let runs: UnsafePointer<Run>?
        fileprivate let elements: UnsafePointer<Element>?

        @inline(__always) subscript(list: Int) -> UnsafeBufferPointer<Element> {
            let run = runs![list]
            return UnsafeBufferPointer(start: elements.map { $0 + Int(run.start) }, count: Int(run.count))
        }
    }

    /// Runs `body` with a reader of the pool, valid while it runs; the pool must not change
    /// meanwhile.
    @inline(__always) func withReader<R>(_ body: (Reader) -> R) -> R {
        withExtendedLifetime(storage) {
            body(Reader(runs: runs.map { UnsafePointer($0) }, elements: elements.map { UnsafePointer($0) }))
        }
    }

    // MARK: Runs

    /// The smallest class whose room holds `count` (at least 1) elements: class `2k - 1` holds
    /// `2^k`, class `2k` holds `3·2^(k-1)`.
    @inline(__always) private func sizeClass(atLeast count: Int) -> Int {
        if count <= 2 { return count - 1 }
        let k = Int.bitWidth - 1 - (count - 1).leadingZeroBitCount   // 2^k < count <= 2^(k+1)
        return count <= 3 << (k - 1) ? 2 * k : 2 * k + 1
    }

    @inline(__always) private func room(ofClass c: Int) -> Int {
        c == 0 ? 1 : c % 2 == 1 ? 1 << ((c + 1) / 2) : 3 << (c / 2 - 1)
    }

    /// Whether a list holds so little of its run that it gives room back: all of it when empty
    /// (runs are reused without a `malloc`, so an empty list holds nothing), and half or more
    /// of a long run.
    @inline(__always) private func isSparse(count: Int32, room: Int32) -> Bool {
        count == 0 || (room >= 16 && 4 * count < room)
    }

    private func shrink(_ list: Int) {
        let run = storage.runs![list]
        if run.count == 0 {
            release(start: run.start, room: run.room)
            storage.runs![list] = Run(start: 0, count: 0, room: 0)
        } else {
            move(list, toClass: sizeClass(atLeast: 2 * Int(run.count)), appending: nil)
        }
        // A system that shrank a long way gives its room back; smaller gaps are closed by the
        // next growth (`allocate`), which keeps removals from packing over and over.
        if storage.freeElements > 4096 && 2 * storage.freeElements > storage.end { pack(reserving: 0) }
    }

    /// Gives an empty list without a run one of two elements, holding `element`: how most
    /// columns start (a symbol's first cell), without `move`'s copy and release.
    private func start(_ list: Int, with element: Element) {
        let room = room(ofClass: 1)
        let start = allocate(1, room)
        storage.elements![start] = element
        storage.runs![list] = Run(start: Int32(start), count: 1, room: Int32(room))
    }

    /// Moves a list into a run of class `c`, appending `element` to it if given.
    private func move(_ list: Int, toClass c: Int, appending element: Element?) {
        let room = room(ofClass: c)
        let start = allocate(c, room)
        let old = storage.runs![list]   // read after `allocate`, which may pack the memory
        let count = Int(old.count)
        let elements = storage.elements!
        // Runs never overlap.
        (elements + start).update(from: elements + Int(old.start), count: count)
        if let element { elements[start + count] = element }
        if old.room > 0 { release(start: old.start, room: old.room) }
        storage.runs![list] = Run(start: Int32(start), count: old.count + (element == nil ? 0 : 1), room: Int32(room))
    }

    private func allocate(_ c: Int, _ room: Int) -> Int {
        if let heads = storage.freeHeads, heads[c] >= 0 {
            let head = heads[c]
            heads[c] = storage.elements![Int(head)].poolLink
            storage.freeElements -= room
            return Int(head)
        }
        if shouldPack() { pack(reserving: room + (storage.end - storage.freeElements) / 2) }
        let start = storage.end
        storage.end += room
        // The memory grows by half rather than doubling (the pool is the bulk of a small
        // system), at least 64 elements (a fresh system's first lists would otherwise grow it
        // an element or two at a time). Starting from 128 made cell-table's add 4% faster and
        // indep-100's 12% slower for the same instructions: its blocks, grown and freed in
        // another order, made glibc give the top of the heap back to the system and fault it
        // in again during the adds (`strace -e brk`; with glibc's trim threshold raised,
        // indep-100 was faster than before).
        if storage.end > storage.elementCapacity { storage.reserveElements(Swift.max(storage.end, start + start / 2, 64), keeping: start) }
        return start
    }

    @inline(__always) private func release(start: Int32, room: Int32) {
        let c = sizeClass(atLeast: Int(room))
        if storage.freeHeads == nil {
            storage.freeHeads = .allocate(capacity: Storage.classCount)
            storage.freeHeads!.initialize(repeating: -1, count: Storage.classCount)
        }
        storage.elements![Int(start)].poolLink = storage.freeHeads![c]
        storage.freeHeads![c] = start
        storage.freeElements += Int(room)
    }

    /// Whether free runs are a third of the memory or more (runs of one class are not reused
    /// for another) and at least as many elements as there are lists: the memory is then packed
    /// before it grows. A packing visits every list and copies the memory, so waiting for that
    /// much room to be given back makes it amortised O(1) a release.
    private func shouldPack() -> Bool {
        storage.freeElements >= 256 && 3 * storage.freeElements >= storage.end && storage.freeElements >= storage.runCount
    }

    /// Packs the lists' runs into memory of their own size and room for `extra` more, dropping
    /// the free runs.
    private func pack(reserving extra: Int) {
        let capacity = storage.end - storage.freeElements + extra
        let packed = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        var end = 0
        if let old = storage.elements {
            for list in 0..<storage.runCount where storage.runs![list].room > 0 {
                let run = storage.runs![list]
                (packed + end).initialize(from: old + Int(run.start), count: Int(run.room))
                storage.runs![list].start = Int32(end)
                end += Int(run.room)
            }
            old.deallocate()
        }
        storage.elements = packed
        storage.elementCapacity = capacity
        storage.end = end
        if let heads = storage.freeHeads { heads.update(repeating: -1, count: Storage.classCount) }
        storage.freeElements = 0
    }
}

/// An element of a `ListPool`: plain data (copied as bytes), whose first element of an unused
/// run keeps the link to the next one of its size.
protocol ListPoolElement: Sendable, BitwiseCopyable {
    var poolLink: Int32 { get set }
}

/// A new block of `capacity` holding the first `kept` elements of `old` (nil for nil): a copy of
/// one of the solver's blocks of plain memory (the pools' and the objective's), for a copy on
/// write.
func copiedBlock<T>(_ old: UnsafeMutablePointer<T>?, keeping kept: Int, into capacity: Int) -> UnsafeMutablePointer<T>? {
    guard let old else { return nil }
    let copy = UnsafeMutablePointer<T>.allocate(capacity: capacity)
    copy.initialize(from: old, count: kept)
    return copy
}

/// A new block of `capacity` holding the first `kept` elements of `old`, which is freed (the
/// growth of the solver's blocks of plain memory: the pools' and the objective's).
func movedBlock<T>(_ old: UnsafeMutablePointer<T>?, keeping kept: Int, into capacity: Int) -> UnsafeMutablePointer<T> {
    let grown = UnsafeMutablePointer<T>.allocate(capacity: capacity)
    if let old {
        grown.moveInitialize(from: old, count: kept)
        old.deallocate()
    }
    return grown
}
