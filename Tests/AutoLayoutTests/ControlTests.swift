import Testing
@testable import AutoLayout

@Suite struct ControlTests {
    @Test func statesAndEventsHaveUIKitsBits() {
        #expect(Control.State.normal.rawValue == 0 && Control.State.highlighted.rawValue == 1)
        #expect(Control.State.disabled.rawValue == 2 && Control.State.selected.rawValue == 4 && Control.State.focused.rawValue == 8)
        #expect(Control.Event.touchUpInside.rawValue == 64 && Control.Event.valueChanged.rawValue == 4096)
        #expect(Control.Event.primaryActionTriggered.rawValue == 8192)
        #expect(Control.Event.allTouchEvents.contains(.touchUpInside) && !Control.Event.allTouchEvents.contains(.valueChanged))
    }

    @Test func theStateFollowsTheFlags() {
        let control = Control()
        #expect(control.state == .normal && control.isEnabled)
        control.isSelected = true
        control.isHighlighted = true
        #expect(control.state == [.selected, .highlighted])
        control.isEnabled = false
        #expect(control.state == [.disabled, .selected, .highlighted])
        control.isSelected = false
        control.isHighlighted = false
        #expect(control.state == .disabled)
        #expect(control.contentHorizontalAlignment == .center && control.contentVerticalAlignment == .center)
        #expect(control.descriptionClassName == "UIControl")
    }

    @Test func sendActionsRunsTheHandlersInOrder() {
        let control = Control()
        var log: [String] = []
        control.addAction(Action { _ in log.append("first") }, for: .touchUpInside)
        control.addAction(Action { _ in log.append("value") }, for: .valueChanged)
        control.addAction(Action { _ in log.append("second") }, for: [.touchUpInside, .touchDown])
        control.addAction(Action { _ in log.append("any touch") }, for: .allTouchEvents)
        control.sendActions(for: .touchUpInside)
        #expect(log == ["first", "second", "any touch"])
        log = []
        control.sendActions(for: [.touchDown, .touchUpInside, .valueChanged])
        #expect(log == ["first", "value", "second", "any touch"])   // each once
        log = []
        control.sendActions(for: .editingChanged)
        #expect(log.isEmpty)
        // Sent from code, actions run on a disabled control too.
        control.isEnabled = false
        control.sendActions(for: .valueChanged)
        #expect(log == ["value"])
    }

    @Test func theSenderIsTheControlWhileTheHandlerRuns() {
        let control = Control()
        var senders: [AnyObject?] = []
        let action = Action { senders.append($0.sender) }
        control.addAction(action, for: .valueChanged)
        control.sendActions(for: .valueChanged)
        #expect(senders.count == 1 && senders[0] === control)
        #expect(action.sender == nil)
    }

    @Test func anIdentifierReplacesAndRemoves() {
        let control = Control()
        var log: [String] = []
        let id = Action.Identifier("refresh")
        control.addAction(Action(identifier: id) { _ in log.append("old") }, for: .touchUpInside)
        control.addAction(Action { _ in log.append("other") }, for: .touchUpInside)
        control.addAction(Action(title: "Refresh", identifier: id) { _ in log.append("new") }, for: .valueChanged)
        control.sendActions(for: [.touchUpInside])
        #expect(log == ["new", "other"])   // replaced in place, for both events
        #expect(control.actions(for: .valueChanged).map(\.title) == ["Refresh"])
        log = []
        control.removeAction(identifiedBy: id, for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        control.sendActions(for: .valueChanged)
        #expect(log == ["other", "new"])
        control.removeAction(identifiedBy: id, for: .valueChanged)
        #expect(control.actions(for: .allEvents).count == 1)
    }

    @Test func actionsWithoutIdentifiersAreDistinct() {
        let control = Control()
        var count = 0
        let tap = Action { _ in count += 1 }
        control.addAction(tap, for: .touchUpInside)
        control.addAction(tap, for: .touchUpInside)   // the same action: registered once
        control.addAction(Action { _ in count += 10 }, for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        #expect(count == 11)
        #expect(tap.identifier != Action { _ in }.identifier && tap.identifier == tap.identifier)
        control.removeAction(tap, for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        #expect(count == 21)
    }

    /// The one-line port of target–action that `addAction(_:for:)`'s documentation gives.
    @Test func targetActionPortsToAnAction() {
        final class Editor {
            let button = Button(type: .system)
            var edits = 0
            init() { button.addAction(Action { [unowned self] _ in editTapped() }, for: .touchUpInside) }
            func editTapped() { edits += 1 }
        }
        let editor = Editor()
        editor.button.sendActions(for: .touchUpInside)
        editor.button.sendActions(for: .touchUpInside)
        #expect(editor.edits == 2)
    }
}
