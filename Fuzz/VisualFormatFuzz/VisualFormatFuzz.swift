// Fuzzes the visual format parser with a fixed set of views, guides and metrics; formats that
// parse are activated, laid out and deactivated.
import AutoLayout
import FuzzSupport

@main enum Main {
    static func main() { fuzzMain(checkVisualFormat) }
}

/// The input is a format, optionally followed by a NUL and up to three bytes of options
/// (little-endian `FormatOptions` raw value: alignment bits, then direction and spacing), so
/// that plain format strings are inputs too.
func checkVisualFormat(_ bytes: UnsafeBufferPointer<UInt8>) {
    let end = bytes.firstIndex(of: 0) ?? bytes.count
    let format = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
    var raw: UInt = 0
    for (k, byte) in bytes[min(end + 1, bytes.count)...].prefix(3).enumerated() { raw |= UInt(byte) << (8 * k) }
    let options = LayoutConstraint.FormatOptions(rawValue: raw)

    // `a`, `b`, `c` and the label `l` in `root`, the guide `g` owned by `root`, `lone` without a
    // superview, and `dup`, both a metric and a view (metrics win).
    let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 200))
    root.layoutEngine.onUnsatisfiable = { _ in }
    root.layoutEngine.onFittingIssue = { _ in }
    let a = View(), b = View(), c = View(), l = Label(), dup = View(), lone = View()
    l.text = "Title"
    for v in [a, b, c, l, dup] {
        v.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(v)
    }
    lone.translatesAutoresizingMaskIntoConstraints = false
    let g = LayoutGuide()
    root.addLayoutGuide(g)
    let views: [String: LayoutItem] = ["a": a, "b": b, "c": c, "l": l, "g": g, "lone": lone, "dup": dup]
    let metrics: [String: Double] = ["m": 8, "w": 100, "p": 750, "big": 1e7, "neg": -20, "dup": 4]

    guard let constraints = try? LayoutConstraint.parseVisualFormat(format, options: options, metrics: metrics,
                                                                    views: views) else { return }
    for constraint in constraints { _ = constraint.description }
    // `lone` shares no ancestor with the others: activating it with them is a programmer error.
    if constraints.contains(where: { $0.firstItem === lone || $0.secondItem === lone }) { return }
    // So is a constant beyond the ±1e7 points the solver resolves exactly (a format's spacing
    // can be any finite number): a conflict it causes traps saying so (ReliabilityTests), as
    // layout files, which hold their numbers to 1e7, never let happen.
    if constraints.contains(where: { abs($0.constant) > 1e7 }) { return }
    LayoutConstraint.activate(constraints)
    root.layoutIfNeeded()
    LayoutConstraint.deactivate(constraints)
    root.layoutIfNeeded()
}
