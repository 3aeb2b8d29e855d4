/// A view that turns touches into actions (UIKit's `UIControl`): the base of ``Button``,
/// ``Switch``, ``Slider`` and ``SegmentedControl``.
///
/// Register closures with ``addAction(_:for:)``; ``sendActions(for:)`` runs them, which is how
/// tests "tap" a control (there are no touches here). A control's state (``state``) picks the
/// title, colour and image a button shows; it does not change the control's size by itself.
open class Control: View {
    /// The states a control can be in, and the states a title or image is set for (UIKit's
    /// `UIControl.State`, with UIKit's bits). `.normal` is the empty set.
    public struct State: OptionSet, Hashable, Sendable {
        /// The state's bits.
        public let rawValue: UInt
        /// A state from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Enabled, not selected, not highlighted: no bit.
        public static let normal = State([])
        /// A touch is down on the control.
        public static let highlighted = State(rawValue: 1 << 0)
        /// The control is disabled (``Control/isEnabled`` is false).
        public static let disabled = State(rawValue: 1 << 1)
        /// The control is selected.
        public static let selected = State(rawValue: 1 << 2)
        /// The control has the focus.
        public static let focused = State(rawValue: 1 << 3)
        /// Bits left to the application.
        public static let application = State(rawValue: 0x00FF_0000)
        /// Bits reserved to the framework.
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// The events actions are registered for and sent for (UIKit's `UIControl.Event`, with
    /// UIKit's bits).
    public struct Event: OptionSet, Hashable, Sendable {
        /// The event's bits.
        public let rawValue: UInt
        /// An event from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A touch went down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A repeated touch went down (a double tap's second touch).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A touch moved inside the control.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A touch moved outside the control.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// A touch moved into the control.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// A touch moved out of the control.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A touch lifted inside the control: a tap.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A touch lifted outside the control.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The system cancelled a touch.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed (a switch flipped, a slider moved).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action fired (a button's tap).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// The control's menu action fired.
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// Editing began in a text control.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// The text of a text control changed.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended in a text control.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Editing ended with the return key.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Bits left to the application.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// Bits reserved to the framework.
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// Where content sits across a control (UIKit's `UIControl.ContentHorizontalAlignment`).
    /// Stored only: it does not change sizes.
    public enum ContentHorizontalAlignment: Int, Sendable {
        /// Centred (the default).
        case center = 0
        /// At the left edge.
        case left
        /// At the right edge.
        case right
        /// Stretched across.
        case fill
        /// At the leading edge.
        case leading
        /// At the trailing edge.
        case trailing
    }

    /// Where content sits up and down a control (UIKit's `UIControl.ContentVerticalAlignment`).
    /// Stored only: it does not change sizes.
    public enum ContentVerticalAlignment: Int, Sendable {
        /// Centred (the default).
        case center = 0
        /// At the top.
        case top
        /// At the bottom.
        case bottom
        /// Stretched down.
        case fill
    }

    /// Whether the control takes input (true by default); false adds `.disabled` to ``state``.
    public var isEnabled = true {
        didSet { if isEnabled != oldValue { stateDidChange() } }
    }
    /// Whether the control is selected; true adds `.selected` to ``state``.
    public var isSelected = false {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }
    /// Whether a touch is down on the control; true adds `.highlighted` to ``state``.
    public var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }
    /// How content is placed across the control (`.center` by default).
    public var contentHorizontalAlignment = ContentHorizontalAlignment.center
    /// How content is placed up and down the control (`.center` by default).
    public var contentVerticalAlignment = ContentVerticalAlignment.center

    /// The actions in the order they were added, each with the events it is registered for.
    private var registrations: [(action: Action, events: Event)] = []

    /// Creates a control with a frame.
    public override init(frame: Rect) { super.init(frame: frame) }

    /// Creates a control with a zero frame.
    public override init() { super.init(frame: .zero) }

    /// The control's state, from ``isEnabled``, ``isSelected`` and ``isHighlighted``.
    public var state: State {
        var s: State = []
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        if isHighlighted { s.insert(.highlighted) }
        return s
    }

    /// Called when ``state`` changed (a button shows the title of the new state).
    func stateDidChange() {}

