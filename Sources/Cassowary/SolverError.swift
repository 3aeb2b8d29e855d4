/// The errors a solver reports. Each carries the culprit; the solver is unchanged when one is thrown.
public enum SolverError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A required constraint cannot hold together with the required constraints already added.
    ///
    /// `conflicting` is a minimal set: the constraint and `conflicting` together cannot hold,
    /// but leave out any one of them and the rest can. It lists the constraints in the order
    /// they were added.
    case unsatisfiable(Constraint, conflicting: [Constraint])
    /// A required constraint cannot hold by the simplex's arithmetic, yet it and the required
    /// constraints already added hold together when solved afresh: numbers far beyond a
    /// layout's (a constant of 8e115 beside one of 320) swamp the precision of doubles, and no
    /// group of constraints can be named.
    case imprecise(Constraint)
    /// The constraint has already been added.
    case duplicateConstraint(Constraint)
    /// The constraint has not been added (or has been removed).
    case unknownConstraint(Constraint)
    /// The variable is already an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// Edit variables must be optional: a required edit could make suggestions unsatisfiable.
    case requiredEditVariable(Variable)
    /// A coefficient, constant or suggested value is infinite or NaN.
    case nonFinite(String)

    /// A sentence that names the culprit.
    public var description: String {
        switch self {
        case let .unsatisfiable(c, conflicting):
            let list = conflicting.map { "  \($0)" }.joined(separator: "\n")
            return "unsatisfiable constraint \(c); it conflicts with:\n\(list)"
        case let .imprecise(c):
            return "the constraint \(c) cannot hold only through rounding: the numbers are beyond the precision of doubles"
        case let .duplicateConstraint(c): return "the constraint \(c) has already been added"
        case let .unknownConstraint(c): return "the constraint \(c) has not been added"
        case let .duplicateEditVariable(v): return "\(v) is already an edit variable"
        case let .unknownEditVariable(v): return "\(v) is not an edit variable"
        case let .requiredEditVariable(v): return "the edit variable \(v) cannot be required: use a priority of 999 or less"
        case let .nonFinite(what): return "non-finite number in \(what)"
        }
    }
}
