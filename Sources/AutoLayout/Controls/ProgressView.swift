/// A bar showing how far a task has gone (UIKit's `UIProgressView`): as wide as constraints
/// make it, 4 points tall (``ControlMetrics/progressViewHeight``).
open class ProgressView: View {
    /// How far the task has gone, from 0 to 1 (0 by default).
    public var progress: Float = 0 {
        didSet { progress = min(max(progress, 0), 1) }
    }

    /// Creates a progress view with a frame.
    public override init(frame: Rect) { super.init(frame: frame) }

    /// Creates a progress view at the origin, 4 points tall.
    public convenience override init() {
        self.init(frame: Rect(x: 0, y: 0, width: 0, height: ControlMetrics.current.progressViewHeight))
    }

    /// No intrinsic width; 4 points tall.
    open override var intrinsicContentSize: Size {
        Size(width: View.noIntrinsicMetric, height: ControlMetrics.current.progressViewHeight)
    }
}
