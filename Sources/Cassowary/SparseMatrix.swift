/// The one tolerance of the solver: coefficients smaller than this in magnitude are zero, and
/// constants within it of zero count as zero when checking feasibility.
///
/// Layout coordinates are points (1e-3 … 1e7); 1e-8 is far below any visible difference and far
/// above the rounding error of the few operations a coefficient goes through.
let epsilon = 1.0e-8

/// Rows `owner = constant + Σ coefficient·symbol` with a column index: for every symbol, the
/// rows that hold it. Symbols and rows are dense ids (`Symbol`, `Row`); storage is arrays
/// indexed by id.
///
/// Each term knows its slot in its symbol's column and each column cell knows its slot in its
/// row, so inserting or removing a term is O(1) on both sides. Nothing in here depends on the
/// order of terms or cells for its results: callers break ties by symbol id.
///
/// The matrix can journal its changes (`beginTransaction`) so that a failed operation is undone
/// exactly: every row touched is saved once, before its first change.
struct SparseMatrix: Sendable {
    /// A term as stored: linked to its cell in the symbol's column.
    struct Term: ListPoolElement {
        var symbol: Symbol
        /// The slot of this row in the symbol's column.
        var cellSlot: Int32
        var coefficient: Double

        /// The term without its link.
        @inline(__always) var linear: LinearTerm { LinearTerm(symbol, coefficient) }

        /// A term of a source row that no matrix stores (`addScaled` reads no cell slot of its
        /// source).
        static func unlinked(_ symbol: Symbol, _ coefficient: Double) -> Term {
            Term(symbol: symbol, cellSlot: -1, coefficient: coefficient)
        }

        /// A free run of the row pool links the next free run through its cell slot.
        var poolLink: Int32 {
            get { cellSlot }
            set { cellSlot = newValue }
        }
    }

    /// A cell of a symbol's column: a row that holds the symbol, and where in the row.
    struct Cell: ListPoolElement {
        var row: Row
        /// The slot of the term in `terms[row]`.
        var termSlot: Int32
        /// A free cell of the column pool links the next free run through its row.
        var poolLink: Int32 {
            get { row.id }
            set { row = Row(newValue) }
        }
    }

    /// The terms of every row (by row id), in one pool: a row is a run of it, not an array of
    /// its own, so a row costs no heap block and a copy of the matrix copies one buffer.
    private(set) var terms = ListPool<Term>()
    private(set) var constants: [Double] = []
    /// The symbol a row defines, or `.absent` for a free slot.
    private(set) var owners: [Symbol] = []
    /// The row a symbol owns, or `.absent`.
    private(set) var rowOfOwner: [Row] = []
    /// For every symbol (by id), the cells of the rows that hold it.
    private(set) var columns = ListPool<Cell>()
    private var freeRows: [Row] = []
    /// Changes whenever a term or a row comes or goes (not when a coefficient or constant
    /// changes), so that work derived from the shape of the matrix can be reused.
    private(set) var shapeVersion = 0
    /// Scratch, one per symbol: the slot of the symbol in the row being merged, or -1 (and
    /// below -1, `addScaledExchanging`'s own marks). Made by the first merge (`makeMarks`): a
    /// matrix whose rows are only ever inserted, as most definitions are, takes none.
    private var mark: [Int32] = []
    /// Scratch for `addScaled`: the terms new to the row being merged.
    private var pending: [Term] = []

    // Journal
    private struct SavedRow {
        var row: Row
        var owner: Symbol
        var constant: Double
        var terms: [Term]
    }
    private var journaling = false
    private var epoch: UInt32 = 1
    private var rowEpoch: [UInt32] = []
    private var saved: [SavedRow] = []
    /// The free-list operations of the transaction: the row taken by a pop, nil for a push.
    private var freeLog: [Row?] = []
    private var savedRowCount = 0
    private var savedSymbolCount = 0

    /// The owners of rows changed since `clearChanges()` (before and after the change), so that
    /// a reader can re-evaluate only what depends on them. May hold symbols since truncated.
    private(set) var changedOwners: [Symbol] = []
    private var ownerListed: [Bool] = []

