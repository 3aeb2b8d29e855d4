/// An unknown of the engine: a user variable, or a slack, error or dummy symbol of a constraint.
///
/// Symbols are dense ids from 0 (`Engine.newSymbol` hands out the lowest free ones first), so
/// per-symbol storage is an array indexed by the id (`array[symbol]`). Ids order symbols for
/// the simplex's tie-breaks (Bland's rule): the same pivots whatever order rows are stored in.
///
/// A wrapped `Int32`: as compact as the bare id, with no way to mix it up with a row or a slot.
struct Symbol: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The dense id: the index of the symbol's entries in per-symbol storage.
    let id: Int32

    @inline(__always) init(_ id: Int32) { self.id = id }
    @inline(__always) init(_ index: Int) { id = Int32(index) }

    /// No symbol: what storage holds where it has no symbol to name (a free row's owner). APIs
    /// answer `Symbol?` instead.
    static let absent = Symbol(-1 as Int32)

    /// Whether this is `absent`.
    @inline(__always) var isAbsent: Bool { id < 0 }

    /// The id as an array index.
    @inline(__always) var index: Int { Int(id) }

    @inline(__always) static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }

    var description: String { "s\(id)" }
}

/// What a symbol stands for.
enum SymbolKind: UInt8, Sendable {
    /// A user variable: unrestricted in sign.
    case external
    /// The slack of an inequality, or an artificial variable: ≥ 0.
    case slack
    /// The error of an optional constraint: ≥ 0, and costs in the objective.
    case error
    /// The marker of a required equality: always 0.
    case dummy
}

/// A row of a `SparseMatrix`: the slot its constant, owner and terms are stored at. Rows are
/// reused once removed, so a row id means nothing without its matrix, and only an owner
/// (`SparseMatrix.row(of:)`) finds a row again after a change.
struct Row: Hashable, Sendable, CustomStringConvertible {
    /// The dense id: the index of the row's entries in the matrix's per-row storage.
    let id: Int32

    @inline(__always) init(_ id: Int32) { self.id = id }
    @inline(__always) init(_ index: Int) { id = Int32(index) }

    /// No row: what storage holds for a symbol that owns none. APIs answer `Row?` instead.
    static let absent = Row(-1 as Int32)

    /// Whether this is `absent`.
    @inline(__always) var isAbsent: Bool { id < 0 }

    /// The id as an array index.
    @inline(__always) var index: Int { Int(id) }

    var description: String { "r\(id)" }
}

/// `coefficient · symbol`: a term of a row as it is written, before a matrix stores it (or as a
/// caller reads it back).
struct LinearTerm: Sendable, Equatable {
    var symbol: Symbol
    var coefficient: Double

    @inline(__always) init(_ symbol: Symbol, _ coefficient: Double) {
        self.symbol = symbol
        self.coefficient = coefficient
    }
}

extension Array {
    /// The entry of `symbol` in per-symbol storage.
    @inline(__always) subscript(symbol: Symbol) -> Element {
        get { self[symbol.index] }
        _modify { yield &self[symbol.index] }
    }

    /// The entry of `row` in per-row storage.
    @inline(__always) subscript(row: Row) -> Element {
        get { self[row.index] }
        _modify { yield &self[row.index] }
    }
}
