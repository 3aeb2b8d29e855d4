extension Engine {
    /// Rewrites `constant + Σ terms` over symbols that are neither defined nor basic: parametric
    /// restricted symbols and free variables. The terms come out sorted by symbol, without
    /// coefficients smaller than `epsilon`.
    ///
    /// - Complexity: O(size of the definitions and rows reached). Definitions are expanded in
    ///   decreasing rank, so each is expanded once however many paths lead to it.
    mutating func expand(constant: Double, terms: [LinearTerm]) -> (constant: Double, terms: [LinearTerm]) {
        expansionScratch.expand(constant: constant, terms: terms, definitions: definitions, tableau: tableau, rank: rank,
                                symbolCapacity: kinds.count)
    }
}

/// The work of `Engine.expand`, with its scratch space: an accumulator per symbol and the
/// definitions waiting to be expanded, highest rank first. At rest between calls (accumulators
/// 0, nothing touched or queued), and kept so that an expansion allocates only its result.
struct ExpansionScratch: Sendable {
    /// A definition waiting to be expanded. The highest rank goes first: a definition refers to
    /// lower ranks only, so when its turn comes every path to it has been added up.
    private struct Queued: Comparable {
        var rank: Int32
        var symbol: Symbol

        static func < (a: Queued, b: Queued) -> Bool { (a.rank, a.symbol) < (b.rank, b.symbol) }
    }

    /// The scratch space, `capacity` entries of each, in plain memory: at rest between
    /// expansions, so a copy of the engine that shares it takes a fresh one rather than a copy.
    private final class Buffers: @unchecked Sendable {
        @exclusivity(unchecked) var capacity = 0
        /// Per symbol: its coefficient so far. A symbol touched is never at exactly 0 (it keeps
        /// the smallest magnitude instead), so that 0 means untouched.
        @exclusivity(unchecked) var accumulator: UnsafeMutablePointer<Double>?
        /// Room for the symbols touched, in the order they were touched (a symbol is touched
        /// once, so an entry per symbol is room enough, and the loop appends without a check).
        @exclusivity(unchecked) var touched: UnsafeMutablePointer<Symbol>?
        /// Room for a max-heap of the definitions to expand (each queued once).
        @exclusivity(unchecked) var heap: UnsafeMutablePointer<Queued>?

        deinit { release() }

        private func release() {
            accumulator?.deallocate()
            touched?.deallocate()
            heap?.deallocate()
        }

        /// Makes room for `capacity` symbols, at rest. (Done by the first expansion after the
        /// engine's symbols outgrow it: a system whose rows are all definitions of unused
        /// variables never expands, and takes no scratch.)
        func grow(to newCapacity: Int) {
            release()
            accumulator = .allocate(capacity: newCapacity)
            accumulator!.initialize(repeating: 0, count: newCapacity)
            touched = .allocate(capacity: newCapacity)
            heap = .allocate(capacity: newCapacity)
            capacity = newCapacity
        }
    }

    private var buffers = Buffers()
    /// The room of the last result given back (`recycle`), for the next one.
    private var result: [LinearTerm] = []

    /// `Engine.expand` over the engine's definitions, tableau and ranks.
    ///
    /// The scratch is plain memory: as four arrays, moved out of `self` and back for each
    /// expansion, each under a closure and a uniqueness check, it cost a small system's
    /// expansions about a sixth of their instructions.
    mutating func expand(constant: Double, terms: [LinearTerm], definitions: SparseMatrix, tableau: SparseMatrix,
                         rank: [Int32], symbolCapacity: Int) -> (constant: Double, terms: [LinearTerm]) {
        definitions.withReader { definitions in
            tableau.withReader { tableau in
                rank.withUnsafeBufferPointer { rank in
                    expand(constant: constant, terms: terms, definitions: definitions, tableau: tableau, rank: rank,
                           symbolCapacity: symbolCapacity)
                }
            }
        }
    }