    /// Per-symbol storage is allocated ahead (`grownSymbolCapacity`); columns past `symbolCount`
    /// are empty and own no row.
    private(set) var symbolCount = 0
    var rowCount: Int { owners.count - freeRows.count }

    mutating func appendSymbol() {
        symbolCount += 1
        if symbolCount <= columns.listCount { return }
        let grown = grownSymbolCapacity(columns.listCount)
        columns.extend(to: grown)
        rowOfOwner.extend(to: grown, with: .absent)
        if !mark.isEmpty { mark.extend(to: grown, with: -1) }
        ownerListed.extend(to: grown, with: false)
    }

    @inline(__always) private mutating func noteChanged(_ owner: Symbol) {
        guard !owner.isAbsent, !ownerListed[owner] else { return }
        ownerListed[owner] = true
        changedOwners.appendGrowing(owner)
    }

    /// Forgets the changed owners.
    mutating func clearChanges() {
        for s in changedOwners { ownerListed[s] = false }
        changedOwners.removeAllKeepingCapacity()
    }

    /// The row `owner` owns, if any.
    @inline(__always) func row(of owner: Symbol) -> Row? {
        let r = rowOfOwner[owner]
        return r.isAbsent ? nil : r
    }
    @inline(__always) func isOwner(_ symbol: Symbol) -> Bool { !rowOfOwner[symbol].isAbsent }
    @inline(__always) func constant(_ row: Row) -> Double { constants[row] }
    @inline(__always) func owner(_ row: Row) -> Symbol { owners[row] }

    /// The cells of the rows that hold `symbol`.
    @inline(__always) func column(_ symbol: Symbol) -> ListPool<Cell>.Slice { columns[symbol.index] }
    /// A row's terms in place: valid only while the matrix, held borrowed by the caller,
    /// neither changes nor goes (see `ListPool.unsafeElements`).
    @inline(__always) func unsafeTerms(_ row: Row) -> UnsafeBufferPointer<Term> { terms.unsafeElements(row.index) }
    /// The cells of the rows that hold `symbol`, in place: valid only while the matrix, held
    /// borrowed by the caller, neither changes nor goes (see `ListPool.unsafeElements`).
    @inline(__always) func unsafeColumn(_ symbol: Symbol) -> UnsafeBufferPointer<Cell> { columns.unsafeElements(symbol.index) }
    /// How many rows hold `symbol`.
    @inline(__always) func columnCount(_ symbol: Symbol) -> Int { columns.count(symbol.index) }
    /// The `k`th cell of `symbol`'s column: for a walk by index that changes the matrix's
    /// constants on the way (no slice to retain, and the column does not move).
    @inline(__always) func cell(of symbol: Symbol, at k: Int) -> Cell { columns[symbol.index, k] }
    /// The coefficient of the term a cell of a column points to.
    @inline(__always) func coefficient(at cell: Cell) -> Double {
        terms[cell.row.index, Int(cell.termSlot)].coefficient
    }

    /// The coefficient of `symbol` in `row`, 0 if absent.
    /// - Complexity: O(length of the row).
    func coefficient(_ row: Row, _ symbol: Symbol) -> Double {
        for t in terms[row] where t.symbol == symbol { return t.coefficient }
        return 0
    }

    /// Raw read access to the rows and their owners, for a read-only pass's inner loop (see
    /// `ListPool.Reader`).
    struct Reader {
        fileprivate let rowOfOwner: UnsafeBufferPointer<Row>
        fileprivate let constants: UnsafeBufferPointer<Double>
        fileprivate let terms: ListPool<Term>.Reader

        @inline(__always) func row(of owner: Symbol) -> Row? {
            let r = rowOfOwner[owner.index]
            return r.isAbsent ? nil : r
        }
        @inline(__always) func isOwner(_ symbol: Symbol) -> Bool { !rowOfOwner[symbol.index].isAbsent }
        @inline(__always) func constant(_ row: Row) -> Double { constants[row.index] }
        @inline(__always) func terms(_ row: Row) -> UnsafeBufferPointer<Term> { terms[row.index] }
    }

