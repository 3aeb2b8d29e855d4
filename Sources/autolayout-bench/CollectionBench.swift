// `autolayout-bench collection`: a self-sizing list of subtitle rows in a collection view 375 ×
// 667: laid out for one screen; every row measured at once (`measureAllItems`); and scrolled
// through a screen at a time, showing every row; against the reused sizing-cell path
// (ListLayout) measuring every row.
import AutoLayout
import Foundation

/// Runs the collection benchmark over `count` rows; prints one JSON line; exits 1 when the
/// collection view's heights differ from the sizing path's or it measures more than it shows.
func runCollectionBenchmark(items count: Int, repeatCount: Int) {
    let size = Size(width: 375, height: 667)
    let rows = (0..<count).map(tableRow)
    func configure(_ cell: CollectionViewListCell, _ row: (text: String, secondary: String)) {
        var c = ListContentConfiguration.subtitleCell()
        c.text = row.text
        c.secondaryText = row.secondary
        cell.contentConfiguration = c
    }
    var screen: [Double] = [], full: [Double] = [], reused: [Double] = [], ratios: [Double] = []
    var all: [Double] = [], allRatios: [Double] = [], allHeights: [Double] = []
    var screenMeasured = 0, heights: [Double] = [], reference: [Double] = []
    for _ in 0..<repeatCount {
        // The reused sizing cell, every row (the path the ratio is against).
        var start = now()
        let registration = CellRegistration<CollectionViewListCell, (text: String, secondary: String)>(cell: { CollectionViewListCell() }) { configure($0, $1) }
        reference = ListLayout(appearance: .plain).layout(items: rows, width: size.width, using: registration).itemFrames.map(\.height)
        reused.append((now() - start) / Double(count))

        // The collection view: every row measured at once.
        var asked = 0
        var (cv, source) = makeList(rows: rows, size: size, configure: configure) { asked += 1 }
        start = now()
        cv.measureAllItems()
        all.append((now() - start) / Double(count))
        allRatios.append(all.last! / reused.last!)
        allHeights = (0..<count).map { cv.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame.height }

        // One screen, then every screen.
        asked = 0
        (cv, source) = makeList(rows: rows, size: size, configure: configure) { asked += 1 }
        start = now()
        cv.layoutIfNeeded()
        screen.append(now() - start)
        screenMeasured = asked
        while cv.contentOffset.y + size.height < cv.contentSize.height {
            cv.contentOffset.y += size.height
            cv.layoutIfNeeded()
        }
        full.append((now() - start) / Double(count))
        ratios.append(full.last! / reused.last!)
        heights = (0..<count).map { cv.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame.height }
        _ = source
    }
    if allHeights != reference { fail("measureAllItems gives other heights than the sizing cell", status: 1) }
    if heights != reference {
        let i = heights.indices.first { heights[$0] != reference[$0] } ?? 0
        fail("collection row \(i): the collection view gives \(heights[i]), the sizing cell \(reference[i])", status: 1)
    }
    if screenMeasured > Int(size.height / 44) + 2 {
        fail("one screen measured \(screenMeasured) rows; a 667-point screen shows at most \(Int(size.height / 44) + 1)", status: 1)
    }
    print("{\"benchmark\":\"collection\",\"width\":375,\"height\":667,\"items\":\(count),\"screen_measured\":\(screenMeasured),\"screen_ms\":\(jsonNumber(median(screen) * 1e3)),\"measure_all_us\":\(jsonNumber(median(all) * 1e6)),\"reused_us\":\(jsonNumber(median(reused) * 1e6)),\"measure_all_over_reused\":\(jsonNumber(median(allRatios))),\"scroll_us\":\(jsonNumber(median(full) * 1e6)),\"scroll_over_reused\":\(jsonNumber(median(ratios)))}")
}

/// A collection view of `size` listing `rows` through a diffable data source and a cell
/// registration; `asked` is called for each cell the data source is asked for.
private func makeList(rows: [(text: String, secondary: String)], size: Size,
                      configure: @escaping (CollectionViewListCell, (text: String, secondary: String)) -> Void,
                      asked: @escaping () -> Void) -> (CollectionView, CollectionViewDiffableDataSource<Int, Int>) {
    let cv = CollectionView(frame: Rect(origin: .zero, size: size),
                            collectionViewLayout: CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .plain)))
    let registration = CollectionView.CellRegistration<CollectionViewListCell, Int> { cell, _, i in configure(cell, rows[i]) }
    let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: cv) { cv, path, i in
        asked()
        return cv.dequeueConfiguredReusableCell(using: registration, for: path, item: i)
    }
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(rows.indices))
    source.apply(snapshot)
    return (cv, source)
}
