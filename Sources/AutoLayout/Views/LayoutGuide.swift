/// An invisible rectangle that constraints can use, owned by a view (UIKit's `UILayoutGuide`).
///
/// Use guides for spaces between views, or the view's ``View/layoutMarginsGuide`` and
/// ``View/safeAreaLayoutGuide``.
open class LayoutGuide: LayoutItem, CustomStringConvertible {
    /// The view that owns the guide (set by ``View/addLayoutGuide(_:)``; the view clears it as
    /// it is freed).
    public internal(set) unowned(unsafe) var owningView: View?
    /// A name shown in descriptions (`UILayoutGuide:0x…'UIViewSafeAreaLayoutGuide'`).
    public var identifier: String

    /// Creates a guide; add it to a view with ``View/addLayoutGuide(_:)``.
    public override init() {
        identifier = ""
        super.init()
    }

    init(system identifier: String) {
        self.identifier = identifier
        super.init()
    }

    deinit { reference.object = nil }

    override var hostView: View? { owningView }

    override var debugName: String {
        let name = "\(uikitClassNames[ObjectIdentifier(type(of: self))] ?? qualifiedName(of: type(of: self))):\(addressString)"
        return identifier.isEmpty ? name : name + "'\(identifier)'"
    }

    /// The guide's rectangle in its owning view's coordinates, as of the last layout pass.
    public internal(set) var layoutFrame = Rect.zero

    /// `<UILayoutGuide: 0x…; frame = …>`.
    public var description: String { "<UILayoutGuide: \(addressString); frame = \(layoutFrame)>" }
}
