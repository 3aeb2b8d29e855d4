// `autolayout-bench layout`: how layout time grows with the number of views, and what one
// constant change costs next to many unrelated views.
import AutoLayout
import Foundation

/// `n` independent 20×20 subviews of a root, each placed by four constraints.
private func makeGrid(_ n: Int) -> (root: View, leadings: [LayoutConstraint]) {
    let root = View(frame: Rect(x: 0, y: 0, width: 2000, height: 2000))
    var constraints: [LayoutConstraint] = []
    var leadings: [LayoutConstraint] = []
    constraints.reserveCapacity(4 * n)
    for i in 0..<n {
        let v = View()
        v.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(v)
        let leading = v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: Double(i % 80) * 24)
        leadings.append(leading)
        constraints += [leading,
                        v.topAnchor.constraint(equalTo: root.topAnchor, constant: Double(i / 80) * 24),
                        v.widthAnchor.constraint(equalToConstant: 20),
                        v.heightAnchor.constraint(equalToConstant: 20)]
    }
    LayoutConstraint.activate(constraints)
    return (root, leadings)
}

/// Runs the layout benchmark and prints one JSON line per size and a summary line.
func runLayoutBenchmark(sizes: [Int], repeatCount: Int) {
    var layoutTimes: [Int: Double] = [:], changeTimes: [Int: Double] = [:]
    for n in sizes {
        var samples: [Double] = []
        var built: (root: View, leadings: [LayoutConstraint])?
        for _ in 0..<repeatCount {
            let start = now()
            let grid = makeGrid(n)
            grid.root.layoutIfNeeded()
            samples.append(now() - start)
            built = grid
        }
        let (root, leadings) = built!
        let last = root.subviews[n - 1]
        guard last.frame == Rect(x: Double((n - 1) % 80) * 24, y: Double((n - 1) / 80) * 24, width: 20, height: 20) else {
            fail("layout of \(n) views is wrong: \(last.frame)", status: 1)
        }
        // One constant change and a layout pass, many times over.
        var changes: [Double] = []
        let moved = leadings[n / 2]
        let base = moved.constant
        for k in 0..<max(200, 20 * repeatCount) {
            let start = now()
            moved.constant = base + Double(k % 2) * 3
            root.layoutIfNeeded()
            changes.append(now() - start)
        }
        guard root.subviews[n / 2].frame.minX == moved.constant else { fail("constant change not applied", status: 1) }
        layoutTimes[n] = median(samples)
        changeTimes[n] = median(changes)
        print("{\"benchmark\":\"layout\",\"views\":\(n),\"layout_ms\":\(jsonNumber(median(samples) * 1e3)),\"per_view_us\":\(jsonNumber(median(samples) / Double(n) * 1e6)),\"constant_change_us\":\(jsonNumber(median(changes) * 1e6))}")
    }
    if let small = sizes.first, let large = sizes.last, small != large {
        let growth = Double(large) / Double(small)
        print("{\"benchmark\":\"layout-summary\",\"views\":[\(small),\(large)],\"size_ratio\":\(jsonNumber(growth)),\"layout_time_ratio\":\(jsonNumber(layoutTimes[large]! / layoutTimes[small]!)),\"constant_change_ratio\":\(jsonNumber(changeTimes[large]! / changeTimes[small]!))}")
    }
}
