import Cassowary
import Foundation
import HeapProbe

/// A solver workload of ../shared/bench (format: its README): variables, edit variables,
/// constraints `CONST + Σ COEF·x OP 0`, and steps of suggestions.
struct Workload {
    struct Row {
        var strength: Strength
        var relation: Relation
        var constant: Double
        var terms: [(Double, Int)]

        /// The constraint over `variables`, indexed as the workload's variables.
        func constraint(_ variables: [Variable]) -> Constraint {
            Constraint(expression: Expression(terms.map { Term(variables[$0.1], $0.0) }, constant: constant),
                       relation: relation, strength: strength)
        }
    }

    var name = ""
    var variableCount = 0
    var edits: [(Int, Strength)] = []
    var suggestions: [(Int, Double)] = []
    var rows: [Row] = []
    var steps: [[(Int, Double)]] = []

    struct ParseError: Error, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    init(text: String) throws(ParseError) {
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let keyword = words.first else { continue }
            func fail(_ message: String) -> ParseError { ParseError(line: lineNumber, message: message) }
            func number(_ word: String) throws(ParseError) -> Double { try Workload.number(word, line: lineNumber) }
            func index(_ word: String) throws(ParseError) -> Int {
                try Workload.index(word, variableCount: variableCount, line: lineNumber)
            }
            switch keyword {
            case "name":
                if words.count == 2 { name = words[1] }  // `name I LABEL` labels a variable: ignored here
            case "vars":
                guard words.count == 2, let n = Int(words[1]), n >= 0 else { throw fail("expected 'vars N'") }
                variableCount = n
            case "edit":
                guard words.count == 3 else { throw fail("expected 'edit I STRENGTH'") }
                edits.append((try index(words[1]), try Workload.strength(words[2], line: lineNumber)))
            case "suggest":
                guard words.count == 3 else { throw fail("expected 'suggest I VALUE'") }
                suggestions.append((try index(words[1]), try number(words[2])))
            case "c":
                rows.append(try Workload.row(words, variableCount: variableCount, line: lineNumber))
            case "step":
                var step: [(Int, Double)] = []
                for pair in words.dropFirst() {
                    let parts = pair.split(separator: "=").map(String.init)
                    guard parts.count == 2 else { throw fail("expected I=VALUE, found '\(pair)'") }
                    step.append((try index(parts[0]), try number(parts[1])))
                }
                steps.append(step)
            default:
                throw fail("unknown statement '\(keyword)'")
            }
        }
    }

    /// A finite number.
    static func number(_ word: String, line: Int) throws(ParseError) -> Double {
        guard let x = Double(word), x.isFinite else {
            throw ParseError(line: line, message: "expected a finite number, found '\(word)'")
        }
        return x
    }

    /// A variable index in `0..<variableCount`.
    static func index(_ word: String, variableCount: Int, line: Int) throws(ParseError) -> Int {
        guard let i = Int(word), i >= 0, i < variableCount else {
            throw ParseError(line: line, message: "expected a variable index in 0..<\(variableCount), found '\(word)'")
        }
        return i
    }

    /// The constraint of a `c STRENGTH OP CONST [COEF I]…` statement, split into words.
    static func row(_ words: [String], variableCount: Int, line: Int) throws(ParseError) -> Row {
        guard words.count >= 4, words.count % 2 == 0 else {
            throw ParseError(line: line, message: "expected 'c STRENGTH OP CONST [COEF I]…'")
        }
        let relation: Relation
        switch words[2] {
        case "==": relation = .equal
        case "<=": relation = .lessThanOrEqual
        case ">=": relation = .greaterThanOrEqual
        default: throw ParseError(line: line, message: "expected ==, <= or >=, found '\(words[2])'")
        }
        var terms: [(Double, Int)] = []
        var i = 4
        while i < words.count {
            terms.append((try number(words[i], line: line), try index(words[i + 1], variableCount: variableCount, line: line)))
            i += 2
        }
        return Row(strength: try strength(words[1], line: line), relation: relation,
                   constant: try number(words[3], line: line), terms: terms)
    }

    /// `required`, or `strong` / `medium` / `weak` with an optional `*WEIGHT` (the README's STRENGTH).
    static func strength(_ word: String, line: Int) throws(ParseError) -> Strength {
        if word == "required" { return .required }
        let parts = word.split(separator: "*", maxSplits: 1).map(String.init)
        let level: Double
        switch parts[0] {
        case "strong": level = Strength.strong.priority
        case "medium": level = Strength.medium.priority
        case "weak": level = Strength.weak.priority
        default: throw ParseError(line: line, message: "unknown strength '\(word)'")
        }
        var weight = 1.0
        if parts.count == 2 {
            guard let w = Double(parts[1]), w.isFinite, w > 0 else {
                throw ParseError(line: line, message: "expected a positive weight in '\(word)'")
            }
            weight = w
        }
        return Strength(level, weight: weight)
    }
}

