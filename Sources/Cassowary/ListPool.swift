/// Many short lists that grow and shrink, kept in one buffer instead of an array each.
///
/// A list is a run of the buffer: where it starts, how many elements it holds and how many it
/// has room for (0 or a size class: 1, 2, 3, 4, 6, 8, 12, 16, …, each a third or half more than
/// the last). A list that outgrows its run moves to a run of the next class; a run given back
/// goes on the free list of its class and is reused before the buffer grows. Positions within a
/// list do not change when it moves, so anything that records a slot in a list stays valid.
///
/// An array per list costs a heap block each, with a 32-byte header and the allocator's own
/// overhead: most of a matrix's columns hold one or two 8-byte cells, so that overhead was most
/// of the column index, and a column that filled from nothing paid a `malloc`.
struct ListPool<Element: ListPoolElement>: Sendable {
    fileprivate struct Run: Sendable {
        var start: Int32
        var count: Int32
        var room: Int32
    }

    /// The buffer: runs (lists' and free ones) up to `end`, filler after it.
    private var storage: [Element] = []
    /// Where the runs end: the next run is made here when no free one fits.
    private var end = 0
    private var runs: [Run] = []
    /// `freeHeads[c]`: the start of an unused run of class `c`, or -1; each unused run's first
    /// element links to the next one of its class. Empty until the first run is given back
    /// (most pools of a small system never give one back).
    private var freeHeads: [Int32] = []
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

    /// Adds one empty list at the end (the list of lists grows as an array does).
    mutating func appendList() { runs.appendGrowing(Run(start: 0, count: 0, room: 0)) }

    /// Drops the lists from `count` on, which must be empty.
    mutating func removeLists(from count: Int) {
        assert(runs[count...].allSatisfy { $0.room == 0 }, "internal error: dropping a list that holds room")
        runs.removeLast(runs.count - count)
    }

    @inline(__always) func count(_ list: Int) -> Int { Int(runs[list].count) }

    /// How many elements a list has room for before it moves to a larger run.
    func room(_ list: Int) -> Int { Int(runs[list].room) }

    /// The elements of a list. The slice shares the pool's buffer: changing the pool while it is
    /// alive copies the whole buffer, so copy it (`Array(_:)`) before such changes.
    @inline(__always) subscript(list: Int) -> ArraySlice<Element> {
        let run = runs[list]
        return storage[Int(run.start)..<Int(run.start &+ run.count)]
    }

    /// The elements of the list of a dense id (a row's terms).
    @inline(__always) subscript<ID: DenseID>(id: ID) -> ArraySlice<Element> { self[id.index] }

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

    /// Appends an element to a list; a full list moves to a run of the next class up.
    @inline(__always) mutating func append(_ element: Element, to list: Int) {
        let run = runs[list]
        if run.count == run.room {
            move(list, toClass: run.room == 0 ? 1 : sizeClass(atLeast: Int(run.room) + 1), appending: element)
            return
        }
        storage[Int(run.start &+ run.count)] = element
        runs[list].count = run.count &+ 1
    }