    /// Runs `body` with a reader of the matrix, valid while it runs; the matrix must not change
    /// meanwhile.
    @inline(__always) func withReader<R>(_ body: (Reader) -> R) -> R {
        rowOfOwner.withUnsafeBufferPointer { owners in
            constants.withUnsafeBufferPointer { constants in
                terms.withReader { terms in body(Reader(rowOfOwner: owners, constants: constants, terms: terms)) }
            }
        }
    }

    /// Every row in use, in increasing row id.
    var rows: [Row] {
        owners.indices.compactMap { owners[$0].isAbsent ? nil : Row($0) }
    }

    // MARK: Rows

    /// Adds the row `owner = constant + Σ terms`. Terms must name distinct symbols.
    @discardableResult
    mutating func insertRow(owner: Symbol, constant: Double, terms newTerms: [LinearTerm]) -> Row {
        let r = newRow(owner: owner, constant: constant)
        terms.reserve(newTerms.count, in: r.index)
        ownPools()
        for t in newTerms where abs(t.coefficient) >= epsilon { appendTerm(r, t.symbol, t.coefficient) }
        return r
    }

    /// Adds the row `owner = constant + Σ terms / divisor` without the term of `omitted`: a row
    /// solved for one of its symbols, made without a copy of it. Terms must name distinct symbols.
    @discardableResult
    mutating func insertRow(owner: Symbol, constant: Double, terms newTerms: [LinearTerm], dividedBy divisor: Double,
                            omitting omitted: Symbol) -> Row {
        let r = newRow(owner: owner, constant: constant)
        terms.reserve(newTerms.count - 1, in: r.index)
        ownPools()
        for t in newTerms where t.symbol != omitted {
            let c = t.coefficient / divisor
            if abs(c) >= epsilon { appendTerm(r, t.symbol, c) }
        }
        return r
    }

    /// A new row `owner = constant`, in a free slot if there is one.
    private mutating func newRow(owner: Symbol, constant: Double) -> Row {
        let r: Row
        if let free = freeRows.popLast() {
            if journaling { freeLog.append(free) }
            r = free
            touch(r)
            owners[r] = owner
            constants[r] = constant
        } else {
            r = Row(owners.count)
            // Room for 64 rows at first: a cell's system has tens of rows a matrix, and from
            // 16 each of these arrays grew twice on the way.
            owners.appendGrowing(owner, minimum: 64)
            constants.appendGrowing(constant, minimum: 64)
            terms.appendList()
            rowEpoch.appendGrowing(0, minimum: 64)
            // Rows created during a transaction are undone by truncation.
            if journaling { rowEpoch[r] = epoch }
        }
        shapeVersion &+= 1
        rowOfOwner[owner] = r
        noteChanged(owner)
        return r
    }

    /// Removes a row and its cells.
    mutating func removeRow(_ r: Row) {
        touch(r)
        ownPools()
        emptyRow(r)
        shapeVersion &+= 1
        rowOfOwner[owners[r]] = .absent
        owners[r] = .absent
        constants[r] = 0
        freeRows.append(r)
        if journaling { freeLog.append(nil) }
    }

    /// Replaces the contents of a row.
    mutating func replaceRow(_ r: Row, constant: Double, terms newTerms: [LinearTerm]) {
        touch(r)
        ownPools()
        emptyRow(r)
        constants[r] = constant
        terms.reserve(newTerms.count, in: r.index)
        for t in newTerms where abs(t.coefficient) >= epsilon { appendTerm(r, t.symbol, t.coefficient) }
    }

    /// Adds `delta` to the constant of a row.
    mutating func addToConstant(_ r: Row, _ delta: Double) {
        touch(r)
        constants[r] += delta
    }

    // MARK: Terms

    /// Makes both pools' memory the matrix's own, once for an operation's term changes
    /// (`appendTerm`, `unlinkCell`, `removeTerm`), which then skip the check.
    @inline(__always) private mutating func ownPools() {
        terms.own()
        columns.own()
    }

