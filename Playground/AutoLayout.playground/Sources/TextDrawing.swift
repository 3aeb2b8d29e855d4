import AutoLayout

/// A text drawing of rectangles in a `size` (points, top left at the origin): each rectangle a
/// box of `+`, `-` and `|`, drawn in order so that later ones cover earlier ones (a box's inside
/// is blank). A rectangle one row tall is drawn `[---]`, one column wide `|`, one character `o`.
/// Names go on the top edges, front boxes first: a name is written over its edge's `-` and cut
/// where something else shows (a child's corner, a name already there).
///
/// A column is the smallest whole number of points that keeps the drawing within `maxColumns`
/// and `maxRows`, a row twice as many points, since characters are about twice as tall as they
/// are wide.
/// Edges are rounded to the nearest column and row; every rectangle gets at least one
/// character. The first line says the scale.
public func textDrawing(of boxes: [(name: String, frame: Rect)], size: Size, maxColumns: Int = 76, maxRows: Int = 20) -> String {
    precondition(maxColumns >= 1 && maxRows >= 1, "\(maxColumns) × \(maxRows): draw at least one column and one row.")
    let scale = max(1, (size.width / Double(maxColumns)).rounded(.up), (size.height / Double(2 * maxRows)).rounded(.up))
    let columns = max(1, Int((size.width / scale).rounded()))
    let rows = max(1, Int((size.height / (2 * scale)).rounded()))
    var canvas = [[Character]](repeating: [Character](repeating: " ", count: columns), count: rows)
    func cell(_ value: Double, _ unit: Double) -> Int { Int((value / unit).rounded()) }
    var edges: [(name: String, row: Int, from: Int, to: Int)] = []   // where names go
    for box in boxes {
        let c0 = cell(box.frame.minX, scale), r0 = cell(box.frame.minY, 2 * scale)
        let c1 = max(c0, cell(box.frame.maxX, scale) - 1), r1 = max(r0, cell(box.frame.maxY, 2 * scale) - 1)
        guard c0 < columns, r0 < rows, c1 >= 0, r1 >= 0 else { continue }
        for r in max(0, r0)...min(rows - 1, r1) {
            for c in max(0, c0)...min(columns - 1, c1) {
                let top = r == r0, bottom = r == r1, left = c == c0, right = c == c1
                let ch: Character = switch (c0 == c1, r0 == r1) {
                case (true, true): "o"
                case (true, false): "|"
                case (false, true): left ? "[" : right ? "]" : "-"
                case (false, false): (top || bottom) ? ((left || right) ? "+" : "-") : ((left || right) ? "|" : " ")
                }
                canvas[r][c] = ch
            }
        }
        if (0..<rows).contains(r0) { edges.append((box.name, r0, c0 + 1, min(c1, columns) - 1)) }
    }
    for edge in edges.reversed() {
        var c = max(0, edge.from)
        for ch in edge.name {
            guard c <= edge.to, canvas[edge.row][c] == "-" else { break }
            canvas[edge.row][c] = ch
            c += 1
        }
    }
    let unit = formatNumber(scale)
    let lines = canvas.map { String($0).reversed().drop(while: { $0 == " " }).reversed() }.map { String($0) }
    return (["(a character is \(unit) × \(formatNumber(2 * scale)) pt)"] + lines).joined(separator: "\n")
}
