import AutoLayout

/// Draws a checked file's frames as SVG: one panel per root view, each view a rectangle with
/// its name, layout margins dashed, and the views that conflicting constraints mention in red.
/// For an Interface Builder file, the frame IB stored for a view that does not match is drawn
/// beside the solved one, dashed in orange. The output is deterministic (fixed number
/// formatting, file order).
public enum SVGRenderer {
    /// Space around and between the panels.
    static let padding = 20.0

    /// The SVG document for `result`.
    /// - Complexity: O(views + conflict items).
    public static func render(_ result: CheckResult) -> String {
        let conflicting = Set(result.conflicts.flatMap(\.itemNames))
        let roots = result.views.filter { $0.superview == nil }
        // Panels stacked vertically, each at its root's size.
        var offsets: [String: Double] = [:]
        var y = padding
        var width = 0.0
        for root in roots {
            offsets[root.name] = y
            y += root.absoluteFrame.height + padding + 16
            width = max(width, root.absoluteFrame.width)
        }
        let rootOf = Dictionary(result.views.map { ($0.name, $0.superview) }, uniquingKeysWith: { a, _ in a })
        func root(of name: String) -> String {
            var current = name, steps = 0
            while let parent = rootOf[current] ?? nil, steps < result.views.count {
                current = parent
                steps += 1
            }
            return current
        }
        let stored = result.storedFrames?.storedAbsoluteFrames ?? [:]
        let totalWidth = width + 2 * padding, totalHeight = max(y, 2 * padding) + (stored.isEmpty ? 0 : 12)
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(number(totalWidth))" height="\(number(totalHeight))" \
        viewBox="0 0 \(number(totalWidth)) \(number(totalHeight))" font-family="Helvetica, Arial, sans-serif" font-size="10">
        <title>\(escaped(result.path))</title>
        <rect width="100%" height="100%" fill="#ffffff"/>

        """
        for view in result.views {
            let top = offsets[root(of: view.name)] ?? padding
            let f = view.absoluteFrame
            let x = padding + f.minX, yy = top + f.minY
            let isConflicting = conflicting.contains(view.name)
            let stroke = isConflicting ? "#d7263d" : view.className == "LayoutGuide" ? "#7a7a7a" : "#2b59c3"
            let dash = view.className == "LayoutGuide" ? " stroke-dasharray=\"2 2\"" : ""
            let fill = view.superview == nil ? "#f4f6fb" : isConflicting ? "#d7263d" : "#2b59c3"
            let opacity = view.superview == nil ? "1" : "0.08"
            svg += "<g id=\"\(escaped(view.name))\"\(view.isHidden ? " opacity=\"0.35\"" : "")>\n"
            svg += "  <rect x=\"\(number(x))\" y=\"\(number(yy))\" width=\"\(number(f.width))\" height=\"\(number(f.height))\" fill=\"\(fill)\" fill-opacity=\"\(opacity)\" stroke=\"\(stroke)\" stroke-width=\"\(isConflicting ? 2 : 1)\"\(dash)/>\n"
            if let m = view.layoutMargins, f.width > m.left + m.right, f.height > m.top + m.bottom {
                svg += "  <rect x=\"\(number(x + m.left))\" y=\"\(number(yy + m.top))\" width=\"\(number(f.width - m.left - m.right))\" height=\"\(number(f.height - m.top - m.bottom))\" fill=\"none\" stroke=\"#9aa5b1\" stroke-dasharray=\"4 3\"/>\n"
            }
            let label = "\(view.name) (\(view.className)) \(view.frame)"
            let labelY = view.superview == nil ? yy - 4 : yy + 11
            svg += "  <text x=\"\(number(x + 3))\" y=\"\(number(labelY))\" fill=\"\(isConflicting ? "#d7263d" : "#1f2933")\">\(escaped(label))</text>\n"
            if let s = stored[view.name] {
                let sx = padding + s.minX, sy = top + s.minY
                svg += "  <rect class=\"stored\" x=\"\(number(sx))\" y=\"\(number(sy))\" width=\"\(number(s.width))\" height=\"\(number(s.height))\" fill=\"none\" stroke=\"#e07b00\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>\n"
                svg += "  <text x=\"\(number(sx + 3))\" y=\"\(number(sy + s.height - 3))\" fill=\"#e07b00\">\(escaped(view.name)) as stored</text>\n"
            }
            svg += "</g>\n"
        }
        var footer = totalHeight - 6
        if !result.conflicts.isEmpty {
            svg += "<text x=\"\(number(padding))\" y=\"\(number(footer))\" fill=\"#d7263d\">\(result.conflicts.count) conflict\(result.conflicts.count == 1 ? "" : "s"): broke \(escaped(result.conflicts[0].broken))</text>\n"
            footer -= 12
        }
        if !stored.isEmpty {
            svg += "<text x=\"\(number(padding))\" y=\"\(number(footer))\" fill=\"#e07b00\">dashed orange: the frame Interface Builder stored, for the \(stored.count) view\(stored.count == 1 ? "" : "s") solved elsewhere</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }

    /// Coordinates with at most two decimals, no trailing zeros.
    static func number(_ x: Double) -> String {
        let scaled = (x * 100).rounded() / 100
        guard scaled.isFinite else { return "0" }   // a frame the engine could not solve
        if scaled == scaled.rounded(), abs(scaled) < 1e15 { return String(Int(scaled)) }
        var text = String(scaled)
        if text.contains("."), !text.contains("e") { while text.hasSuffix("0") { text.removeLast() } }
        return text
    }

    /// Text with XML's five special characters escaped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }
}
