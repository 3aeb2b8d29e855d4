/// UIKit's `NSCoder`, for ported code only: nothing is archived here (nibs are read by
/// ConstraintFile's `Nib`, without a coder), so no coder exists and `init?(coder:)` is never
/// called. It lets a view subclass's `required init?(coder: NSCoder) { fatalError(…) }` compile
/// with the prefix dropped.
public enum Coder {}
