import Foundation
import Testing
import Cassowary

// The samples of the Cassowary DocC articles, line for line, with the results their comments
// state. `everySampleIsHere` checks that each ```swift block of the articles appears in this file
// verbatim (up to indentation and one-line `#expect`s between its lines), so an edited sample
// fails until its test is edited too.

/// The DocC catalog, found from this file's path.
private let catalog = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/Cassowary/Cassowary.docc")

/// The ```swift blocks of a markdown text, each as its lines.
private func swiftBlocks(_ markdown: String) -> [[String]] {
    var blocks: [[String]] = [], current: [String]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if current == nil, trimmed == "```swift" {
            current = []
        } else if current != nil, trimmed == "```" {
            blocks.append(current!)
            current = nil
        } else {
            current?.append(String(line))
        }
    }
    return blocks
}

/// Lines without indentation and without blank lines, for comparing code across nesting levels.
private func normalized(_ lines: [String]) -> [String] {
    lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
}

@Suite struct DocumentationExamplesTests {
    @Test func everySampleIsHere() throws {
        // One-line expectations may sit between a sample's lines: they are not part of it.
        let source = normalized(try String(contentsOfFile: #filePath, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            .filter { !$0.hasPrefix("#expect(") }
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }.sorted()
        #expect(articles == ["Cassowary.md", "ChangingASolvedSystem.md", "GettingStartedWithTheSolver.md"])
        for article in articles {
            let text = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
            for block in swiftBlocks(text) {
                let lines = normalized(block)
                let found = source.indices.contains { start in
                    start + lines.count <= source.count && Array(source[start..<(start + lines.count)]) == lines
                }
                #expect(found, "\(article): a sample is not in DocumentationExamplesTests.swift:\n\(block.joined(separator: "\n"))")
            }
        }
    }

    /// The landing page's sample, which is also `Solver`'s doc comment sample.
    @Test func landingPage() throws {
        var solver = Solver()
        let left = Variable("left"), width = Variable("width")
        try solver.add([left == 8, width >= 100, (width == 300).withStrength(.weak)])
        let solved = solver.value(of: width)   // 300
        #expect(solved == 300)
    }

    // MARK: Getting started with the solver

    @Test func variablesAndConstraints() {
        let x = Variable("x"), y = Variable("y")
        let constraint = x + 10 <= y
        print(constraint)                  // x - y + 10 <= 0
        let scaled = (2 * x - y / 2 + 3 == 0).withStrength(Strength(999.5))
        print(scaled)                      // 2*x - 0.5*y + 3 == 0 @999.5
        #expect(constraint.description == "x - y + 10 <= 0")
        #expect(scaled.description == "2*x - 0.5*y + 3 == 0 @999.5")
        #expect(constraint.expression.constant == 10)
        #expect((x + 10 <= y) != (x + 10 <= y))   // same relation, two constraints
    }

    @Test func addingConstraintsAndReadingValues() throws {
        var solver = Solver()
        let left = Variable("left"), width = Variable("width")
        try solver.add([left == 8, width >= 100, (width == 300).withStrength(.weak)])
        let solvedWidth = solver.value(of: width)   // 300
        let solvedLeft = solver[left]               // 8
        #expect(solvedWidth == 300)
        #expect(solvedLeft == 8)
        #expect(solver[Variable("never seen")] == 0)
    }

    @Test func strengthsAndPriorities() throws {
        var solver = Solver()
        let x = Variable("x")
        var constraints = [(x == 0).withStrength(Strength(999))]
        for _ in 0..<1000 { constraints.append((x == 10).withStrength(Strength(998))) }
        try solver.add(constraints)
        let winner = solver[x]   // 0: the single 999 wins over a thousand 998s
        #expect(winner == 0)

        var tie = Solver()
        try tie.add([(x == 0).withStrength(.strong), (x == 10).withStrength(.strong)])
        let undecided = tie.isAmbiguous(x)   // true: every x from 0 to 10 costs 10 in all

        var weighted = Solver()
        try weighted.add([(x == 0).withStrength(.strong), (x == 10).withStrength(Strength(750, weight: 2))])
        let heavier = weighted[x]   // 10: the error at weight 2 costs twice as much
        #expect(undecided)
        #expect(heavier == 10)
        #expect(!weighted.isAmbiguous(x))

        // The median, not the mean: one pull to 0 and two to 10 settle on 10.
        var median = Solver()
        try median.add([(x == 0).withStrength(.strong), (x == 10).withStrength(.strong), (x == 10).withStrength(.strong)])
        #expect(median[x] == 10)
        // UIKit's levels map one to one.
        #expect(Strength.strong == Strength(750) && Strength.weak == Strength(250) && Strength.required == Strength(1000))
    }

    @Test func editVariablesAndSuggestions() throws {
        var solver = Solver()
        let offset = Variable("offset")
        try solver.add(offset <= 40)
        try solver.addEditVariable(offset, strength: .strong)
        try solver.suggestValue(offset, 25)
        let near = solver[offset]   // 25
        try solver.suggestValue(offset, 50)
        let far = solver[offset]    // 40: the required bound wins
        #expect(near == 25 && far == 40)
        #expect(throws: SolverError.requiredEditVariable(offset)) {
            var other = Solver()
            try other.addEditVariable(offset, strength: .required)
        }
        try solver.removeEditVariable(offset)
        #expect(!solver.hasEditVariable(offset))
    }