    /// Replaces the contents of `array` by a list's elements (one copy of the run).
    @inline(__always) func copy(_ list: Int, into array: inout [Element]) {
        let run = runs[list]
        array.removeAll(keepingCapacity: true)
        storage.withUnsafeBufferPointer { buffer in
            array.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[Int(run.start)..<Int(run.start &+ run.count)]))
        }
    }

    /// Makes room for `count` elements in a list, moving it to a larger run if it needs one.
    @inline(__always) mutating func reserve(_ count: Int, in list: Int) {
        if count > Int(runs[list].room) { move(list, toClass: sizeClass(atLeast: count)) }
    }

    /// Empties a list; its run goes back to the pool.
    mutating func removeAll(from list: Int) {
        let run = runs[list]
        guard run.room > 0 else { return }
        release(start: run.start, room: run.room)
        runs[list] = Run(start: 0, count: 0, room: 0)
    }

    /// Runs `body` on a list's elements, in place in the pool's buffer. `body` must not reach
    /// the pool.
    @inline(__always) mutating func withElements<R>(of list: Int, _ body: (UnsafeMutableBufferPointer<Element>) -> R) -> R {
        let run = runs[list]
        return storage.withUnsafeMutableBufferPointer { buffer in
            body(UnsafeMutableBufferPointer(rebasing: buffer[Int(run.start)..<Int(run.start &+ run.count)]))
        }
    }

    @discardableResult
    @inline(__always) mutating func removeLast(from list: Int) -> Element {
        let run = runs[list]
        precondition(run.count > 0, "internal error: removing from an empty list")
        let last = storage[Int(run.start &+ run.count) - 1]
        runs[list].count = run.count &- 1
        if isSparse(count: run.count &- 1, room: run.room) { shrink(list) }
        return last
    }

    /// Raw read access to the lists, for a read-only pass's inner loop: no uniqueness check, no
    /// retain and no bounds check (in release builds) per list read.
    struct Reader {
        fileprivate let runs: UnsafeBufferPointer<Run>
        fileprivate let storage: UnsafeBufferPointer<Element>

        @inline(__always) subscript(list: Int) -> UnsafeBufferPointer<Element> {
            let run = runs[list]
            return UnsafeBufferPointer(rebasing: storage[Int(run.start)..<Int(run.start &+ run.count)])
        }
    }

    /// Runs `body` with a reader of the pool, valid while it runs; the pool must not change
    /// meanwhile.
    @inline(__always) func withReader<R>(_ body: (Reader) -> R) -> R {
        runs.withUnsafeBufferPointer { runs in
            storage.withUnsafeBufferPointer { storage in body(Reader(runs: runs, storage: storage)) }
        }
    }

    /// The room the pool holds, in elements (lists' runs and free runs).
    var capacity: Int { end }

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

    private mutating func shrink(_ list: Int) {
        let run = runs[list]
        if run.count == 0 {
            release(start: run.start, room: run.room)
            runs[list] = Run(start: 0, count: 0, room: 0)
        } else {
            move(list, toClass: sizeClass(atLeast: 2 * Int(run.count)))
        }
        // A system that shrank a long way gives its room back; smaller gaps are closed by the
        // next growth (`allocate`), which keeps removals from packing over and over.
        if freeElements > 4096 && 2 * freeElements > end { pack(reserving: 0) }
    }

    /// Moves a list into a run of class `c`, appending `element` to it if given.
    private mutating func move(_ list: Int, toClass c: Int, appending element: Element? = nil) {
        let room = room(ofClass: c)
        let start = allocate(c, room)
        let old = runs[list]   // read after `allocate`, which may pack the buffer
        let count = Int(old.count)
        // The old run goes back to the pool, its link written with the copy.
        let link = old.room > 0 ? pushFree(start: old.start, room: old.room) : nil
        // One access to the buffer: the copy (runs never overlap), the element, the free link.
        storage.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            (base + start).update(from: base + Int(old.start), count: count)
            if let element { base[start + count] = element }
            if let link { base[Int(old.start)].poolLink = link }
        }
        runs[list] = Run(start: Int32(start), count: old.count + (element == nil ? 0 : 1), room: Int32(room))
    }

    private mutating func allocate(_ c: Int, _ room: Int) -> Int {
        let head = c < freeHeads.count ? freeHeads[c] : -1
        if head >= 0 {
            freeHeads[c] = storage[Int(head)].poolLink
            freeElements -= room
            return Int(head)
        }
        if shouldPack { pack(reserving: room + (end - freeElements) / 2) }
        let start = end
        end += room
        // The buffer grows by half rather than doubling (the pool is the bulk of a small system),
        // at least 64 elements (a fresh system's first lists would otherwise grow it an element
        // or two at a time), filled ahead in one append: a run is then made without touching it.
        if end > storage.count {
            let grown = max(end, start + start / 2, 64)
            storage.reserveCapacity(grown)
            storage.append(contentsOf: repeatElement(filler, count: grown - storage.count))
        }
        return start
    }

    @inline(__always) private mutating func release(start: Int32, room: Int32) {
        storage[Int(start)].poolLink = pushFree(start: start, room: room)
    }

    /// Puts the run at `start` on the free list of its class; returns the link its first
    /// element is to keep (the class's previous head).
    @inline(__always) private mutating func pushFree(start: Int32, room: Int32) -> Int32 {
        let c = sizeClass(atLeast: Int(room))
        if freeHeads.isEmpty { freeHeads = Array(repeating: -1, count: 2 * Int32.bitWidth) }
        let link = freeHeads[c]
        freeHeads[c] = start
        freeElements += Int(room)
        return link
    }

    /// Whether free runs are a third of the buffer or more (runs of one class are not reused
    /// for another) and at least as many elements as there are lists: the buffer is then packed
    /// before it grows. A packing visits every list and copies the buffer, so waiting for that
    /// much room to be given back makes it amortised O(1) a release.
    private var shouldPack: Bool {
        freeElements >= 256 && 3 * freeElements >= end && freeElements >= runs.count
    }

    /// Packs the lists' runs into a buffer of their own size and room for `extra` more, dropping
    /// the free runs.
    private mutating func pack(reserving extra: Int) {
        let old = storage
        storage = [Element](unsafeUninitializedCapacity: end - freeElements + extra) { packed, count in
            old.withUnsafeBufferPointer { old in
                runs.withUnsafeMutableBufferPointer { runs in
                    for list in runs.indices where runs[list].room > 0 {
                        let run = runs[list]
                        (packed.baseAddress! + count).initialize(from: old.baseAddress! + Int(run.start), count: Int(run.room))
                        runs[list].start = Int32(count)
                        count += Int(run.room)
                    }
                }
            }
        }
        end = storage.count
        for k in freeHeads.indices { freeHeads[k] = -1 }
        freeElements = 0
    }
}

/// An element of a `ListPool`: an unused run keeps the link to the next one of its size in its
/// first element.
protocol ListPoolElement: Sendable {
    var poolLink: Int32 { get set }
}