// MARK: Running

/// Whether a required constraint's residual exceeds the harness tolerance.
func violated(_ row: Workload.Row, _ solver: Solver, _ variables: [Variable]) -> Bool {
    var residual = row.constant
    for (coefficient, i) in row.terms { residual += coefficient * solver.value(of: variables[i]) }
    let tolerance = 1e-6 * max(1, abs(row.constant))
    switch row.relation {
    case .equal: return abs(residual) > tolerance
    case .greaterThanOrEqual: return residual < -tolerance
    case .lessThanOrEqual: return residual > tolerance
    }
}

/// Medians of a workload's phases (../shared/bench/README.md) and the solver's heap.
struct WorkloadResult {
    var name: String
    var constraints, accepted, rejected, violations: Int
    var addSeconds: Double
    /// One step of the edit loop, in microseconds; nil when the workload has no steps.
    var stepMicroseconds: Double?
    var removeSeconds: Double
    /// Heap bytes the solver took for its constraints (NaN where the C library does not say).
    var heapBytes: Double

    var bytesPerConstraint: Double { heapBytes / Double(max(accepted, 1)) }

    /// The JSON line compare.py reads, with the heap figures added.
    var json: String {
        let step = stepMicroseconds.map(jsonNumber) ?? "null"
        return "{\"workload\":\"\(name)\",\"engine\":\"autolayout\",\"constraints\":\(constraints),"
            + "\"accepted\":\(accepted),\"rejected\":\(rejected),\"violations\":\(violations),"
            + "\"add_ms\":\(jsonNumber(addSeconds * 1e3)),\"step_us\":\(step),\"remove_ms\":\(jsonNumber(removeSeconds * 1e3)),"
            + "\"heap_bytes\":\(jsonNumber(heapBytes)),\"bytes_per_constraint\":\(jsonNumber(bytesPerConstraint))}"
    }
}

/// Runs the phases `repeatCount` times, each with a fresh solver.
func run(_ workload: Workload, repeatCount: Int) -> WorkloadResult {
    var addTimes: [Double] = [], stepTimes: [Double] = [], removeTimes: [Double] = []
    var accepted = 0, rejected = 0, violations = 0, heapBytes: [Double] = []
    for _ in 0..<repeatCount {
        // 1. setup (untimed)
        let variables = (0..<workload.variableCount).map { Variable("x\($0)") }
        let constraints = workload.rows.map { $0.constraint(variables) }
        var solver = Solver()
        do {
            for (i, strength) in workload.edits { try solver.addEditVariable(variables[i], strength: strength) }
            for (i, value) in workload.suggestions { try solver.suggestValue(variables[i], value) }
        } catch {
            fail("setup failed: \(error)", status: 65)
        }
        // 2. add (timed)
        var added: [Constraint] = []
        added.reserveCapacity(constraints.count)
        rejected = 0
        let heapBefore = heap_bytes_in_use()
        var t0 = now()
        for c in constraints {
            do {
                try solver.add(c)
                added.append(c)
            } catch {
                rejected += 1
            }
        }
        addTimes.append(now() - t0)
        // What the solver holds for its constraints: the constraints themselves were built
        // before, and `added` was reserved whole.
        if heapBefore >= 0 { heapBytes.append(Double(heap_bytes_in_use() - heapBefore)) }
        accepted = added.count
        // 3. check (untimed)
        solver.updateVariables()
        let requiredRows = workload.rows.indices.filter { solver.contains(constraints[$0]) && workload.rows[$0].strength.isRequired }
        violations = requiredRows.filter { violated(workload.rows[$0], solver, variables) }.count
        // 4. step (timed)
        if !workload.steps.isEmpty {
            var k = 0, loops = 0
            t0 = now()
            while loops < workload.steps.count || (loops < 1_000_000 && now() - t0 < 0.3) {
                for (i, value) in workload.steps[k] {
                    do { try solver.suggestValue(variables[i], value) } catch { fail("step failed: \(error)", status: 65) }
                }
                solver.updateVariables()
                k = (k + 1) % workload.steps.count
                loops += 1
            }
            stepTimes.append((now() - t0) / Double(loops) * 1e6)
            violations += requiredRows.filter { violated(workload.rows[$0], solver, variables) }.count
        }
        // 5. remove (timed)
        t0 = now()
        for c in added.reversed() {
            do { try solver.remove(c) } catch { fail("remove failed: \(error)", status: 65) }
        }
        removeTimes.append(now() - t0)
    }
    return WorkloadResult(name: workload.name, constraints: workload.rows.count, accepted: accepted, rejected: rejected,
                          violations: violations, addSeconds: median(addTimes),
                          stepMicroseconds: stepTimes.isEmpty ? nil : median(stepTimes),
                          removeSeconds: median(removeTimes), heapBytes: median(heapBytes))
}