    @Test func requiredConstraintsThatCannotHold() throws {
        var solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let atLeast10 = x >= 10, fiveMore = y == x + 5, nonNegative = y >= 0
        try solver.add([atLeast10, fiveMore, nonNegative])
        do {
            try solver.add(y <= 12)
        } catch {
            print(error)
            // unsatisfiable constraint y - 12 <= 0; it conflicts with:
            //   x - 10 >= 0
            //   y - x - 5 == 0
        }
        let count = solver.constraints.count   // 3: the solver is as it was
        let unchanged = solver[y]             // 15
        #expect(count == 3 && solver.constraints == [atLeast10, fiveMore, nonNegative])
        #expect(unchanged == 15)

        // What the sample prints.
        let atMost12 = y <= 12
        let error = #expect(throws: SolverError.self) { try solver.add(atMost12) }
        #expect(error == .unsatisfiable(atMost12, conflicting: [atLeast10, fiveMore]))
        #expect(error?.description == """
            unsatisfiable constraint y - 12 <= 0; it conflicts with:
              x - 10 >= 0
              y - x - 5 == 0
            """)
        // The other errors name their culprit.
        #expect(throws: SolverError.duplicateConstraint(atLeast10)) { try solver.add(atLeast10) }
        #expect(throws: SolverError.unknownConstraint(atMost12)) { try solver.remove(atMost12) }
        #expect(throws: SolverError.unknownEditVariable(x)) { try solver.suggestValue(x, 1) }
        #expect(throws: SolverError.self) { try solver.add(x == Double.infinity) }
    }

    // MARK: Changing a solved system

    @Test func changingASolvedSystem() throws {
        var solver = Solver()
        let left = Variable("left"), right = Variable("right"), mid = Variable("mid")
        let width = right == left + 200
        try solver.add([left == 10, width, mid == (left + right) / 2])
        let built = solver.constant(of: width)   // 200
        try solver.setConstant(300, for: width)
        let moved = solver[right]               // 310
        let centre = solver[mid]                // 160
        #expect(built == 200 && solver.constant(of: width) == 300)
        #expect(moved == 310 && centre == 160)
        #expect(width.constant == 200)   // the value keeps the constant it was built with

        let before = solver
        try solver.setConstant(400, for: width)
        let now = solver[right]    // 410
        let then = before[right]   // 310: the snapshot did not move
        #expect(now == 410 && then == 310)

        solver.updateVariables()
        try solver.setConstant(250, for: width)
        solver.updateVariables()
        let changed = solver.changedVariables   // right and mid, in either order; left did not move
        #expect(Set(changed) == [right, mid] && changed.count == 2)

        let dependencies = solver.constraints(affecting: mid)   // left == 10, the width and the midpoint
        #expect(dependencies == solver.constraints)
        #expect(dependencies.count == 3 && dependencies[1] == width)

        // A failing change to a required constraint keeps the old constant.
        try solver.add(right <= 300)
        #expect(throws: SolverError.self) { try solver.setConstant(500, for: width) }
        #expect(solver.constant(of: width) == 250 && solver[right] == 260)
    }

    @Test func systemsOfTheSameShape() throws {
        let a = Variable("a"), b = Variable("b")
        let first = [a == 16, b == a + 120]
        var solver = Solver()
        try solver.add(first)
        let kept = SolvedShape(solver, shape: ConstraintShape(first))!
        let c = Variable("c"), d = Variable("d")
        let second = [c == 20, d == c + 90]   // the same shape: other variables, other constants
        let next = kept.solver(for: ConstraintShape(second))!
        let end = next[d]                     // 110
        #expect(end == 110 && next[c] == 20 && next.contains(second[1]) && !next.contains(first[1]))
        // Another shape: a coefficient differs, or a constraint more.
        #expect(kept.solver(for: ConstraintShape([c == 20, d == 2 * c + 90])) == nil)
        #expect(kept.solver(for: ConstraintShape([c == 20, d == c + 90, d <= 50])) == nil)
    }

    @Test func ambiguityAndDependencies() throws {
        var open = Solver()
        let a = Variable("a"), b = Variable("b")
        try open.add(a + b == 10)
        let openBefore = open.ambiguousVariables()   // [a, b]: any split of 10 will do
        try open.add((a == 4).withStrength(.weak))
        let openAfter = open.ambiguousVariables()    // []: a is 4, so b is 6
        #expect(openBefore == [a, b])
        #expect(openAfter == [])
        #expect(open[a] == 4 && open[b] == 6)
    }
}
