// `autolayout-bench table`: a table of self-sizing subtitle rows (UIKit's list content
// configuration), measured at 375 points with a fresh cell per row, with one reused sizing
// cell, and by hand.
import AutoLayout
import Foundation

/// Row `i`: a title and a secondary text of one to three lines at 375 points.
func tableRow(_ i: Int) -> (text: String, secondary: String) {
    let sentence = "row \(i) has a secondary text that runs on"
    return ("Row \(i)", Array(repeating: sentence, count: i % 3 + 1).joined(separator: " and "))
}

func configure(_ cell: TableViewCell, _ row: (text: String, secondary: String)) {
    var c = ListContentConfiguration.subtitleCell()
    c.text = row.text
    c.secondaryText = row.secondary
    cell.contentConfiguration = c
}

/// The subtitle row by hand: 11-point margins above and below, 16 at the sides, the title
/// (17 pt), 3 points, the secondary text (15 pt), at least 44 tall.
private func manualRowHeight(_ row: (text: String, secondary: String), width: Double) -> Double {
    let model = MonospacedTextModel()
    let textWidth = width - 32
    let title = model.layout(row.text, font: .systemFont(ofSize: 17), width: textWidth, maximumLines: 0,
                             lineBreakMode: .byTruncatingTail).size.height
    let secondary = model.layout(row.secondary, font: .systemFont(ofSize: 15), width: textWidth, maximumLines: 0,
                                 lineBreakMode: .byTruncatingTail).size.height
    return max(44, 11 + title + 3 + secondary + 11)
}

/// The table's registration: a fresh `TableViewCell` configured with the row's subtitle content.
@Sendable func tableRegistration() -> CellRegistration<TableViewCell, (text: String, secondary: String)> {
    CellRegistration(cell: { TableViewCell() }) { configure($0, $1) }
}

/// A fresh cell per row, made, configured and fitted at `width`: the rows' heights.
func freshRowHeights(_ rows: ArraySlice<(text: String, secondary: String)>, width: Double) -> [Double] {
    rows.map { row in
        let cell = TableViewCell()
        configure(cell, row)
        return cell.preferredLayoutSize(fittingWidth: width).height
    }
}

/// A fresh cell per row, made and configured only (the fresh path's floor): how many views their
/// content views hold.
func unfittedSubviews(_ rows: ArraySlice<(text: String, secondary: String)>) -> Int {
    rows.reduce(0) { total, row in
        let cell = TableViewCell()
        configure(cell, row)
        return total + cell.contentView.subviews.count
    }
}

/// `autolayout-bench cells`: one of the table's ways of sizing its rows, once over `count` rows
/// at 375 points on the calling thread, untimed, for an instruction counter (callgrind counts
/// the same work the same way on every run, where this machine's timings wander by half).
/// Prints one JSON line with a checksum of the result; false for an unknown way.
func runCellsWork(_ way: String, count: Int) -> Bool {
    let rows = (0..<count).map(tableRow)
    guard let checksum = cellsWork(way, rows) else { return false }
    print("{\"benchmark\":\"cells\",\"way\":\"\(way)\",\"rows\":\(count),\"checksum\":\(jsonNumber(checksum))}")
    return true
}

/// The work of `cells` alone, the rows made before (a function of its own, so that callgrind's
/// `--toggle-collect='*cellsWork*'` counts it and nothing else).
@inline(never)
func cellsWork(_ way: String, _ rows: [(text: String, secondary: String)]) -> Double? {
    let width = 375.0
    switch way {
    case "manual": return rows.reduce(0) { $0 + manualRowHeight($1, width: width) }
    case "fresh": return freshRowHeights(rows[...], width: width).reduce(0, +)
    case "unfitted": return Double(unfittedSubviews(rows[...]))
    case "reused":
        return ListLayout(appearance: .plain).layout(items: rows, width: width, using: tableRegistration()).contentSize.height
    default: return nil
    }
}

/// Times the three ways over `rows` rows, and the reused way on every core; prints one JSON
/// line; exits 1 when a height differs.
func runTableBenchmark(rows count: Int, repeatCount: Int) async {
    let width = 375.0
    let rows = (0..<count).map(tableRow)
    var fresh: [Double] = [], reused: [Double] = [], manual: [Double] = [], parallel: [Double] = []
    /// Making, configuring and freeing a fresh cell without fitting it: the fresh path's floor.
    var built: [Double] = []
    let workers = SizingCellCache.activeProcessorCount
    var heights: [Double] = [], freshHeights: [Double] = []
    let registration = tableRegistration()
    // Each repeat times the manual and the reused ways back to back, and the ratio is the median
    // of the repeats' ratios: a slow spell of the machine then weighs on both sides of a ratio.
    var ratios: [Double] = []
    for _ in 0..<repeatCount {
        var start = now()
        var sink = 0.0
        for row in rows { sink += manualRowHeight(row, width: width) }
        manual.append((now() - start) / Double(count))

        start = now()
        let layout = ListLayout(appearance: .plain).layout(items: rows, width: width, using: registration)
        reused.append((now() - start) / Double(count))
        heights = layout.itemFrames.map(\.height)
        ratios.append(reused.last! / manual.last!)

        // A fresh cell per row: at most 1,000 rows, it is the slow path.
        let freshCount = min(count, 1000)
        start = now()
        freshHeights = freshRowHeights(rows.prefix(freshCount), width: width)
        fresh.append((now() - start) / Double(freshCount))

        start = now()
        let subviews = unfittedSubviews(rows.prefix(freshCount))
        built.append((now() - start) / Double(freshCount))
        if subviews == 0 { fail("a configured cell's content view should hold the configuration's view", status: 1) }

        start = now()
        let shared = await ListLayout(appearance: .plain).layout(items: rows, width: width, using: tableRegistration, workers: workers)
        parallel.append((now() - start) / Double(count))
        if shared != layout { fail("measuring on \(workers) tasks gives other frames than measuring serially", status: 1) }
        if sink.isNaN { print(sink) }
    }
    for (i, row) in rows.enumerated() where heights[i] != manualRowHeight(row, width: width) {
        fail("table row \(i): the engine gives \(heights[i]), by hand \(manualRowHeight(row, width: width))", status: 1)
    }
    for (i, row) in rows.prefix(freshHeights.count).enumerated() where freshHeights[i] != manualRowHeight(row, width: width) {
        fail("table row \(i) in a fresh cell: the engine gives \(freshHeights[i]), by hand \(manualRowHeight(row, width: width))", status: 1)
    }
    let m = median(manual), f = median(fresh), r = median(reused), p = median(parallel), b = median(built)
    print("{\"benchmark\":\"table\",\"width\":375,\"rows\":\(count),\"manual_us\":\(jsonNumber(m * 1e6)),\"fresh_us\":\(jsonNumber(f * 1e6)),\"fresh_unfitted_us\":\(jsonNumber(b * 1e6)),\"fresh_over_unfitted\":\(jsonNumber(f / b)),\"fresh_unfitted_over_manual\":\(jsonNumber(b / m)),\"reused_us\":\(jsonNumber(r * 1e6)),\"fresh_over_manual\":\(jsonNumber(f / m)),\"reused_over_manual\":\(jsonNumber(median(ratios))),\"workers\":\(workers),\"parallel_us\":\(jsonNumber(p * 1e6)),\"parallel_speedup\":\(jsonNumber(r / p))}")
}
