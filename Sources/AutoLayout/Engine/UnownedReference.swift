/// A reference that does not keep its object alive and reads nil once the object is gone,
/// because the object clears it as it is freed (views, guides and engines do so in `deinit`).
///
/// Swift's `weak` does the same, but an object that is ever referenced weakly gets a side
/// table, and every retain and release of it then takes a slower path: in a reused-cell fitting
/// that cost a fifth of the time. So nothing in this module refers to views, guides or engines
/// weakly; what may outlive them (constraints, an engine's lists) holds their `reference`, and
/// what they own (subviews, guides, installed constraints) holds a plain `unowned(unsafe)`
/// pointer that the owner clears when it goes.
final class UnownedReference<Object: AnyObject> {
    /// The object, until it is freed.
    unowned(unsafe) var object: Object?

    init() {}
}
