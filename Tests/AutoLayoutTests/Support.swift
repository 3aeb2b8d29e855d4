@testable import AutoLayout

/// A root view of the given size with subviews that use constraints.
func makeRoot(width: Double = 320, height: Double = 100, _ subviews: View...) -> View {
    let root = View(frame: Rect(x: 0, y: 0, width: width, height: height))
    for v in subviews {
        v.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(v)
    }
    root.layoutEngine.onUnsatisfiable = { _ in }
    root.layoutEngine.onFittingIssue = { _ in }
    return root
}
