import Synchronization

/// The process-wide source of variable and constraint identities.
///
/// Identities only need to be unique; the solver never orders anything by them, so
/// results do not depend on how many variables other code created first.
let identitySource = Atomic<UInt64>(0)

func nextIdentity() -> UInt64 {
    identitySource.add(1, ordering: .relaxed).newValue
}

/// An unknown of a constraint system: a small handle that any number of solvers can refer to.
///
/// Two variables are equal when they are the same handle; names are for reading output only
/// and need not be unique.
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// The identity of the handle, unique within the process.
    public let id: UInt64
    /// An optional name, shown in descriptions and error messages.
    public let name: String?

    /// Creates a new variable, distinct from every other.
    /// - Parameter name: A name for diagnostics.
    public init(_ name: String? = nil) {
        self.id = nextIdentity()
        self.name = name
    }

    /// Whether two values are the same handle.
    ///
    /// Disfavoured: without a `Bool` context, `x == y` is the constraint `x == y` (the solver's
    /// operator), never silently this comparison.
    @_disfavoredOverload
    public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs.id == rhs.id }
    /// The required constraint `lhs == rhs` (what `x == y` means without a `Bool` context).
    public static func == (lhs: Variable, rhs: Variable) -> Constraint { lhs.expression == rhs.expression }
    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The name, or `v<id>` when the variable has none.
    public var description: String { name ?? "v\(id)" }
}
