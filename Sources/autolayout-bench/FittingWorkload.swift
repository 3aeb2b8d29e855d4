// `autolayout-bench fitting table|feed`: the system a fresh fitting solves, written as a
// workload, so that kiwi's harness and `autolayout-bench workload` can add the same constraints.
import AutoLayout
import Cassowary

/// The one batch a fresh fitting adds: of the table's first row in a fresh cell at 375 points,
/// or of the first feed item in a fresh tree at `width`.
func fittingWorkload(_ subject: String, width: Double) -> String? {
    let target = Size(width: width, height: 0)
    let constraints: [Cassowary.Constraint]
    switch subject {
    case "table":
        let cell = TableViewCell()
        configure(cell, tableRow(0))
        constraints = cell.contentView.fittingSolverConstraints(target, withHorizontalFittingPriority: .required,
                                                                verticalFittingPriority: .fittingSizeLevel)
    case "feed":
        let item = FeedItemView()
        item.configure(FeedItemData(0))
        constraints = item.root.fittingSolverConstraints(target, withHorizontalFittingPriority: .required,
                                                         verticalFittingPriority: .fittingSizeLevel)
    default:
        return nil
    }
    return workloadText(name: "fit-\(subject)", constraints)
}

/// Constraints as a workload file (../shared/bench/README.md), variables numbered in order of
/// first use. A workload has three optional levels, so optional priorities are grouped: above
/// 500 (compression resistance, 750) strong, 250 to 500 (hugging, 250) medium, below 250 (the
/// fitting level, 50) weak, with the constraint's weight. Both solvers then add the same system,
/// which orders its optional constraints as the fitting does in the usual cases.
func workloadText(name: String, _ constraints: [Cassowary.Constraint]) -> String {
    var index: [Variable: Int] = [:]
    var lines: [String] = []
    for c in constraints {
        let p = c.strength.priority
        var strength = p == Strength.requiredPriority ? "required"
            : p > Strength.medium.priority ? "strong" : p >= Strength.weak.priority ? "medium" : "weak"
        if !c.strength.isRequired, c.strength.weight != 1 { strength += "*\(c.strength.weight)" }
        let relation = switch c.relation { case .equal: "=="; case .lessThanOrEqual: "<="; case .greaterThanOrEqual: ">=" }
        var line = "c \(strength) \(relation) \(c.expression.constant)"
        for t in c.expression.terms {
            let i = index[t.variable] ?? index.count
            index[t.variable] = i
            line += " \(t.coefficient) \(i)"
        }
        lines.append(line)
    }
    return "name \(name)\nvars \(index.count)\n" + lines.joined(separator: "\n") + "\n"
}