    /// Registers `action` to run when the control sends any of `events` (UIKit's
    /// `addAction(_:for:)`, iOS 14). An action with the same ``Action/identifier`` as one
    /// already registered replaces it, keeping its place, and is registered for the events of
    /// both.
    ///
    /// Target–action (`addTarget(_:action:for:)` with `#selector`) needs the Objective-C
    /// runtime, which Linux does not have, so it is not offered. Ported code changes one line:
    /// `button.addTarget(self, action: #selector(editTapped), for: .touchUpInside)` becomes
    /// `button.addAction(Action { [unowned self] _ in editTapped() }, for: .touchUpInside)`
    /// (the `@objc` on `editTapped` can stay or go).
    public func addAction(_ action: Action, for events: Event) {
        if let i = registrations.firstIndex(where: { $0.action.identifier == action.identifier }) {
            registrations[i] = (action, registrations[i].events.union(events))
        } else {
            registrations.append((action, events))
        }
    }

    /// Stops running `action` for `events`; it stays registered for its other events (UIKit's
    /// `removeAction(_:for:)`).
    public func removeAction(_ action: Action, for events: Event) {
        removeAction(identifiedBy: action.identifier, for: events)
    }

    /// Stops running the action with `identifier` for `events` (UIKit's
    /// `removeAction(identifiedBy:for:)`).
    public func removeAction(identifiedBy identifier: Action.Identifier, for events: Event) {
        guard let i = registrations.firstIndex(where: { $0.action.identifier == identifier }) else { return }
        let remaining = registrations[i].events.subtracting(events)
        if remaining.isEmpty { registrations.remove(at: i) } else { registrations[i].events = remaining }
    }

    /// The actions registered for any of `events`, in the order they were added.
    public func actions(for events: Event) -> [Action] {
        registrations.filter { !$0.events.isDisjoint(with: events) }.map(\.action)
    }

    /// Runs the actions registered for any of `events`, each once, in the order they were added
    /// (UIKit's `sendActions(for:)`): `sendActions(for: .touchUpInside)` is a tap. The actions
    /// run even when the control is disabled, as UIKit's do when sent from code. An action added
    /// or removed by a handler takes effect from the next send.
    public func sendActions(for events: Event) {
        for action in actions(for: events) { sendAction(action) }
    }

    /// Runs `action` with this control as its ``Action/sender`` (UIKit's `sendAction(_:)`).
    public func sendAction(_ action: Action) {
        let previous = action.sender
        action.sender = self
        defer { action.sender = previous }
        action.handler(action)
    }
}

/// A closure a control runs for its events (UIKit's `UIAction`, iOS 14), with the title and
/// image that menus and buttons show for it.
///
/// `Action { _ in … }` and `Action(title: "Edit", image: Image(systemName: "pencil")) { _ in … }`
/// read as in UIKit. The handler is a plain closure, not `@Sendable`: it runs on the caller's
/// thread, when ``Control/sendActions(for:)`` or ``Control/sendAction(_:)`` is called.
public final class Action {
    /// A name that identifies an action on a control: adding an action with the identifier of one
    /// already registered replaces it (UIKit's `UIAction.Identifier`).
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        /// The name.
        public let rawValue: String
        /// An identifier from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An identifier from its name.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The title a button or menu shows for the action.
    public var title: String
    /// The image a button or menu shows for the action.
    public var image: Image?
    /// The name that identifies the action. Without one given, every action has its own, as
    /// UIKit gives each a unique string: here one made from the action's address, unique while
    /// the action lives (and a control keeps its actions alive).
    public var identifier: Identifier {
        givenIdentifier ?? Identifier("AutoLayout.Action.0x" + String(UInt(bitPattern: ObjectIdentifier(self)), radix: 16))
    }
    private let givenIdentifier: Identifier?
    /// The closure run for the action.
    public let handler: (Action) -> Void
    /// The control running the action, while its handler runs; nil otherwise.
    public internal(set) var sender: AnyObject?

    /// An action running `handler` (UIKit's `init(title:image:identifier:handler:)`).
    public init(title: String = "", image: Image? = nil, identifier: Identifier? = nil, handler: @escaping (Action) -> Void) {
        self.title = title
        self.image = image
        self.givenIdentifier = identifier
        self.handler = handler
    }
}