    /// (The pools made the matrix's own: `ownPools()`.)
    private mutating func appendTerm(_ r: Row, _ s: Symbol, _ c: Double) {
        shapeVersion &+= 1
        // (A list's count is an Int32 of its pool: the conversions back cannot overflow.)
        let slot = Int32(truncatingIfNeeded: terms.count(r.index))
        terms.appendOwned(Term(symbol: s, cellSlot: Int32(truncatingIfNeeded: columns.count(s.index)), coefficient: c), to: r.index)
        columns.appendOwned(Cell(row: r, termSlot: slot), to: s.index)
    }

    /// Removes every term of a row and its cell; the row's run goes back to the pool. (The
    /// pools made the matrix's own: `ownPools()`.)
    private mutating func emptyRow(_ r: Row) {
        // Unlinking moves cells of other rows only (a column holds a row once), so the row's
        // terms can be read as they are and dropped together.
        var k = terms.count(r.index) - 1
        while k >= 0 {
            let t = terms[r.index, k]
            unlinkCell(t.symbol, Int(t.cellSlot))
            k -= 1
        }
        terms.removeAll(from: r.index)
    }

    /// Removes the cell at `slot` of a column, moving the last cell into its place. (The pools
    /// made the matrix's own: `ownPools()`.)
    private mutating func unlinkCell(_ s: Symbol, _ slot: Int) {
        shapeVersion &+= 1
        let moved = columns.removeLastOwned(from: s.index)
        if slot != columns.count(s.index) {
            columns.setOwned(moved, at: slot, of: s.index)
            var t = terms[moved.row.index, Int(moved.termSlot)]
            t.cellSlot = Int32(slot)
            terms.setOwned(t, at: Int(moved.termSlot), of: moved.row.index)
        }
    }

    /// Removes the term at `slot` of a row, moving the last term into its place. (The pools
    /// made the matrix's own: `ownPools()`.)
    private mutating func removeTerm(_ r: Row, _ slot: Int) {
        let ri = r.index
        let t = terms[ri, slot]
        unlinkCell(t.symbol, Int(t.cellSlot))
        let last = terms.count(ri) - 1
        if slot != last {
            let moved = terms[ri, last]
            terms.setOwned(moved, at: slot, of: ri)
            var cell = columns[moved.symbol.index, Int(moved.cellSlot)]
            cell.termSlot = Int32(slot)
            columns.setOwned(cell, at: Int(moved.cellSlot), of: moved.symbol.index)
        }
        terms.removeLastOwned(from: ri)
    }

    /// Removes `symbol` from a row and returns its coefficient (0 if it was absent).
    @discardableResult
    mutating func removeSymbol(_ r: Row, _ symbol: Symbol) -> Double {
        // By slot: a slice of the row held across the removal would copy the pool.
        for k in 0..<terms.count(r.index) where terms[r.index, k].symbol == symbol {
            let c = terms[r.index, k].coefficient
            touch(r)
            ownPools()
            removeTerm(r, k)
            return c
        }
        return 0
    }

    /// Removes the term that the cell at `slot` of `symbol`'s column points to.
    /// - Returns: The row and the coefficient the symbol had in it.
    mutating func removeCell(of symbol: Symbol, at slot: Int) -> (row: Row, coefficient: Double) {
        let cell = columns[symbol.index, slot]
        touch(cell.row)
        let c = coefficient(at: cell)
        ownPools()
        removeTerm(cell.row, Int(cell.termSlot))
        return (cell.row, c)
    }

    /// Removes the term of the last cell of `symbol`'s column: how a column is emptied.
    /// - Returns: The row and the coefficient the symbol had in it, or nil for an empty column.
    mutating func popCell(of symbol: Symbol) -> (row: Row, coefficient: Double)? {
        let count = columns.count(symbol.index)
        return count == 0 ? nil : removeCell(of: symbol, at: count - 1)
    }

