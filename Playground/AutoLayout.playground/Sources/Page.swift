// The playground's shared code: what its pages print with. Xcode compiles this folder as the
// playground's Sources module, imported by every page; SwiftPM builds it as `PlaygroundKit`.
import AutoLayout

/// Where a page writes what a reader wants to see: text, constraints as UIKit prints them,
/// frames and a text drawing of the layout. It prints to the console unless told otherwise.
public final class Page {
    private let write: (String) -> Void

    /// A page printing to the console (Xcode's debug area, or standard output).
    public init() { write = { Swift.print($0) } }

    /// A page handing each line it writes to `write` (the tests collect them).
    public init(write: @escaping (String) -> Void) { self.write = write }

    /// Writes `text` as it is, followed by a line break.
    public func print(_ text: String = "") {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { write(String(line)) }
    }

    /// Writes a title, underlined.
    public func title(_ text: String) {
        print(text)
        print(String(repeating: "=", count: text.count))
    }

    /// Writes a blank line and a section heading, `-- text`.
    public func section(_ text: String) {
        print()
        print("-- \(text)")
    }

    /// Logs the conflicts and fitting issues of `view`'s hierarchy on this page as they happen,
    /// where UIKit would log them to the console (by default the engine writes them to
    /// standard error).
    public func watch(_ view: View) {
        let engine = view.layoutEngine
        engine.onUnsatisfiable = { self.print($0.message) }
        engine.onFittingIssue = { self.print($0.message) }
    }

    /// Writes each constraint as UIKit describes it, one a line.
    public func constraints(_ constraints: [LayoutConstraint]) {
        for c in constraints { print("  \(c)") }
    }

    /// Writes the frames of `view` and its subviews, each in its superview's coordinates (as
    /// UIKit's `frame`), indented by depth; hidden views are marked.
    public func frames(of view: View) {
        func visit(_ v: View, depth: Int) {
            print(String(repeating: "  ", count: depth + 1) + "\(name(of: v)) \(v.frame)" + (v.isHidden ? " hidden" : ""))
            for s in v.subviews { visit(s, depth: depth + 1) }
        }
        visit(view, depth: 0)
    }

    /// Writes named frames, one a line.
    public func frames(_ boxes: [(name: String, frame: Rect)]) {
        let width = boxes.map(\.name.count).max() ?? 0
        for b in boxes { print("  " + b.name + String(repeating: " ", count: width - b.name.count) + " \(b.frame)") }
    }

    /// Draws `view` and its visible subviews in text, with room for subviews that hang outside
    /// it on the right or at the bottom; see ``textDrawing(of:size:maxColumns:maxRows:)``.
    public func draw(_ view: View, maxColumns: Int = 76, maxRows: Int = 20) {
        var boxes: [(name: String, frame: Rect)] = []
        func visit(_ v: View, origin: Point) {
            guard !v.isHidden else { return }
            let frame = Rect(x: origin.x + v.frame.minX, y: origin.y + v.frame.minY, width: v.frame.width, height: v.frame.height)
            boxes.append((name(of: v), frame))
            for s in v.subviews { visit(s, origin: frame.origin) }
        }
        visit(view, origin: Point(x: -view.frame.minX, y: -view.frame.minY))
        let size = Size(width: boxes.map(\.frame.maxX).max() ?? 0, height: boxes.map(\.frame.maxY).max() ?? 0)
        draw(boxes, size: size, maxColumns: maxColumns, maxRows: maxRows)
    }

    /// Draws named rectangles in text, in order; see ``textDrawing(of:size:maxColumns:maxRows:)``.
    public func draw(_ boxes: [(name: String, frame: Rect)], size: Size, maxColumns: Int = 76, maxRows: Int = 20) {
        print(textDrawing(of: boxes, size: size, maxColumns: maxColumns, maxRows: maxRows))
    }
}

/// The name pages give a view: its accessibility identifier, else a label's quoted text, else
/// its class.
public func name(of view: View) -> String {
    if let id = view.accessibilityIdentifier { return id }
    if let label = view as? Label, let text = label.text { return "\"\(text)\"" }
    return String(describing: type(of: view))
}
