/// UIKit's `NSCoder`, for ported code only: there are no nibs or archives here, so no coder
/// exists and `init?(coder:)` is never called. It lets a view subclass's
/// `required init?(coder: NSCoder) { fatalError(…) }` compile with the prefix dropped.
public enum Coder {}
