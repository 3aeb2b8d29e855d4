import AutoLayout

extension LayoutModel {
    /// Builds the views and constraints, runs the statements in order and evaluates each
    /// expectation where it stands; then lays out every root and reports, under `path`.
    func run(path: String) -> CheckResult {
        let runner = Runner(model: self, path: path)
        runner.runAll()
        return runner.result
    }
}

/// The half-point grid expectations compare on (@2x pixels): both sides are rounded to it.
let expectationGrid = 0.5

/// Runs one file (a class: the engines' handlers record into it).
private final class Runner: HierarchyMaker {
    var result: CheckResult
    var sets: [ConstraintSet?]
    var activeSet: Int?
    var fitted: [ViewRef: Size] = [:]
    var broken: [LayoutConstraint] = []
    /// How many of the conflicts so far an `expect conflicts` or `expect broken` line came after.
    var conflictsCovered = 0

    init(model: LayoutModel, path: String) {
        result = CheckResult(path: path)
        sets = Array(repeating: nil, count: model.sets.count)
        super.init(model: model)
    }

    /// The root views made so far, in declaration order.
    var roots: [View] = []

    func runAll() {
        for statement in model.statements { run(statement) }
        for root in roots { root.layoutIfNeeded() }
        collect()
    }

    // MARK: Statements

    func run(_ statement: Statement) {
        switch statement {
        case .makeView(let i):
            let v = makeView(i)
            if model.views[i].parent == nil {
                roots.append(v)
                let engine = v.layoutEngine
                engine.onUnsatisfiable = { [weak self] conflict in self?.record(conflict) }
                engine.onFittingIssue = { [weak self] issue in self?.result.fittingIssues.append(issue.message) }
            }
        case .makeGuide(let g): makeGuide(g)
        case .constraint(let line): install(line)
        case .makeSet(let s): sets[s] = ConstraintSet(model.sets[s].name, model.sets[s].lines.flatMap(make))
        case .activate(let s):
            if let a = activeSet, a != s { sets[a]!.swap(to: sets[s]!) } else { sets[s]!.activate() }
            activeSet = s
        case .deactivate(let s):
            sets[s]!.deactivate()
            if activeSet == s { activeSet = nil }
        case .layout(let i, let size):
            let root = views[i]!
            if let size { root.frame = Rect(origin: root.frame.origin, size: size) }
            root.layoutIfNeeded()
        case .fit(let ref, let width):
            let v = view(ref)
            if let width {
                if case .view = ref, let cell = v as? SelfSizingCell {
                    fitted[ref] = cell.preferredLayoutSize(fittingWidth: width)
                } else {
                    fitted[ref] = v.systemLayoutSizeFitting(Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                            verticalFittingPriority: .fittingSizeLevel)
                }
            } else {
                fitted[ref] = v.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
            }
        case .setConstant(let identifier, let value, _): byIdentifier[identifier]?.constant = value
        case .setHidden(let ref, let hidden): view(ref).isHidden = hidden
        case .setText(let ref, let text): (view(ref) as? Label)?.text = text
        case .expect(let expectation): evaluate(expectation)
        }
    }

    func record(_ conflict: UnsatisfiableConstraints) {
        var itemNames: [String] = []
        for c in conflict.constraints {
            for object in [c.firstItem, c.secondItem] {
                if let object, let name = names[ObjectIdentifier(object)], !itemNames.contains(name) { itemNames.append(name) }
            }
        }
        broken.append(conflict.broken)
        result.conflicts.append(CheckResult.Conflict(message: conflict.message, constraints: conflict.constraints.map(\.description),
                                                     broken: conflict.broken.description, itemNames: itemNames))
    }

    // MARK: Expectations

    func rect(_ ref: ItemRef, absolute: Bool) -> Rect {
        let it = item(ref)
        if let v = it as? View { return absolute ? absoluteFrame(v) : v.frame }
        let guide = it as! LayoutGuide
        guard absolute, let owner = guide.owningView else { return guide.layoutFrame }
        let base = absoluteFrame(owner)
        return Rect(x: base.minX + guide.layoutFrame.minX, y: base.minY + guide.layoutFrame.minY,
                    width: guide.layoutFrame.width, height: guide.layoutFrame.height)
    }

    func absoluteFrame(_ v: View) -> Rect {
        guard let superview = v.superview else { return Rect(origin: .zero, size: v.frame.size) }
        let base = absoluteFrame(superview)
        return Rect(x: base.minX + v.frame.minX, y: base.minY + v.frame.minY, width: v.frame.width, height: v.frame.height)
    }

