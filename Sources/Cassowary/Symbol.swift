/// A dense id: an `Int32` from 0 that indexes per-id storage (`array[id]`), with -1 for none.
///
/// A struct that wraps the bare id is as compact as it, and cannot be mixed up with another
/// kind of id or with a slot.
protocol DenseID: Hashable, Sendable, CustomStringConvertible {
    /// The id: the index of the entries in per-id storage.
    var id: Int32 { get }
    init(_ id: Int32)
}

extension DenseID {
    @inline(__always) init(_ index: Int) { self.init(Int32(index)) }

    /// None: what storage holds where it has no id to name. APIs answer optionals instead.
    @inline(__always) static var absent: Self { Self(-1 as Int32) }

    /// Whether this is `absent`.
    @inline(__always) var isAbsent: Bool { id < 0 }

    /// The id as an array index.
    @inline(__always) var index: Int { Int(id) }

    var description: String { "\(id)" }
}

/// An unknown of the engine: a user variable, or a slack, error or dummy symbol of a constraint.
///
/// Symbols are dense ids from 0 (`Engine.newSymbol` hands out freed ones again first), so
/// per-symbol storage is an array indexed by the symbol. Ids order symbols for the simplex's
/// tie-breaks (Bland's rule): the same pivots whatever order rows are stored in. `.absent` is a
/// free row's owner.
struct Symbol: DenseID, Comparable {
    let id: Int32

    @inline(__always) init(_ id: Int32) { self.id = id }

    @inline(__always) static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
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
/// (`SparseMatrix.row(of:)`) finds a row again after a change. `.absent` is the row of a symbol
/// that owns none.
struct Row: DenseID {
    let id: Int32

    @inline(__always) init(_ id: Int32) { self.id = id }
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
    /// The entry of `id` (a symbol, a row) in per-id storage.
    @inline(__always) subscript<ID: DenseID>(id: ID) -> Element {
        get { self[id.index] }
        _modify { yield &self[id.index] }
    }
}
