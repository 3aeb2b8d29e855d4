/// How much a constraint matters: required, or an optional priority level with a weight.
///
/// Priorities form an exact hierarchy. A solver never accepts more error at a higher level in
/// exchange for less error at lower levels, however many lower-level constraints there are: one
/// constraint at 999 beats a thousand at 998. The weight only trades errors between constraints
/// of the same level (an error at weight 2 costs twice an error at weight 1).
public struct Strength: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The priority level: 1 up to (not including) 1000 for optional constraints, 1000 for
    /// required ones. Fractional levels are distinct levels (UIKit uses 999.5 and 49).
    public let priority: Double
    /// The weight inside the level (always 1 for required constraints).
    public let weight: Double

    /// The priority of required constraints.
    public static let requiredPriority: Double = 1000

    /// Must hold: a solver rejects a required constraint that conflicts with the others.
    public static let required = Strength(uncheckedPriority: 1000, weight: 1)
    /// Priority 750 (UIKit's `defaultHigh`, the default compression resistance).
    public static let strong = Strength(uncheckedPriority: 750, weight: 1)
    /// Priority 500.
    public static let medium = Strength(uncheckedPriority: 500, weight: 1)
    /// Priority 250 (UIKit's `defaultLow`, the default content hugging).
    public static let weak = Strength(uncheckedPriority: 250, weight: 1)

    /// Creates a strength at a priority level, with an optional weight inside that level.
    ///
    /// - Parameters:
    ///   - priority: 1 ≤ priority < 1000 for an optional constraint, 1000 for a required one.
    ///   - weight: A finite, positive multiplier of the error within the level. Ignored for
    ///     required constraints.
    /// - Precondition: `priority` is in 1…1000 and `weight` is finite and positive.
    public init(_ priority: Double, weight: Double = 1) {
        precondition((1...1000).contains(priority),
                     "Strength priority \(priority) is out of range: use 1 up to 999.99… for optional constraints or 1000 (.required).")
        precondition(weight.isFinite && weight > 0,
                     "Strength weight \(weight) is invalid: pass a finite number greater than zero.")
        self.init(uncheckedPriority: priority, weight: priority == 1000 ? 1 : weight)
    }

    private init(uncheckedPriority: Double, weight: Double) {
        self.priority = uncheckedPriority
        self.weight = weight
    }

    /// Whether this is the required strength.
    public var isRequired: Bool { priority == Strength.requiredPriority }

    /// Orders by priority, then by weight.
    public static func < (lhs: Strength, rhs: Strength) -> Bool {
        (lhs.priority, lhs.weight) < (rhs.priority, rhs.weight)
    }

    /// `required`, or the priority with a `*weight` suffix when the weight is not 1.
    public var description: String {
        if isRequired { return "required" }
        let level = priority == priority.rounded() ? "\(Int(priority))" : "\(priority)"
        return weight == 1 ? level : "\(level)*\(weight)"
    }
}
