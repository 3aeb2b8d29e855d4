// `autolayout-bench solve`: solves many small systems read from standard input in one process
// and prints what each `solve` statement finds, for .ci/differential.py to hold against kiwi.
import Cassowary
import Foundation

/// The state of the system being read: its solver, its variables and its `c` statements.
private struct SolveSystem {
    var name: String
    var solver = Solver()
    var variables: [Variable] = []
    /// The constraint of each `c` statement in order, or nil where the solver rejected it.
    var constraints: [Constraint?] = []
    var checkpoint = 0

    init(name: String) { self.name = name }

    /// The output line of a `solve` statement: name, checkpoint, values, the indices of the
    /// variables the optimum leaves open, and the indices of the rejected `c` statements;
    /// tab-separated, each list space-separated (possibly empty).
    mutating func solveLine() -> String {
        solver.updateVariables()
        let values = variables.map { "\(solver.value(of: $0))" }
        let open = variables.indices.filter { solver.checkAmbiguity(of: variables[$0]) }
        let rejected = constraints.indices.filter { constraints[$0] == nil }
        defer { checkpoint += 1 }
        return [name, "\(checkpoint)", values.joined(separator: " "), open.map(String.init).joined(separator: " "),
                rejected.map(String.init).joined(separator: " ")].joined(separator: "\t")
    }
}

/// Runs the statements of `lines` (the format is in the usage text) and prints one line per
/// `solve`. Exits 65 with `error: line N: …` on a malformed statement or a solver error other
/// than a rejected required constraint.
func runSolveCommand(lines: some Sequence<String>) -> Never {
    var system: SolveSystem?
    var lineNumber = 0
    do {
        for raw in lines {
            lineNumber += 1
            try runSolveStatement(raw, line: lineNumber, system: &system)
        }
    } catch let error as Workload.ParseError {
        fail("\(error)", status: 65)
    } catch {
        fail("line \(lineNumber): \(error)", status: 65)
    }
    exit(0)
}

private func runSolveStatement(_ raw: String, line: Int, system: inout SolveSystem?) throws {
    let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
    guard let keyword = words.first else { return }
    if keyword == "system" {
        guard words.count == 2 else { throw Workload.ParseError(line: line, message: "expected 'system NAME'") }
        system = SolveSystem(name: words[1])
    } else if system == nil {
        throw Workload.ParseError(line: line, message: "expected 'system NAME' before '\(keyword)'")
    } else {
        try system!.run(words, line: line)
    }
}

extension SolveSystem {
    /// Runs one statement other than `system`.
    mutating func run(_ words: [String], line: Int) throws {
        func parseError(_ message: String) -> Workload.ParseError { Workload.ParseError(line: line, message: message) }
        let n = variables.count
        switch words[0] {
        case "vars":
            guard words.count == 2, let count = Int(words[1]), count >= 0 else { throw parseError("expected 'vars N'") }
            guard variables.isEmpty else { throw parseError("'vars' given twice") }
            variables = (0..<count).map { Variable("x\($0)") }
        case "edit":
            guard words.count == 3 else { throw parseError("expected 'edit I STRENGTH'") }
            let variable = variables[try Workload.index(words[1], variableCount: n, line: line)]
            try solver.addEditVariable(variable, strength: try Workload.strength(words[2], line: line))
        case "suggest":
            guard words.count == 3 else { throw parseError("expected 'suggest I VALUE'") }
            let variable = variables[try Workload.index(words[1], variableCount: n, line: line)]
            try solver.suggestValue(variable, try Workload.number(words[2], line: line))
        case "c":
            let constraint = try Workload.row(words, variableCount: n, line: line).constraint(variables)
            do throws(SolverError) {
                try solver.add(constraint)
                constraints.append(constraint)
            } catch {
                switch error {
                case .unsatisfiable, .imprecise: constraints.append(nil)
                default: throw error
                }
            }
        case "remove":
            guard words.count == 2, let k = Int(words[1]), constraints.indices.contains(k) else {
                throw parseError("expected 'remove K' with K the index of an earlier 'c' statement")
            }
            if let constraint = constraints[k], solver.contains(constraint) { try solver.remove(constraint) }
        case "solve":
            print(solveLine())
        default:
            throw parseError("unknown statement '\(words[0])'")
        }
    }
}
