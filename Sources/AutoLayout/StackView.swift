/// Lays out a row or a column of views with constraints (UIKit's `UIStackView`).
open class StackView: View {
}

/// The guides a stack view adds (UIKit's `_UILayoutSpacer`): the alignment spanner and the
/// gaps of the equal-spacing distributions.
final class LayoutSpacer: LayoutGuide {}
