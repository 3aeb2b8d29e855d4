import Cassowary

extension LayoutEngine {
    /// Whether the constraints leave a variable's value open (one no constraint mentions is open).
    func isOpen(_ v: Variable) -> Bool { solver.checkAmbiguity(of: v) }
}

extension View {
    /// Whether another frame satisfies the constraints equally well: the engine cannot tell
    /// where the view goes or how big it is. Applies queued changes first.
    public var hasAmbiguousLayout: Bool {
        let engine = layoutEngine
        engine.flush()
        return [minX, minY, width, height].contains(where: engine.isOpen)
    }

    /// The parts of the frame the constraints leave open, as `"x"`, `"y"`, `"width"` and
    /// `"height"` in that order; empty when the layout is not ambiguous. It is what
    /// ``autolayoutTrace()`` lists after `AMBIGUOUS LAYOUT` for this view, without tracing the
    /// whole hierarchy. Applies queued changes first.
    public var ambiguousFrameComponents: [String] { View.ambiguousFrameComponents(of: [self])[0] }

    /// ``ambiguousFrameComponents`` of many views at once (each in its own hierarchy's
    /// engine): one pass per engine settles every position and size that depends on nothing
    /// open, so checking a whole hierarchy costs about what laying it out does.
    public static func ambiguousFrameComponents(of views: [View]) -> [[String]] {
        var result = [[String]](repeating: [], count: views.count)
        var byEngine: [ObjectIdentifier: (engine: LayoutEngine, indices: [Int])] = [:]
        var order: [ObjectIdentifier] = []
        for (i, v) in views.enumerated() {
            let engine = v.layoutEngine
            let key = ObjectIdentifier(engine)
            if byEngine[key] == nil { byEngine[key] = (engine, []); order.append(key) }
            byEngine[key]!.indices.append(i)
        }
        let names = ["x", "y", "width", "height"]
        for key in order {
            let (engine, indices) = byEngine[key]!
            engine.flush()
            let variables = indices.flatMap { [views[$0].minX, views[$0].minY, views[$0].width, views[$0].height] }
            let open = Set(engine.solver.ambiguousVariables(among: variables).map(\.id))
            for (k, i) in indices.enumerated() {
                result[i] = names.indices.filter { open.contains(variables[4 * k + $0].id) }.map { names[$0] }
            }
        }
        return result
    }

    /// Moves an ambiguously laid-out view to another layout that satisfies its constraints
    /// equally well, so you can see what is missing; calling it again moves it back the other
    /// way. Unlike UIKit's, the move is deterministic: 10 points along each open variable.
    public func exerciseAmbiguityInLayout() {
        let engine = layoutEngine
        engine.layoutIfNeeded()
        let open = [minX, minY, width, height].filter(engine.isOpen)
        guard !open.isEmpty else { return }
        exerciseDirection = -exerciseDirection
        for v in open {
            let target = engine.solver.value(of: v) + 10 * exerciseDirection
            do {
                try engine.solver.addEditVariable(v, strength: Strength(1))
                try engine.solver.suggestValue(v, target)
            } catch { preconditionFailure("layout engine bookkeeping: \(error)") }
        }
        engine.writeAllFrames()
        for v in open { try? engine.solver.removeEditVariable(v) }
    }

    /// The constraints that determine the view's position and size on an axis (UIKit reads
    /// them from the engine's rows), including autoresizing, content-size and guide
    /// constraints, in the order they were activated.
    public func constraintsAffectingLayout(for axis: LayoutConstraint.Axis) -> [LayoutConstraint] {
        let engine = layoutEngine
        engine.flush()
        var result: [LayoutConstraint] = []
        var seen: Set<ObjectIdentifier> = []
        for v in axis == .horizontal ? [minX, width] : [minY, height] {
            for s in engine.solver.constraints(affecting: v) {
                if let c = engine.ownership.owner(of: s), seen.insert(ObjectIdentifier(c)).inserted { result.append(c) }
            }
        }
        return result.sorted { $0.activationSequence < $1.activationSequence }
    }

    /// UIKit's `_autolayoutTrace`: the hierarchy from the root, `•` for the engine's host, `*`
    /// for views laid out by constraints, `+` for views placed by their autoresizing mask, and
    /// `- AMBIGUOUS LAYOUT for …` naming each ambiguous variable.
    public func autolayoutTrace() -> String {
        let engine = layoutEngine
        engine.flush()
        let root = rootView
        var lines: [String] = []
        var index = 0
        func visit(_ v: View, depth: Int) {
            let marker = v === root ? "•" : v.translatesAutoresizingMaskIntoConstraints ? "+" : "*"
            var line = String(repeating: "|   ", count: depth) + marker + v.debugName
            let names = ["minX", "minY", "Width", "Height"]
            let open = zip([v.minX, v.minY, v.width, v.height], names).enumerated()
                .filter { engine.isOpen($0.element.0) }
                .map { "\(v.debugName).\($0.element.1){id: \(4 * index + $0.offset + 1)}" }
            if !open.isEmpty { line += "- AMBIGUOUS LAYOUT for " + open.joined(separator: ", ") }
            lines.append(line)
            index += 1
            for s in v.subviews { visit(s, depth: depth + 1) }
        }
        visit(root, depth: 0)
        return lines.joined(separator: "\n") + """


            Legend:
            \t* - is laid out with auto layout
            \t+ - is laid out manually, but is represented in the layout engine because translatesAutoresizingMaskIntoConstraints = YES
            \t• - layout engine host
            """
    }
}
