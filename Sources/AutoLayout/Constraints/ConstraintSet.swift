/// A named group of constraints switched on and off together, such as a compact and a regular
/// layout (UIKit has no such type: apps keep two arrays and call `deactivate` then `activate`).
///
/// ```swift
/// let wide = ConstraintSet("wide", [sidebar.widthAnchor.constraint(equalToConstant: 100),
///                                   content.leadingAnchor.constraint(equalTo: sidebar.trailingAnchor)])
/// let narrow = ConstraintSet("narrow", [sidebar.heightAnchor.constraint(equalToConstant: 44),
///                                       content.topAnchor.constraint(equalTo: sidebar.bottomAnchor)])
/// wide.activate()
/// wide.swap(to: narrow)   // one batch: no layout pass sees both sets, or neither
/// ```
///
/// <doc:GettingStarted> has the whole example.
public final class ConstraintSet {
    /// The set's name, for diagnostics.
    public let name: String
    /// The constraints of the set.
    public let constraints: [LayoutConstraint]

    /// Creates a set; it starts inactive.
    public init(_ name: String, _ constraints: [LayoutConstraint]) {
        self.name = name
        self.constraints = constraints
    }

    /// Whether every constraint of the set is active.
    public var isActive: Bool { !constraints.isEmpty && constraints.allSatisfy(\.isActive) }

    /// Activates the set as one batch.
    public func activate() { LayoutConstraint.activate(constraints) }

    /// Deactivates the set as one batch.
    public func deactivate() { LayoutConstraint.deactivate(constraints) }

    /// Deactivates this set and activates `other` in the same batch: the engine removes the
    /// old constraints and adds the new ones in one pass, so no intermediate layout exists and
    /// a constraint in both sets stays active throughout.
    public func swap(to other: ConstraintSet) {
        let keep = Set(other.constraints.map(ObjectIdentifier.init))
        LayoutConstraint.deactivate(constraints.filter { !keep.contains(ObjectIdentifier($0)) })
        LayoutConstraint.activate(other.constraints)
    }
}