    /// `row += factor · (constant + Σ source)`: the heart of substitution.
    ///
    /// The row is edited in place in the pool and the scratch marks are moved out of the
    /// matrix while they are used, so the inner loop runs on plain buffers (profiling showed a
    /// third of its time going to array uniqueness checks otherwise). Terms new to the row are
    /// appended afterwards. `source` must not be a slice of this matrix's rows (that would copy
    /// the pool): a caller merging one of its own rows into others copies it out first.
    /// - Complexity: O(length of the row + length of the source).
    mutating func addScaled(into r: Row, factor: Double, constant: Double, source: some RowSource) {
        makeMarks()
        touch(r)
        shapeVersion &+= 1
        let ri = r.index
        constants[ri] += factor * constant
        var marks = mark
        mark = []
        var fresh = pending
        pending = []
        var vanished = false
        terms.withElements(of: ri) { rb in
            marks.withUnsafeMutableBufferPointer { mb in
                source.withTerms { sb in
                    for k in 0..<rb.count { mb[rb[k].symbol.index] = Int32(k) }
                    for t in sb {
                        let k = Int(mb[t.symbol.index])
                        if k >= 0 {
                            let c = rb[k].coefficient + factor * t.coefficient
                            rb[k].coefficient = c
                            if abs(c) < epsilon { vanished = true }
                        } else {
                            let c = factor * t.coefficient
                            if abs(c) >= epsilon { fresh.append(Term(symbol: t.symbol, cellSlot: 0, coefficient: c)) }
                        }
                    }
                    for k in 0..<rb.count { mb[rb[k].symbol.index] = -1 }
                }
            }
        }
        mark = marks
        if !fresh.isEmpty || vanished { ownPools() }
        if !fresh.isEmpty {
            terms.reserve(terms.count(ri) + fresh.count, in: ri)
            for var t in fresh {
                t.cellSlot = Int32(columns.count(t.symbol.index))
                columns.appendOwned(Cell(row: r, termSlot: Int32(terms.count(ri))), to: t.symbol.index)
                terms.appendOwned(t, to: ri)
            }
            fresh.removeAll(keepingCapacity: true)
        }
        pending = fresh
        if vanished {
            var k = terms.count(ri) - 1
            while k >= 0 {
                if abs(terms[ri, k].coefficient) < epsilon { removeTerm(r, k) }
                k -= 1
            }
        }
    }