    /// `expand` over readers of the matrices: the inner loops read and write plain memory.
    private mutating func expand(constant: Double, terms: [LinearTerm], definitions: SparseMatrix.Reader,
                                 tableau: SparseMatrix.Reader, rank: UnsafeBufferPointer<Int32>,
                                 symbolCapacity: Int) -> (constant: Double, terms: [LinearTerm]) {
        // Shared with a copy of the engine, the scratch (at rest) is replaced, not copied.
        if !isKnownUniquelyReferenced(&buffers) { buffers = Buffers() }
        if buffers.capacity < symbolCapacity { buffers.grow(to: symbolCapacity) }
        let capacity = buffers.capacity
        let accumulator = UnsafeMutableBufferPointer(start: buffers.accumulator, count: capacity)
        let touched = UnsafeMutableBufferPointer(start: buffers.touched, count: capacity)
        let heap = UnsafeMutableBufferPointer(start: buffers.heap, count: capacity)
        var k = constant
        var out = result
        result = []
        out.removeAllKeepingCapacity()
        withExtendedLifetime(buffers) {
            var a = Accumulation(accumulator: accumulator, touched: touched, heap: heap, definitions: definitions, rank: rank)
            for t in terms { a.add(t.symbol, t.coefficient) }
            while a.heapCount > 0 {
                let x = a.pop()
                let c = accumulator[x.index]
                accumulator[x.index] = .leastNonzeroMagnitude
                let r = definitions.row(of: x)!
                k += c * definitions.constant(r)
                for t in definitions.terms(r) { a.add(t.symbol, c * t.coefficient) }
            }
            var i = 0
            while i < a.touchedCount {
                let s = touched[i]
                i += 1
                guard let r = tableau.row(of: s) else { continue }
                let c = accumulator[s.index]
                accumulator[s.index] = .leastNonzeroMagnitude
                k += c * tableau.constant(r)
                for t in tableau.terms(r) { a.add(t.symbol, c * t.coefficient) }
            }
            out.reserveCapacity(a.touchedCount)
            for s in touched[..<a.touchedCount] {
                let c = accumulator[s.index]
                accumulator[s.index] = 0
                if abs(c) >= epsilon, !definitions.isOwner(s), !tableau.isOwner(s) { out.append(LinearTerm(s, c)) }
            }
        }
        out.sort { $0.symbol < $1.symbol }
        return (k, out)
    }

    /// Gives back an expansion's result, whose room the next one takes.
    mutating func recycle(_ terms: [LinearTerm]) { result = terms }

    /// An expansion's state on the scratch's buffers.
    private struct Accumulation {
        let accumulator: UnsafeMutableBufferPointer<Double>
        let touched: UnsafeMutableBufferPointer<Symbol>
        let heap: UnsafeMutableBufferPointer<Queued>
        let definitions: SparseMatrix.Reader
        let rank: UnsafeBufferPointer<Int32>
        var touchedCount = 0
        var heapCount = 0

        init(accumulator: UnsafeMutableBufferPointer<Double>, touched: UnsafeMutableBufferPointer<Symbol>,
             heap: UnsafeMutableBufferPointer<Queued>, definitions: SparseMatrix.Reader, rank: UnsafeBufferPointer<Int32>) {
            (self.accumulator, self.touched, self.heap) = (accumulator, touched, heap)
            (self.definitions, self.rank) = (definitions, rank)
        }

        /// Adds `c` to the coefficient of `s`, queueing its definition, if it has one, when `s`
        /// is first touched. (Once: a definition is expanded after every definition that refers
        /// to it, those of higher rank, so nothing adds to `s` after its turn.)
        @inline(__always) mutating func add(_ s: Symbol, _ c: Double) {
            let i = s.index
            let old = accumulator[i]
            if old == 0 {
                touched[touchedCount] = s
                touchedCount += 1
                if definitions.isOwner(s) { push(Queued(rank: rank[i], symbol: s)) }
            }
            let new = old + c
            accumulator[i] = new == 0 ? .leastNonzeroMagnitude : new   // 0 would unlist it
        }

        private mutating func push(_ q: Queued) {
            var i = heapCount
            heap[i] = q
            heapCount += 1
            while i > 0 {
                let p = (i - 1) / 2
                if heap[p] < heap[i] { heap.swapAt(p, i); i = p } else { break }
            }
        }

        /// Takes the highest-ranked definition off the heap.
        mutating func pop() -> Symbol {
            let top = heap[0].symbol
            heapCount -= 1
            if heapCount > 0 {
                heap[0] = heap[heapCount]
                var i = 0
                while true {
                    let l = 2 * i + 1, r = l + 1
                    var m = i
                    if l < heapCount, heap[m] < heap[l] { m = l }
                    if r < heapCount, heap[m] < heap[r] { m = r }
                    if m == i { break }
                    heap.swapAt(i, m); i = m
                }
            }
            return top
        }
    }
}
