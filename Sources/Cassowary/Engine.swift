/// The simplex engine behind `Solver`: symbols, the tableau, the external definitions and the
/// lexicographic objective. It knows nothing of `Variable` or `Constraint`; `Solver` maps those
/// to symbols.
///
/// The system is held as two kinds of equations over symbols:
/// - **tableau rows**, `basic = constant + Σ c·parametric`, over restricted symbols (slacks,
///   errors, dummies) only, in canonical form: no basic symbol appears on a right-hand side.
///   The simplex method pivots these.
/// - **definitions**, `external = constant + Σ c·symbol`, one per determined user variable. They
///   may refer to any symbol, basic or not, and to other definitions (never in a cycle: `rank`
///   orders them). A pivot leaves them alone: they stay true equations whatever the basis, so
///   the long chains of a layout (x₂ = x₁ + w₁ + 8, …) are never rewritten on a pivot. A
///   variable's value is its definition evaluated.
///
/// A user variable without a definition is *free*: nothing determines it (its value is 0).
/// Free variables appear in definitions only, never in tableau rows or the objective.
///
/// The engine's work is spread over files by what it does: this one holds its storage, its
/// symbols and its transactions; `Engine+Adding` inserts a constraint's row, `Engine+Expansion`
/// rewrites an expression over parametric symbols, `Engine+Simplex` holds the pivoting steps
/// and the primal and dual simplex, `Engine+Removing` takes a constraint out, and
/// `Engine+Values` evaluates the variables. The storage is internal rather than private so that
/// those files can reach it; only the engine writes it (but `tags`, which are its user's).
struct Engine: Sendable {
    private(set) var kinds: [SymbolKind] = []
    /// A number per symbol for the engine's user: `Solver` keeps the index of a variable or of a
    /// constraint record here. `Engine.untagged` until set.
    var tags: [Int32] = []
    var tableau = SparseMatrix()
    var definitions = SparseMatrix()
    var objective = Objective()
    /// Definition order: a definition's rank exceeds the rank of every defined symbol it uses.
    /// (32 bits: a chain of definitions is far shorter than 2³¹, and it is an entry per symbol.)
    var rank: [Int32] = []

    /// The basic symbols whose rows may have gone negative, for `dualOptimize`.
    var infeasible = InfeasibleRows()
    /// Scratch for `expand`.
    var expansionScratch = ExpansionScratch()
    /// Scratch for `changedDefinitions`.
    var affectedScratch = AffectedDefinitions()
    /// Scratch for `substitute`: the row being substituted, copied out of the tableau it is
    /// merged into.
    var substitutionSource: [SparseMatrix.Term] = []

    // Journal
    private(set) var journaling = false
    private var savedSymbolCount = 0

    /// Per-symbol storage is allocated ahead (`grownSymbolCapacity`).
    private(set) var symbolCount = 0
    /// Symbols that no constraint uses any more, at rest (no row, no cell, no cost), which
    /// `newSymbol` hands out again before making new ones: a solver that adds and removes
    /// constraints for ever keeps its per-symbol storage at the size of what it holds at once.
    private(set) var freeSymbols: [Symbol] = []
    /// The free-list operations of the transaction: the symbol taken by a pop, nil for a push.
    private var freeSymbolLog: [Symbol?] = []

    /// The tag of a symbol that belongs to nothing of the engine's user.
    static let untagged: Int32 = -1

    // MARK: Symbols

    mutating func newSymbol(_ kind: SymbolKind) -> Symbol {
        let s: Symbol
        if let free = freeSymbols.popLast() {
            if journaling { freeSymbolLog.append(free) }
            s = free
        } else {
            s = Symbol(symbolCount)
            symbolCount += 1
            if symbolCount > kinds.count {
                let grown = grownSymbolCapacity(kinds.count)
                kinds.extend(to: grown, with: .external)
                tags.extend(to: grown, with: Engine.untagged)
                rank.extend(to: grown, with: 0)
                infeasible.grow(to: grown)
                affectedScratch.grow(to: grown)
            }
            tableau.appendSymbol()
            definitions.appendSymbol()
            objective.appendSymbol()
        }
        kinds[s] = kind
        tags[s] = Engine.untagged
        rank[s] = 0
        return s
    }

    /// Symbols in use: made and not freed.
    var liveSymbolCount: Int { symbolCount - freeSymbols.count }

    @inline(__always) func isDefined(_ s: Symbol) -> Bool { definitions.isOwner(s) }
    @inline(__always) func isBasic(_ s: Symbol) -> Bool { tableau.isOwner(s) }

    /// An external symbol that nothing determines and nothing refers to.
    @inline(__always) func isUnused(_ s: Symbol) -> Bool {
        kinds[s] == .external && !definitions.isOwner(s) && definitions.columnCount(s) == 0
    }

    mutating func objectiveLevel(for priority: Double) -> Int { objective.level(for: priority) }

    /// Adds `delta` to the cost of `symbol` at the exploration level (below every user level).
    mutating func addExplorationCost(_ symbol: Symbol, _ delta: Double) {
        objective.add(objective.exploration, symbol, delta)
    }

    /// Puts a symbol at rest (no row, no cell, no cost) on the free list, untagged: nothing of
    /// the solver's may read it as a variable or a constraint's.
    mutating func free(_ s: Symbol) {
        tags[s] = Engine.untagged
        if journaling { freeSymbolLog.append(nil) }
        freeSymbols.append(s)
    }

    // MARK: Transactions

    mutating func beginTransaction() {
        journaling = true
        savedSymbolCount = symbolCount
        freeSymbolLog.removeAllKeepingCapacity()
        tableau.beginTransaction()
        definitions.beginTransaction()
        objective.beginTransaction()
    }

    mutating func commit() {
        journaling = false
        freeSymbolLog.removeAllKeepingCapacity()
        tableau.commit()
        definitions.commit()
        objective.commit()
    }

    mutating func rollback() {
        journaling = false
        infeasible.clear()
        tableau.rollback()
        definitions.rollback()
        objective.rollback()
        // Restoring the rows and costs has put every symbol taken from the free list back at
        // rest; scratch entries of the symbols dropped are at rest too, newSymbol resets the others.
        for op in freeSymbolLog.reversed() {
            if let taken = op { free(taken) } else { freeSymbols.removeLast() }
        }
        freeSymbolLog.removeAllKeepingCapacity()
        symbolCount = savedSymbolCount
    }
}
