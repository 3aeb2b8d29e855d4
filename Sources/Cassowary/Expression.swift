/// A variable times a coefficient: `2 * x`.
public struct Term: Hashable, Sendable, CustomStringConvertible {
    /// The variable.
    public var variable: Variable
    /// Its coefficient.
    public var coefficient: Double

    /// Creates `coefficient * variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    /// `x`, or `2*x` when the coefficient is not 1.
    public var description: String {
        coefficient == 1 ? variable.description : "\(formatNumber(coefficient))*\(variable)"
    }
}

/// A linear expression: a sum of terms plus a constant, such as `2 * x + y - 10`.
///
/// Terms are kept as written (a variable may appear more than once); solvers combine them.
public struct Expression: Hashable, Sendable, CustomStringConvertible {
    /// The terms, in the order they were written.
    public var terms: [Term]
    /// The constant part.
    public var constant: Double

    /// Creates `Σ terms + constant`.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Whether every coefficient and the constant are finite (neither infinite nor NaN).
    public var isFinite: Bool {
        constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite }
    }

    /// The expression's value given a value for each of its variables.
    public func value(_ valueOf: (Variable) -> Double) -> Double {
        terms.reduce(constant) { $0 + $1.coefficient * valueOf($1.variable) }
    }

    /// The expression as written, for example `x + 2*y - 10`.
    public var description: String {
        var out = ""
        for term in terms {
            let magnitude = Term(term.variable, abs(term.coefficient))
            if out.isEmpty {
                out = term.coefficient < 0 ? "-\(magnitude)" : "\(magnitude)"
            } else {
                out += term.coefficient < 0 ? " - \(magnitude)" : " + \(magnitude)"
            }
        }
        if out.isEmpty { return formatNumber(constant) }
        if constant != 0 { out += constant < 0 ? " - \(formatNumber(-constant))" : " + \(formatNumber(constant))" }
        return out
    }
}

/// Prints whole numbers without a fraction (`10`, not `10.0`).
func formatNumber(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return "\(x)"
}

/// Something that reads as a linear expression: a number, a variable, a term or an expression.
public protocol ExpressionConvertible {
    /// The value as an expression.
    var expression: Expression { get }
}

extension Variable: ExpressionConvertible {
    /// The variable alone.
    public var expression: Expression { Expression([Term(self)]) }
}

extension Term: ExpressionConvertible {
    /// The term alone.
    public var expression: Expression { Expression([self]) }
}

extension Expression: ExpressionConvertible {
    /// The expression itself.
    public var expression: Expression { self }
}

extension Double: ExpressionConvertible {
    /// The constant expression.
    public var expression: Expression { Expression(constant: self) }
}

extension Int: ExpressionConvertible {
    /// The constant expression.
    public var expression: Expression { Expression(constant: Double(self)) }
}

// MARK: - Arithmetic

/// `2 * x`: a term.
public func * (coefficient: Double, variable: Variable) -> Term { Term(variable, coefficient) }
/// `x * 2`: a term.
public func * (variable: Variable, coefficient: Double) -> Term { Term(variable, coefficient) }
/// `x / 2`: a term with coefficient 1/2.
public func / (variable: Variable, divisor: Double) -> Term { Term(variable, 1 / divisor) }
/// Scales a term.
public func * (coefficient: Double, term: Term) -> Term { Term(term.variable, term.coefficient * coefficient) }
/// Scales a term.
public func * (term: Term, coefficient: Double) -> Term { coefficient * term }
/// Divides a term's coefficient.
public func / (term: Term, divisor: Double) -> Term { Term(term.variable, term.coefficient / divisor) }
/// `-x`: the term with coefficient -1.
public prefix func - (variable: Variable) -> Term { Term(variable, -1) }
/// Negates a term.
public prefix func - (term: Term) -> Term { Term(term.variable, -term.coefficient) }

/// Scales every term and the constant.
public func * (coefficient: Double, expression: Expression) -> Expression {
    Expression(expression.terms.map { coefficient * $0 }, constant: expression.constant * coefficient)
}
/// Scales every term and the constant.
public func * (expression: Expression, coefficient: Double) -> Expression { coefficient * expression }
/// Divides every term and the constant.
public func / (expression: Expression, divisor: Double) -> Expression { (1 / divisor) * expression }
/// Negates every term and the constant.
public prefix func - (expression: Expression) -> Expression { -1 * expression }

/// The sum of two numbers, variables, terms or expressions: `x + 10`, `a + b`.
/// - Complexity: O(terms of both sides).
public func + <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    let l = lhs.expression, r = rhs.expression
    return Expression(l.terms + r.terms, constant: l.constant + r.constant)
}

/// The difference of two numbers, variables, terms or expressions: `x - y - 8`.
/// - Complexity: O(terms of both sides).
public func - <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    lhs + -rhs.expression
}
