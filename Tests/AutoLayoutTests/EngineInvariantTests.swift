import Testing
@testable import AutoLayout

/// Random sequences of what apps do to a hierarchy (activate, deactivate, change constants and
/// priorities, move views between superviews, lay out, fit, conflict): the engine's bookkeeping
/// (`LayoutEngine.invariantFaults()`: one owner record per solver constraint, strengths and
/// constants in step with the layout constraints) holds after every step.
@Suite struct EngineInvariantTests {
    /// A small deterministic generator (xorshift64*).
    struct Dice {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12; state ^= state << 25; state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
    }

    @Test(arguments: 1...12)
    func theBookkeepingHoldsAfterEveryOperation(seed: UInt64) {
        var dice = Dice(state: seed &* 0x9E37_79B9_7F4A_7C15 | 1)
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        root.layoutEngine.onUnsatisfiable = { _ in }
        var views: [View] = [root]
        var active: [LayoutConstraint] = []
        var faults: [String] = []
        for step in 0..<80 {
            let operation: String
            switch dice.int(9) {
            case 0, 1:
                // A new view, a label now and then (content sizes, wrapping), under a random one.
                let v: View = dice.int(3) == 0 ? Label(text: "Some words that wrap at a width") : View()
                if let label = v as? Label { label.numberOfLines = 0 }
                v.translatesAutoresizingMaskIntoConstraints = dice.int(4) == 0
                if v.translatesAutoresizingMaskIntoConstraints { v.frame = Rect(x: 5, y: 5, width: 40, height: 20) }
                dice.pick(views).addSubview(v)
                views.append(v)
                operation = "add a view"
            case 2, 3:
                // A constraint between two views of the hierarchy (required ones may conflict).
                let a = dice.pick(Array(views.dropFirst()).isEmpty ? views : Array(views.dropFirst()))
                guard let b = views.first(where: { $0 !== a && ($0 === a.superview || $0.superview === a.superview) }) ?? a.superview else {
                    operation = "nothing to constrain"
                    break
                }
                let c: LayoutConstraint = switch dice.int(4) {
                case 0: a.leadingAnchor.constraint(equalTo: b.leadingAnchor, constant: Double(dice.int(40)))
                case 1: a.topAnchor.constraint(equalTo: b.topAnchor, constant: Double(dice.int(40)))
                case 2: a.widthAnchor.constraint(equalToConstant: Double(dice.int(200)))
                default: a.heightAnchor.constraint(greaterThanOrEqualTo: b.heightAnchor, multiplier: 0.5)
                }
                if dice.int(3) == 0 { c.priority = LayoutPriority(Float(250 + dice.int(750))) }
                c.isActive = true
                active.append(c)
                operation = "activate \(c)"
            case 4:
                guard !active.isEmpty else { operation = "nothing to deactivate"; break }
                let c = active.remove(at: dice.int(active.count))
                c.isActive = false
                operation = "deactivate \(c)"
            case 5:
                guard let c = active.isEmpty ? nil : dice.pick(active) else { operation = "nothing to change"; break }
                c.constant = Double(dice.int(300)) - 50
                operation = "constant of \(c)"
            case 6:
                guard let c = active.isEmpty ? nil : dice.pick(active), !c.priority.isRequired else { operation = "no optional one"; break }
                c.priority = LayoutPriority(Float(1 + dice.int(998)))
                operation = "priority of \(c)"
            case 7:
                guard views.count > 2 else { operation = "nothing to move"; break }
                let v = views[1 + dice.int(views.count - 1)]
                let target = views.first { $0 !== v && !$0.isDescendant(of: v) && dice.int(2) == 0 } ?? root
                target.addSubview(v)
                active.removeAll { !$0.isActive }
                operation = "move \(v.debugName)"
            default:
                let v = dice.pick(views)
                _ = v.systemLayoutSizeFitting(Size(width: 200, height: 0), withHorizontalFittingPriority: .required,
                                              verticalFittingPriority: .fittingSizeLevel)
                operation = "fit \(v.debugName)"
            }
            if dice.int(3) == 0 { root.layoutIfNeeded() }
            let found = root.layoutEngine.invariantFaults()
            if !found.isEmpty {
                faults = ["seed \(seed) step \(step) after \(operation):"] + found
                break
            }
        }
        root.layoutIfNeeded()
        #expect(faults.isEmpty, "\(faults.joined(separator: "\n"))")
        #expect(root.layoutEngine.invariantFaults().isEmpty)
    }
}