    /// `a += fa · (constant + Σ source)` and `b += fb · (constant + Σ source)`, for a row `a`
    /// that mostly cancels and a short row `b`: the two rows beside a pivot row that holds a long
    /// expression, `a` a near multiple of it and `b` about to become one.
    ///
    /// Each result is exactly what `addScaled` gives, but they trade storage: row `a`'s terms,
    /// whose column cells already cover most of the source, are rewritten into `b`'s result, and
    /// `a`'s short result goes into row `b`; the owners and constants trade rows with them. The
    /// column index then changes by a few cells instead of every term of both rows.
    /// - Returns: false, having changed nothing, when fewer than half of `a`'s terms cancel
    ///   (the caller then merges each row as usual).
    /// - Complexity: O(length of `a` + length of `b` + length of the source), with column
    ///   updates only for the terms that differ between `a` and `b`'s result.
    mutating func addScaledExchanging(_ a: Row, _ fa: Double, _ b: Row, _ fb: Double,
                                      constant k: Double, source: [Term]) -> Bool {
        makeMarks()
        let ai = a.index, bi = b.index
        // a's result, as a short list: a's terms moved by the source, then the source's others.
        var resultA: [LinearTerm] = []
        var covered = [Bool](repeating: false, count: source.count)
        for (i, t) in source.enumerated() { mark[t.symbol] = Int32(i) }
        for t in terms[a] {
            let i = Int(mark[t.symbol])
            let c = i >= 0 ? t.coefficient + fa * source[i].coefficient : t.coefficient
            if i >= 0 { covered[i] = true }
            if abs(c) >= epsilon { resultA.append(LinearTerm(t.symbol, c)) }
        }
        for t in source { mark[t.symbol] = -1 }
        if 2 * resultA.count > terms.count(ai) { return false }

        touch(a)
        touch(b)
        shapeVersion &+= 1
        let constantA = constants[ai] + fa * k, constantB = constants[bi] + fb * k
        for (i, t) in source.enumerated() where !covered[i] {
            let c = fa * t.coefficient
            if abs(c) >= epsilon { resultA.append(LinearTerm(t.symbol, c)) }
        }

        // b's result, by symbol: a coefficient per slot of a's storage (NaN: no term), and the
        // symbols a's storage lacks. Marks: a slot of a's storage, or -2 - index among those.
        var inPlace = [Double](repeating: .nan, count: terms.count(ai))
        var others: [LinearTerm] = []
        for (k, t) in terms[a].enumerated() { mark[t.symbol] = Int32(k) }
        for t in source {
            let m = Int(mark[t.symbol])
            if m >= 0 {
                inPlace[m] = fb * t.coefficient
            } else {
                mark[t.symbol] = Int32(-2 - others.count)
                others.append(LinearTerm(t.symbol, fb * t.coefficient))
            }
        }
        for t in terms[b] {
            // As in `addScaled`: the row's coefficient plus the scaled source's.
            let m = Int(mark[t.symbol])
            if m >= 0 {
                inPlace[m] = inPlace[m].isNaN ? t.coefficient : t.coefficient + inPlace[m]
            } else if m <= -2 {
                others[-2 - m].coefficient = t.coefficient + others[-2 - m].coefficient
            } else {
                others.append(LinearTerm(t.symbol, t.coefficient))
            }
        }
        for t in terms[a] { mark[t.symbol] = -1 }
        for t in others { mark[t.symbol] = -1 }

        // a's storage becomes b's result: terms that vanish leave, the others change in place.
        ownPools()
        var slot = terms.count(ai) - 1
        while slot >= 0 {
            let c = inPlace[slot]
            if c.isNaN || abs(c) < epsilon {
                // The term moved into the slot, the row's last, has had its turn.
                removeTerm(a, slot)
            } else {
                var t = terms[ai, slot]
                t.coefficient = c
                terms.setOwned(t, at: slot, of: ai)
            }
            slot -= 1
        }
        for t in others where abs(t.coefficient) >= epsilon { appendTerm(a, t.symbol, t.coefficient) }
        // b's storage becomes a's result.
        emptyRow(b)
        for t in resultA { appendTerm(b, t.symbol, t.coefficient) }

        let ownerA = owners[ai], ownerB = owners[bi]
        owners[ai] = ownerB
        owners[bi] = ownerA
        rowOfOwner[ownerB] = a
        rowOfOwner[ownerA] = b
        constants[ai] = constantB
        constants[bi] = constantA
        return true
    }

    /// Gives every symbol its mark (-1), if the matrix has none yet.
    @inline(__always) private mutating func makeMarks() {
        if mark.isEmpty { mark = Array(repeating: -1, count: columns.listCount) }
    }

    /// Solves row `r` (owner `b`) for `entering` and makes `entering` its owner:
    /// `b = K + a·e + rest` becomes `e = -K/a + b/a - rest/a`.
    mutating func solve(_ r: Row, for entering: Symbol) {
        let a = removeSymbol(r, entering)
        precondition(a != 0, "internal error: pivoting on a symbol absent from its row")
        let ri = r.index
        let scale = -1 / a
        constants[ri] *= scale
        terms.withElements(of: ri) { row in
            for k in row.indices { row[k].coefficient *= scale }
        }
        let old = owners[ri]
        ownPools()
        appendTerm(r, old, 1 / a)
        rowOfOwner[old] = .absent
        owners[ri] = entering
        rowOfOwner[entering] = r
        noteChanged(entering)
    }

    // MARK: Journal

    @inline(__always) private mutating func touch(_ r: Row) {
        noteChanged(owners[r])
        guard journaling, rowEpoch[r] != epoch else { return }
        rowEpoch[r] = epoch
        saved.append(SavedRow(row: r, owner: owners[r], constant: constants[r], terms: Array(terms[r])))
    }

    /// Starts journaling: every change until `commit` or `rollback` can be undone.
    mutating func beginTransaction() {
        precondition(!journaling, "internal error: nested transaction")
        journaling = true
        epoch &+= 1
        if epoch == 0 { epoch = 1; for i in rowEpoch.indices { rowEpoch[i] = 0 } }
        saved.removeAllKeepingCapacity()
        freeLog.removeAllKeepingCapacity()
        savedRowCount = owners.count
        savedSymbolCount = symbolCount
    }