    func holds(_ actual: [Double], _ expected: Expected) -> Bool {
        func grid(_ x: Double) -> Double { (x / expectationGrid).rounded() * expectationGrid }
        for (a, e) in zip(actual, expected.values) {
            let (ga, ge) = (grid(a), grid(e))
            switch expected.relation {
            case .equal: if abs(ga - ge) > expected.tolerance { return false }
            case .lessThanOrEqual: if ga > ge + expected.tolerance { return false }
            case .greaterThanOrEqual: if ga < ge - expected.tolerance { return false }
            }
        }
        return true
    }

    func shown(_ values: [Double]) -> String {
        values.count == 1 ? formatted(values[0]) : "(" + values.map(formatted).joined(separator: ", ") + ")"
    }

    /// `got (8, 8, 100, 20.5): height off by -9.5` or `got 50, 10 over the 40 allowed`: the value,
    /// then each part that misses and by how much.
    func mismatch(_ actual: [Double], _ expected: Expected, parts: [String]) -> String {
        var misses: [String] = []
        for (i, (a, e)) in zip(actual, expected.values).enumerated()
        where !holds([a], Expected(relation: expected.relation, values: [e], tolerance: expected.tolerance)) {
            let name = actual.count == 1 ? "" : parts[i] + " "
            let by = formatted(abs(a - e))
            switch expected.relation {
            case .equal: misses.append("\(name)off by \(a > e ? "+" : "-")\(by)")
            case .lessThanOrEqual: misses.append("\(name)\(by) over the \(formatted(e)) allowed")
            case .greaterThanOrEqual: misses.append("\(name)\(by) under the \(formatted(e)) required")
            }
        }
        let tolerance = expected.tolerance > 0 ? " (tolerance \(formatted(expected.tolerance)))" : ""
        return "got \(shown(actual))" + (actual.count == 1 ? ", " : ": ") + misses.joined(separator: ", ") + tolerance
    }

    /// Why a view may not be where it was expected: its layout is ambiguous, or a constraint on
    /// it was broken.
    func context(for ref: ItemRef) -> String {
        let owner: ViewRef
        switch ref {
        case .view(let r), .margins(let r), .safeArea(let r): owner = r
        case .guide: return ""
        }
        let v = view(owner)
        let open = v.ambiguousFrameComponents
        if !open.isEmpty { return "; \(model.name(of: owner)) is ambiguous (\(open.joined(separator: ", ")) open)" }
        let mentioning = broken.filter { $0.firstItem === v || $0.secondItem === v }
        if let c = mentioning.first { return "; the broken constraint \(c) is on \(model.name(of: owner))" }
        return ""
    }

    func evaluate(_ expectation: Expectation) {
        for root in roots { root.layoutIfNeeded() }
        var failure: String?
        var values: (expected: [Double], actual: [Double]) = ([], [])
        switch expectation.kind {
        case .geometry(let ref, let property, let expected):
            let r = rect(ref, absolute: property == "absoluteFrame")
            let actual: [Double]
            switch property {
            case "frame", "absoluteFrame": actual = [r.minX, r.minY, r.width, r.height]
            case "x", "minX": actual = [r.minX]
            case "y", "minY": actual = [r.minY]
            case "width": actual = [r.width]
            case "height": actual = [r.height]
            case "midX": actual = [r.midX]
            case "maxX": actual = [r.maxX]
            case "midY": actual = [r.midY]
            default: actual = [r.maxY]
            }
            if !holds(actual, expected) {
                let parts = property.hasSuffix("rame") ? ["x", "y", "width", "height"] : [property]
                failure = mismatch(actual, expected, parts: parts) + context(for: ref)
                values = (expected.values, actual)
            }
        case .fitted(let ref, let property, let expected):
            if let size = fitted[ref] {
                let actual = property == "fitted" ? [size.width, size.height] : property == "fittedWidth" ? [size.width] : [size.height]
                if !holds(actual, expected) {
                    let parts = property == "fitted" ? ["width", "height"] : [property]
                    failure = mismatch(actual, expected, parts: parts) + context(for: .view(ref))
                    values = (expected.values, actual)
                }
            } else {
                failure = "'\(model.name(of: ref))' was not fitted: add `fit \(model.name(of: ref)) width W` before this line"
            }
        case .conflicts(let expected):
            conflictsCovered = result.conflicts.count
            if !holds([Double(result.conflicts.count)], expected) {
                failure = "got \(result.conflicts.count)" + (broken.isEmpty ? "" : " (\(brokenSummary()))")
                values = (expected.values, [Double(result.conflicts.count)])
            }
        case .brokenIdentifier(let id):
            conflictsCovered = result.conflicts.count
            if !broken.contains(where: { $0.identifier == id }) { failure = brokenSummary() }
        case .brokenEquation(let d):
            conflictsCovered = result.conflicts.count
            let first = item(d.first), second = d.second.map(item)
            let found = broken.contains { c in
                c.firstItem === first && c.firstAttribute == d.firstAttribute && c.relation == d.relation
                    && c.secondItem === second && (second == nil || c.secondAttribute == d.secondAttribute)
                    && c.multiplier == d.multiplier && c.constant == d.constant
            }
            if !found { failure = brokenSummary() }
        case .ambiguous(let ref, let expectAmbiguous):
            if let ref {
                let open = view(ref).ambiguousFrameComponents
                if open.isEmpty == expectAmbiguous {
                    failure = open.isEmpty ? "it is not ambiguous" : "it is ambiguous (\(open.joined(separator: ", ")) open)"
                }
            } else {
                let ambiguous = ambiguousViews().map(\.name)
                if !ambiguous.isEmpty { failure = "ambiguous: " + ambiguous.joined(separator: ", ") }
            }
        }
        if let failure {
            result.expectationFailures.append(CheckResult.ExpectationFailure(
                line: expectation.line, text: expectation.text, message: failure, expected: values.expected, actual: values.actual))
        } else {
            result.expectationsPassed += 1
        }
    }

