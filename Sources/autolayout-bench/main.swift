// autolayout-bench: runs the solver workloads of ../shared/bench the way kiwi's harness does
// and prints the same JSON line, so that compare.py can set the two side by side.
import Cassowary
import Foundation

let usage = """
    usage: autolayout-bench workload FILE [--repeat N]
           autolayout-bench layout [--sizes 100,1000,10000] [--repeat N]
           autolayout-bench feed [--counts 1,10,100,1000] [--repeat N]
           autolayout-bench table [--rows 10000] [--repeat N]
           autolayout-bench solve < SYSTEMS

    Runs a solver workload (../shared/bench/README.md: setup, add, check, step, remove) N times
    (default 3) with a fresh solver each time and prints one JSON line of medians.
    `layout` lays out N independent views (each placed by four constraints) for each size,
    then changes one constant and lays out again, and prints one JSON line per size of medians
    and a summary with the growth ratios.
    `feed` fits LayoutKit's feed item (../shared/spec/feed-item.md) at widths 320 and 375 for each
    count: a fresh view tree per item, one reused sizing tree, and hand-written arithmetic; one
    JSON line per width and count with microseconds per item and the ratios to manual.
    `table` measures self-sizing subtitle rows at 375 points: a fresh cell per row (the first
    1,000), one reused sizing cell through ListLayout (serially, and on one task per core), and
    by hand; one JSON line.
    `solve` reads systems from standard input, one statement a line (`#` starts a comment):
    `system NAME` starts one (a fresh solver), `vars N`, `edit I STRENGTH`, `suggest I VALUE` and
    `c STRENGTH OP CONST [COEF I]…` as in a workload but run where they stand (a rejected
    required constraint is noted), `remove K` removes the system's K-th `c` statement (from 0) if
    the solver holds it, and `solve` prints one tab-separated line: NAME, the number of the
    `solve` in its system (from 0), every variable's value, the indices of the variables the
    optimum leaves open (Solver.isAmbiguous), and the indices of the rejected `c` statements;
    lists are space-separated. .ci/differential.py compares these lines with kiwisolver.
    Exit status: 0 when it ran, 1 when an accepted required constraint was violated (or a
    layout came out wrong), 64 on bad usage, 65 on a bad workload file (or `solve` input).
    """

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(status)
}

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.isEmpty ? .nan : s[s.count / 2]
}

func json(_ x: Double) -> String {
    x.isFinite ? String(format: "%.6g", x) : "null"
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--help" || arguments.first == "-h" {
    print(usage)
    exit(0)
}
/// The options after a subcommand, each with a value that is positive integers separated by
/// commas: `--sizes 100,1000`, `--repeat 3`. Unknown or malformed options exit 64.
func integerOptions(_ rest: ArraySlice<String>, allowed: Set<String>) -> [String: [Int]] {
    var rest = rest
    var options: [String: [Int]] = [:]
    while let option = rest.first {
        rest = rest.dropFirst()
        guard allowed.contains(option) else { fail("unknown option '\(option)'\n\(usage)", status: 64) }
        guard let value = rest.first else { fail("option '\(option)' needs a value\n\(usage)", status: 64) }
        rest = rest.dropFirst()
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Int($0) }
        guard !numbers.isEmpty, numbers.count == parts.count, numbers.allSatisfy({ $0 > 0 }) else {
            fail("\(option) takes positive integers separated by commas\n\(usage)", status: 64)
        }
        options[option] = numbers
    }
    return options
}

switch arguments.first {
case "table":
    let options = integerOptions(arguments.dropFirst(), allowed: ["--rows", "--repeat"])
    await runTableBenchmark(rows: options["--rows"]?.last ?? 10000, repeatCount: options["--repeat"]?.last ?? 3)
    exit(0)
case "feed":
    let options = integerOptions(arguments.dropFirst(), allowed: ["--counts", "--repeat"])
    runFeedBenchmark(counts: options["--counts"] ?? [1, 10, 100, 1000], widths: [320, 375],
                     repeatCount: options["--repeat"]?.last ?? 3)
    exit(0)
case "solve":
    guard arguments.count == 1 else { fail("'solve' takes no arguments: it reads standard input\n\(usage)", status: 64) }
    runSolveCommand(lines: sequence(state: ()) { _ in readLine() })
case "layout":
    let options = integerOptions(arguments.dropFirst(), allowed: ["--sizes", "--repeat"])
    runLayoutBenchmark(sizes: options["--sizes"] ?? [100, 1000, 10000], repeatCount: options["--repeat"]?.last ?? 5)
    exit(0)
default:
    break
}
guard arguments.count >= 2, arguments[0] == "workload" else {
    fail("expected 'workload FILE', 'layout', 'feed', 'table' or 'solve'\n\(usage)", status: 64)
}
let repeatCount = integerOptions(arguments.dropFirst(2), allowed: ["--repeat"])["--repeat"]?.last ?? 3

let path = arguments[1]
guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)", status: 65) }
let workload: Workload
do { workload = try Workload(text: text) } catch { fail("\(path):\(error)", status: 65) }

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

/// Runs the phases `repeatCount` times; returns the JSON line and whether a violation occurred.
func run(_ workload: Workload, repeatCount: Int) -> (String, Bool) {
    var addTimes: [Double] = [], stepTimes: [Double] = [], removeTimes: [Double] = []
    var accepted = 0, rejected = 0, violations = 0
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
    let stepField = stepTimes.isEmpty ? "null" : json(median(stepTimes))
    let line = ("{\"workload\":\"\(workload.name)\",\"engine\":\"autolayout\",\"constraints\":\(workload.rows.count),"
          + "\"accepted\":\(accepted),\"rejected\":\(rejected),\"violations\":\(violations),"
          + "\"add_ms\":\(json(median(addTimes) * 1e3)),\"step_us\":\(stepField),\"remove_ms\":\(json(median(removeTimes) * 1e3))}")
    return (line, violations > 0)
}

let (line, failed) = run(workload, repeatCount: repeatCount)
print(line)
exit(failed ? 1 : 0)