    /// Keeps the changes made since `beginTransaction`.
    mutating func commit() {
        journaling = false
        saved.removeAllKeepingCapacity()
        freeLog.removeAllKeepingCapacity()
    }

    /// Undoes every change made since `beginTransaction`, symbols created since included.
    mutating func rollback() {
        journaling = false
        shapeVersion &+= 1
        ownPools()
        // Unlink the current contents of every touched or created row.
        var changed = saved.map(\.row)
        changed.append(contentsOf: (savedRowCount..<owners.count).map(Row.init))
        for r in changed {
            let owner = owners[r]
            noteChanged(owner)
            emptyRow(r)
            if !owner.isAbsent, rowOfOwner[owner] == r { rowOfOwner[owner] = .absent }
        }
        owners.removeLast(owners.count - savedRowCount)
        constants.removeLast(constants.count - savedRowCount)
        terms.removeLists(from: savedRowCount)
        rowEpoch.removeLast(rowEpoch.count - savedRowCount)
        for s in saved {
            owners[s.row] = s.owner
            noteChanged(s.owner)
            constants[s.row] = s.constant
            if !s.owner.isAbsent { rowOfOwner[s.owner] = s.row }
            for t in s.terms { appendTerm(s.row, t.symbol, t.coefficient) }
        }
        saved.removeAllKeepingCapacity()
        for op in freeLog.reversed() {
            if let taken = op { freeRows.append(taken) } else { freeRows.removeLast() }
        }
        freeLog.removeAllKeepingCapacity()
        // Restoring the rows has emptied the new symbols' columns.
        symbolCount = savedSymbolCount
    }
}

/// What `SparseMatrix.addScaled` reads a source row from: an array or a slice of terms.
protocol RowSource {
    func withTerms<R>(_ body: (UnsafeBufferPointer<SparseMatrix.Term>) -> R) -> R
}

extension Array: RowSource where Element == SparseMatrix.Term {
    @inline(__always) func withTerms<R>(_ body: (UnsafeBufferPointer<SparseMatrix.Term>) -> R) -> R {
        withUnsafeBufferPointer(body)
    }
}

extension ListPool.Slice: RowSource where Element == SparseMatrix.Term {
    @inline(__always) func withTerms<R>(_ body: (UnsafeBufferPointer<SparseMatrix.Term>) -> R) -> R {
        withUnsafeBufferPointer(body)
    }
}

/// The room per-symbol storage (an entry per symbol in the engine, both matrices and the
/// objective) grows to when `capacity` symbols fill it: half as much again, at least 96, which
/// holds a fresh subtitle cell's system (45 constraints, 83 symbols) without a growth of every
/// such array on the way (at 64 it grew once; no workload's bytes per constraint rose).
/// Doubling would leave up to half of every such array unused.
func grownSymbolCapacity(_ capacity: Int) -> Int { max(96, capacity + capacity / 2) }

extension Array {
    /// Extends the array to `newCount` copies of `value` with exactly that room
    /// (`append(contentsOf:)` alone would double it).
    mutating func extend(to newCount: Int, with value: Element) {
        reserveCapacity(newCount)
        append(contentsOf: repeatElement(value, count: newCount - count))
    }

    /// Appends `element`; a full array grows to twice its count and at least `minimum` (Swift's
    /// own growth starts from an element or two: the arrays of a small system, a fresh cell's,
    /// were reallocated half a dozen times each on the way to a few dozen elements).
    @inline(__always) mutating func appendGrowing(_ element: Element, minimum: Int = 16) {
        if count == capacity { reserveCapacity(Swift.max(minimum, 2 * count)) }
        append(element)
    }

    /// Empties the array, keeping its room. Does nothing to an empty array, which
    /// `removeAll(keepingCapacity:)` would still hand to the runtime: the transaction journals
    /// are empty after most single adds, the lists of changes and infeasible rows after most
    /// steps.
    @inline(__always) mutating func removeAllKeepingCapacity() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
