// autolayout-bench: runs the solver workloads of ../shared/bench the way kiwi's harness does
// and prints the same JSON line, so that compare.py can set the two side by side.
import Cassowary
import Foundation

let usage = """
    usage: autolayout-bench workload FILE [--repeat N]
           autolayout-bench layout [--sizes 100,1000,10000] [--repeat N]
           autolayout-bench feed [--counts 1,10,100,1000] [--repeat N]
           autolayout-bench table [--rows 10000] [--repeat N]
           autolayout-bench collection [--items 10000] [--repeat N]
           autolayout-bench cells manual|fresh|unfitted|reused [--rows 1000]
           autolayout-bench scaling [--sizes 100,1000,10000,100000] [--repeat N] [--kiwi HARNESS]
                                    [--kiwi-limit 10000] [--json FILE] [--svg FILE]
           autolayout-bench generate indep|chain SIZE
           autolayout-bench fitting table|feed [--width W]
           autolayout-bench solve < SYSTEMS

    Runs a solver workload (../shared/bench/README.md: setup, add, check, step, remove) N times
    (default 3) with a fresh solver each time and prints one JSON line of medians, with the heap
    bytes the solver took for its constraints (`heap_bytes`, `bytes_per_constraint`: the C
    library's bytes in use before and after the add phase).
    `layout` lays out N independent views (each placed by four constraints) for each size,
    then changes one constant and lays out again, and prints one JSON line per size of medians
    and a summary with the growth ratios.
    `feed` fits LayoutKit's feed item (../shared/spec/feed-item.md) at widths 320 and 375 for each
    count: a fresh view tree per item, one reused sizing tree, and hand-written arithmetic; and,
    as the fresh path's floor, making and configuring a fresh tree without fitting it; one JSON
    line per width and count with microseconds per item, the ratios to manual and the fresh
    path's ratio to its floor.
    `table` measures self-sizing subtitle rows at 375 points: a fresh cell per row (the first
    1,000), one reused sizing cell through ListLayout (serially, and on one task per core), and
    by hand; and, as the fresh path's floor, making and configuring a fresh cell without fitting
    it; one JSON line.
    `cells` does one of those ways (`manual`, `fresh`, `unfitted`, `reused`) once over N rows on
    the main thread, untimed, and prints a checksum: work to count the instructions of, which
    are the same on every run where timings are not (`valgrind --tool=callgrind
    --toggle-collect='*cellsWork*' autolayout-bench cells fresh` counts the way alone).
    `collection` lays out a self-sizing list of the table's rows in a collection view 375 × 667:
    the first screen (how many rows it measured, in how many milliseconds), then screen after
    screen until every row is measured (microseconds per row), against one reused sizing cell
    measuring every row through ListLayout; one JSON line with the ratio.
    `scaling` runs the indep and chain workloads of ../shared/bench at each size (views for
    indep, variables for chain), and kiwi's harness on the same files up to --kiwi-limit when
    --kiwi names it (compare.py builds it into ~/.cache/kiwi-bench/kiwi_harness); prints one JSON
    line per point and writes them all to --json and a log-log chart of microseconds per added
    constraint against size to --svg.
    `generate` prints the workload `scaling` runs for one family and size.
    `fitting` prints, as a workload, the one batch of constraints a fresh fitting adds: of the
    table's first row in a fresh cell, or of the first feed item in a fresh tree, at W points
    (default 375); optional priorities are grouped into the workload's three levels.
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

func jsonNumber(_ x: Double) -> String {
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
case "collection":
    let options = integerOptions(arguments.dropFirst(), allowed: ["--items", "--repeat"])
    runCollectionBenchmark(items: options["--items"]?.last ?? 10000, repeatCount: options["--repeat"]?.last ?? 3)
    exit(0)
case "cells":
    let options = integerOptions(arguments.dropFirst(2), allowed: ["--rows"])
    guard arguments.count >= 2, runCellsWork(arguments[1], count: options["--rows"]?.last ?? 1000) else {
        fail("usage: autolayout-bench cells manual|fresh|unfitted|reused [--rows N]\n\(usage)", status: 64)
    }
    exit(0)
case "table":
    let options = integerOptions(arguments.dropFirst(), allowed: ["--rows", "--repeat"])
    await runTableBenchmark(rows: options["--rows"]?.last ?? 10000, repeatCount: options["--repeat"]?.last ?? 3)
    exit(0)
case "feed":
    let options = integerOptions(arguments.dropFirst(), allowed: ["--counts", "--repeat"])
    runFeedBenchmark(counts: options["--counts"] ?? [1, 10, 100, 1000], widths: [320, 375],
                     repeatCount: options["--repeat"]?.last ?? 3)
    exit(0)
case "scaling":
    var integers: [String] = [], kiwi: String?, jsonPath: String?, svgPath: String?
    var rest = arguments.dropFirst()
    while let option = rest.first {
        rest = rest.dropFirst()
        guard ["--kiwi", "--json", "--svg"].contains(option) else {
            integers.append(option)
            if let value = rest.first { integers.append(value); rest = rest.dropFirst() }
            continue
        }
        guard let value = rest.first else { fail("option '\(option)' needs a value\n\(usage)", status: 64) }
        rest = rest.dropFirst()
        switch option {
        case "--kiwi": kiwi = value
        case "--json": jsonPath = value
        default: svgPath = value
        }
    }
    let options = integerOptions(integers[...], allowed: ["--sizes", "--repeat", "--kiwi-limit"])
    runScalingBenchmark(sizes: options["--sizes"] ?? [100, 1000, 10000, 100000], repeatCount: options["--repeat"]?.last ?? 3,
                        kiwi: kiwi, kiwiLimit: options["--kiwi-limit"]?.last ?? 10000, jsonPath: jsonPath, svgPath: svgPath)
    exit(0)
case "generate":
    guard arguments.count == 3, let family = WorkloadFamily(rawValue: arguments[1]), let size = Int(arguments[2]), size > 1 else {
        fail("usage: autolayout-bench generate indep|chain SIZE (SIZE > 1)\n\(usage)", status: 64)
    }
    print(family.text(size: size), terminator: "")
    exit(0)
case "fitting":
    let width = arguments.count == 4 && arguments[2] == "--width" ? Double(arguments[3]) : arguments.count == 2 ? 375 : nil
    guard let width, width.isFinite, width >= 0, let text = fittingWorkload(arguments[1], width: width) else {
        fail("usage: autolayout-bench fitting table|feed [--width W] (W a width in points)\n\(usage)", status: 64)
    }
    print(text, terminator: "")
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
    fail("expected 'workload FILE', 'layout', 'feed', 'table', 'cells', 'collection', 'scaling', 'generate' or 'solve'\n\(usage)", status: 64)
}
let repeatCount = integerOptions(arguments.dropFirst(2), allowed: ["--repeat"])["--repeat"]?.last ?? 3

let path = arguments[1]
guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)", status: 65) }
let workload: Workload
do { workload = try Workload(text: text) } catch { fail("\(path):\(error)", status: 65) }

let result = run(workload, repeatCount: repeatCount)
print(result.json)
exit(result.violations > 0 ? 1 : 0)
