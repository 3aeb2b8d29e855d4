/// How the two sides of a constraint relate.
public enum Relation: Sendable, Hashable, CustomStringConvertible {
    /// `lhs <= rhs`
    case lessThanOrEqual
    /// `lhs == rhs`
    case equal
    /// `lhs >= rhs`
    case greaterThanOrEqual

    /// `<=`, `==` or `>=`.
    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// A linear relation `expression ⋈ 0` with a strength, such as `x + 10 <= y` at `.strong`.
///
/// A constraint is a value with an identity: two constraints built from the same sides are
/// different constraints, and a solver holds each at most once. The right side is moved to the
/// left when the constraint is built, so `x + 10 <= y` is stored as `x + 10 - y <= 0`.
public struct Constraint: Hashable, Sendable, CustomStringConvertible {
    /// The identity of the constraint, unique within the process.
    public let id: UInt64
    /// The left side minus the right side.
    public let expression: Expression
    /// How much the constraint matters.
    public let strength: Strength
    /// How `expression` compares with zero. (Declared last: a solver's record of the
    /// constraint packs its own fields into the padding after this byte.)
    public let relation: Relation

    /// Creates `lhs relation rhs` at a strength.
    /// - Complexity: O(terms of both sides).
    public init(_ lhs: some ExpressionConvertible, _ relation: Relation, _ rhs: some ExpressionConvertible,
                strength: Strength = .required) {
        self.init(expression: lhs - rhs, relation: relation, strength: strength)
    }

    /// Creates `expression relation 0` at a strength.
    public init(expression: Expression, relation: Relation, strength: Strength = .required) {
        self.id = nextIdentity()
        self.expression = expression
        self.relation = relation
        self.strength = strength
    }

    /// Creates `expression relation constant` at a strength: the constraint whose
    /// ``constant`` is `constant` (`first - 2 × second` and 10 give `first == 2 × second + 10`,
    /// a layout constraint's form).
    /// - Complexity: O(terms of `expression`).
    public init(_ expression: Expression, _ relation: Relation, constant: Double, strength: Strength = .required) {
        var expression = expression
        expression.constant -= constant
        self.init(expression: expression, relation: relation, strength: strength)
    }

    /// The constraint's constant in its own terms: the `c` of `terms ⋈ c`, with every variable
    /// on the left and the number on the right. `x == y + 10` and `x - 10 == y` have 10,
    /// `x + 10 <= y` has -10: a layout constraint's `constant` (`first == m × second + c`). It is
    /// minus ``expression``'s constant, and the constant ``Solver/setConstant(_:for:)`` moves.
    public var constant: Double { -expression.constant }

    /// A new constraint with the same relation at another strength.
    public func withStrength(_ strength: Strength) -> Constraint {
        Constraint(expression: expression, relation: relation, strength: strength)
    }

    /// Whether two values are the same constraint (the same identity).
    public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs.id == rhs.id }
    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// For example `x + 10 - y <= 0 @750`.
    public var description: String {
        let base = "\(expression) \(relation) 0"
        return strength.isRequired ? base : "\(base) @\(strength)"
    }
}

/// A required constraint `lhs == rhs`; change its strength with `withStrength(_:)`.
/// - Complexity: O(terms of both sides), as each operator here.
public func == <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs, .equal, rhs)
}
/// A required constraint `lhs <= rhs`.
public func <= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs, .lessThanOrEqual, rhs)
}
/// A required constraint `lhs >= rhs`.
public func >= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs, .greaterThanOrEqual, rhs)
}
