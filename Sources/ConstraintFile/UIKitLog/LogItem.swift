/// An item as a constraint description prints it: `UILabel:0x7f…'Set lunch'`, a name from the
/// `names:` clause (`name_label`), or `'|'` resolved to the superview the clause names.
public struct LogItem: Hashable, Sendable, CustomStringConvertible {
    /// The class (`UILabel`, `Proto.HeaderView`), or the printed name when the clause gives none.
    public var className: String
    /// `0x…`, when printed or given by the names clause.
    public var address: String?
    /// The quoted label (text or title, cut by UIKit to 25 characters and "...").
    public var label: String?
    /// The name the description used for it (`name_label`, `|`), when it used one.
    public var name: String?

    /// Creates an item.
    public init(className: String, address: String?, label: String? = nil, name: String? = nil) {
        self.className = className
        self.address = address
        self.label = label
        self.name = name
    }

    /// What identifies the view across the constraints of one message: its address, else its name.
    public var identity: String { address ?? name ?? className }

    /// `|` printed without a names clause: some superview, which one the description does not say.
    public var isUnnamedSuperview: Bool { name == "|" && address == nil }

    /// Whether it is a layout guide (`UILayoutGuide`, a stack view's `_UILayoutSpacer`,
    /// `UIFocusGuide`, AppKit's `NSLayoutGuide`…), which the engine does not keep at a size of
    /// zero or more. iOS 7–10's `_UILayoutGuide` (a view controller's top and bottom layout
    /// guide) was a view.
    public var isLayoutGuide: Bool {
        className != "_UILayoutGuide"
            && (className.hasSuffix("LayoutGuide") || className.hasSuffix("FocusGuide") || className == "_UILayoutSpacer")
    }

    /// `Class:0x…'label'`, as UIKit prints it.
    public var description: String {
        var s = address.map { "\(className):\($0)" } ?? (name ?? className)
        if let label { s += "'\(label)'" }
        return s
    }
}