    func brokenSummary() -> String {
        broken.isEmpty ? "no constraint was broken" : "broken: " + broken.map(\.description).joined(separator: "; ")
    }

    // MARK: Results

    typealias ViewEntry = (name: String, className: String, superview: String?, view: View, margins: Bool, label: String?)

    /// Every created view with its name and the index of its declaration: declared views, each
    /// cell followed by its content view.
    func allViews() -> [(index: Int, entry: ViewEntry)] {
        var out: [(Int, ViewEntry)] = []
        for (i, decl) in model.views.enumerated() {
            guard let v = views[i] else { continue }
            out.append((i, (decl.name, decl.properties.className ?? decl.viewClass.rawValue, decl.parent.map(model.name(of:)), v,
                            decl.properties.margins != nil, decl.properties.label)))
            if let content = contentView(of: v) {
                let className = decl.contentName == nil ? String(describing: type(of: content)) : content.descriptionClassName
                out.append((i, (model.name(of: .contentView(i)), className, decl.name, content, decl.contentMargins != nil, nil)))
            }
        }
        return out
    }

    /// The ambiguous views with what is open (`x`, `width`), in declaration order.
    func ambiguousViews() -> [(name: String, open: [String])] {
        let entries = allViews().map(\.entry)
        let open = View.ambiguousFrameComponents(of: entries.map(\.view))
        return zip(entries, open).compactMap { entry, open in open.isEmpty ? nil : (entry.name, open) }
    }

    func collect() {
        var entries = Array(repeating: [ViewEntry](), count: model.views.count)
        for entry in allViews() { entries[entry.index].append(entry.entry) }
        for statement in model.statements {
            switch statement {
            case .makeView(let i):
                guard views[i] != nil else { continue }
                for entry in entries[i] {
                    let outsets = entry.name == model.views[i].name ? model.views[i].properties.alignmentOutsets : nil
                    func outset(_ r: Rect) -> Rect {
                        guard let o = outsets else { return r }
                        return Rect(x: r.minX - o.left, y: r.minY - o.top, width: r.width + o.left + o.right, height: r.height + o.top + o.bottom)
                    }
                    result.views.append(CheckResult.ViewFrame(
                        name: entry.name, className: entry.className, superview: entry.superview, frame: outset(entry.view.frame),
                        absoluteFrame: outset(absoluteFrame(entry.view)), layoutMargins: entry.margins ? entry.view.layoutMargins : nil,
                        isHidden: entry.view.isHidden, label: entry.label))
                }
            case .makeGuide(let g):
                result.views.append(CheckResult.ViewFrame(
                    name: model.guides[g].name, className: "LayoutGuide", superview: model.name(of: model.guides[g].owner),
                    frame: rect(.guide(g), absolute: false), absoluteFrame: rect(.guide(g), absolute: true),
                    layoutMargins: nil, isHidden: false))
            default: continue
            }
        }
        let ambiguous = ambiguousViews()
        result.ambiguousViews = ambiguous.map(\.name)
        result.ambiguous = ambiguous.map { "\($0.name): \($0.open.joined(separator: ", ")) open" }
        result.openComponents = Dictionary(ambiguous.map { ($0.name, Set($0.open)) }, uniquingKeysWith: { a, _ in a })
        // An expectation accounts only for what it covers: conflicts that happened before an
        // `expect conflicts`/`expect broken` line, and the views named by `expect ambiguous NAME`.
        result.conflictsExpected = conflictsCovered == result.conflicts.count
        var excused: Set<String> = []
        for statement in model.statements {
            if case .expect(let e) = statement, case .ambiguous(let ref?, true) = e.kind { excused.insert(model.name(of: ref)) }
        }
        result.ambiguityExpected = result.ambiguousViews.allSatisfy(excused.contains)
    }
}
