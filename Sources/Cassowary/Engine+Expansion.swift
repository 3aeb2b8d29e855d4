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

    /// Per symbol: its coefficient so far. A symbol touched is never at exactly 0 (it keeps
    /// the smallest magnitude instead), so that 0 means untouched.
    private var accumulator: [Double] = []
    /// The symbols with a coefficient, in the order they were touched.
    private var touched: [Symbol] = []
    /// Per symbol: whether its definition is in `heap`.
    private var queued: [Bool] = []
    /// A max-heap of the definitions to expand.
    private var heap: [Queued] = []
    /// The room of the last result given back (`recycle`), for the next one.
    private var result: [LinearTerm] = []

    /// Makes room for `capacity` symbols. (Done by the first expansion after the engine's
    /// symbols outgrow it: a system whose rows are all definitions of unused variables never
    /// expands, and takes no scratch.)
    private mutating func grow(to capacity: Int) {
        accumulator.extend(to: capacity, with: 0)
        queued.extend(to: capacity, with: false)
    }

    /// `Engine.expand` over the engine's definitions, tableau and ranks.
    ///
    /// The scratch arrays are moved out of `self` and worked on as plain buffers while the
    /// expansion runs (profiling showed a uniqueness check on every accumulation otherwise).
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

    /// `expand` over readers of the matrices: the inner loops read plain memory.
    private mutating func expand(constant: Double, terms: [LinearTerm], definitions: SparseMatrix.Reader,
                                 tableau: SparseMatrix.Reader, rank: UnsafeBufferPointer<Int32>,
                                 symbolCapacity: Int) -> (constant: Double, terms: [LinearTerm]) {
        if accumulator.count < symbolCapacity { grow(to: symbolCapacity) }
        var accumulator = self.accumulator, queued = self.queued, touched = self.touched, heap = self.heap
        (self.accumulator, self.queued, self.touched, self.heap) = ([], [], [], [])
        var k = constant
        var out = result
        result = []
        out.removeAllKeepingCapacity()
        accumulator.withUnsafeMutableBufferPointer { accumulator in
            queued.withUnsafeMutableBufferPointer { queued in
                for t in terms { Self.accumulate(t.symbol, t.coefficient, accumulator, queued, &touched, &heap, definitions, rank) }
                while !heap.isEmpty {
                    let x = Self.pop(&heap)
                    let c = accumulator[x.index]
                    accumulator[x.index] = .leastNonzeroMagnitude
                    queued[x.index] = false
                    let r = definitions.row(of: x)!
                    k += c * definitions.constant(r)
                    for t in definitions.terms(r) { Self.accumulate(t.symbol, c * t.coefficient, accumulator, queued, &touched, &heap, definitions, rank) }
                }
                var i = 0
                while i < touched.count {
                    let s = touched[i]
                    i += 1
                    guard let r = tableau.row(of: s) else { continue }
                    let c = accumulator[s.index]
                    accumulator[s.index] = .leastNonzeroMagnitude
                    k += c * tableau.constant(r)
                    for t in tableau.terms(r) { Self.accumulate(t.symbol, c * t.coefficient, accumulator, queued, &touched, &heap, definitions, rank) }
                }
                out.reserveCapacity(touched.count)
                for s in touched {
                    let c = accumulator[s.index]
                    accumulator[s.index] = 0
                    if abs(c) >= epsilon, !definitions.isOwner(s), !tableau.isOwner(s) { out.append(LinearTerm(s, c)) }
                }
            }
        }
        touched.removeAll(keepingCapacity: true)
        (self.accumulator, self.queued, self.touched, self.heap) = (accumulator, queued, touched, heap)
        out.sort { $0.symbol < $1.symbol }
        return (k, out)
    }

    /// Gives back an expansion's result, whose room the next one takes.
    mutating func recycle(_ terms: [LinearTerm]) { result = terms }

    /// Adds `c` to the coefficient of `s`, queueing its definition if it has one. (Static, its
    /// state passed in: a nested function capturing `touched` and `heap` reached them through
    /// dynamically checked accesses.)
    @inline(__always)
    private static func accumulate(_ s: Symbol, _ c: Double, _ accumulator: UnsafeMutableBufferPointer<Double>,
                                   _ queued: UnsafeMutableBufferPointer<Bool>, _ touched: inout [Symbol],
                                   _ heap: inout [Queued], _ definitions: SparseMatrix.Reader,
                                   _ rank: UnsafeBufferPointer<Int32>) {
        let i = s.index
        let old = accumulator[i]
        if old == 0 { touched.append(s) }
        let new = old + c
        accumulator[i] = new == 0 ? .leastNonzeroMagnitude : new   // 0 would unlist it
        if !queued[i], definitions.isOwner(s) {
            queued[i] = true
            push(Queued(rank: rank[i], symbol: s), onto: &heap)
        }
    }

    private static func push(_ q: Queued, onto heap: inout [Queued]) {
        heap.append(q)
        var i = heap.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            if heap[p] < heap[i] { heap.swapAt(p, i); i = p } else { break }
        }
    }

    private static func pop(_ heap: inout [Queued]) -> Symbol {
        let top = heap[0].symbol
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < heap.count, heap[m] < heap[l] { m = l }
                if r < heap.count, heap[m] < heap[r] { m = r }
                if m == i { break }
                heap.swapAt(i, m); i = m
            }
        }
        return top
    }
}
