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

    /// Makes room for `capacity` symbols. (Done by the first expansion after the engine's
    /// symbols outgrow it: a system whose rows are all definitions of unused variables never
    /// expands, and takes no scratch.)
    private mutating func grow(to capacity: Int) {
        accumulator.extend(to: capacity, with: 0)
        queued.extend(to: capacity, with: false)
    }

    /// `Engine.expand` over the engine's definitions, tableau and ranks.
    mutating func expand(constant: Double, terms: [LinearTerm], definitions: SparseMatrix, tableau: SparseMatrix,
                         rank: [Int32], symbolCapacity: Int) -> (constant: Double, terms: [LinearTerm]) {
        if accumulator.count < symbolCapacity { grow(to: symbolCapacity) }
        var k = constant
        for t in terms { accumulate(t.symbol, t.coefficient, definitions: definitions, rank: rank) }
        while !heap.isEmpty {
            let x = pop()
            let c = accumulator[x]
            accumulator[x] = .leastNonzeroMagnitude
            queued[x] = false
            let r = definitions.row(of: x)!
            k += c * definitions.constant(r)
            for t in definitions.terms[r] { accumulate(t.symbol, c * t.coefficient, definitions: definitions, rank: rank) }
        }
        var i = 0
        while i < touched.count {
            let s = touched[i]
            i += 1
            guard let r = tableau.row(of: s) else { continue }
            let c = accumulator[s]
            accumulator[s] = .leastNonzeroMagnitude
            k += c * tableau.constant(r)
            for t in tableau.terms[r] { accumulate(t.symbol, c * t.coefficient, definitions: definitions, rank: rank) }
        }
        var out: [LinearTerm] = []
        out.reserveCapacity(touched.count)
        for s in touched {
            let c = accumulator[s]
            accumulator[s] = 0
            if abs(c) >= epsilon, !definitions.isOwner(s), !tableau.isOwner(s) { out.append(LinearTerm(s, c)) }
        }
        touched.removeAll(keepingCapacity: true)
        out.sort { $0.symbol < $1.symbol }
        return (k, out)
    }

    /// Adds `c` to the coefficient of `s`, queueing its definition if it has one.
    @inline(__always) private mutating func accumulate(_ s: Symbol, _ c: Double, definitions: SparseMatrix, rank: [Int32]) {
        if accumulator[s] == 0 { touched.append(s) }
        accumulator[s] += c
        if accumulator[s] == 0 { accumulator[s] = .leastNonzeroMagnitude }  // keep it listed
        if !queued[s], definitions.isOwner(s) { push(s, rank: rank[s]) }
    }

    private mutating func push(_ s: Symbol, rank: Int32) {
        queued[s] = true
        heap.append(Queued(rank: rank, symbol: s))
        var i = heap.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            if heap[p] < heap[i] { heap.swapAt(p, i); i = p } else { break }
        }
    }

    private mutating func pop() -> Symbol {
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
