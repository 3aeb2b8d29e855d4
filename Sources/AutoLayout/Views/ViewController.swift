/// The owner of a screen's root view (UIKit's `UIViewController`): it makes the view when first
/// asked for it, with ``loadView()`` then ``viewDidLoad()``, and gives it UIKit's root-view
/// margins.
///
/// Margins: a root view's margins are at least the ``systemMinimumLayoutMargins`` while
/// ``viewRespectsSystemMinimumLayoutMargins`` is true (the default): none at the top and bottom,
/// 16 points at the sides of a view narrower than 400 points, 20 points from 400 up (see
/// ``systemMinimumLayoutMargins(forWidth:)``). A loaded view whose margins were never set starts
/// with those minimums as its ``View/directionalLayoutMargins``, as in UIKit ("for the root view
/// of a view controller, the default value of this property reflects the system minimum
/// margins", Apple's documentation of `directionalLayoutMargins`); margins you set are used
/// where they are larger ("the root view's actual margins are set to either your custom values
/// or the system minimum, whichever is greater", of `systemMinimumLayoutMargins`). The width is
/// the root view's frame width each time its constraints are updated: set the frame by hand, as
/// a window sizes its root view.
///
/// Safe area: there is no screen or window here, so the root view's safe-area insets are those
/// set on it (``View/safeAreaInsets``, 0 by default) plus ``additionalSafeAreaInsets``. A loaded
/// root view's frame is zero until it is set (UIKit's is the screen's bounds).
///
/// Only what layout needs is here: no appearance callbacks, presentation, children or nibs.
open class ViewController {
    /// The view, once loaded.
    private var loadedView: View?

    /// A view controller without a nib (UIKit's `init(nibName:bundle:)`). There are no nibs or
    /// bundles here: the view is made by ``loadView()``, and `bundle`'s type admits only nil.
    /// - Precondition: `nibName` is nil.
    public init(nibName: String?, bundle: Never?) {
        precondition(nibName == nil, "Could not load NIB named '\(nibName ?? "")': there are no nibs here. Pass nil and make the view in loadView().")
    }

    /// A view controller whose view ``loadView()`` makes.
    public convenience init() { self.init(nibName: nil, bundle: nil) }

    /// The root view: loaded (``loadView()``, then ``viewDidLoad()``) on first use. Setting it
    /// replaces the view; setting nil unloads it, and the next use loads it again.
    public var view: View! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set { install(newValue) }
    }

    /// The root view if it is loaded, without loading it.
    public var viewIfLoaded: View? { loadedView }

    /// Whether the root view is loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// A title for the screen, as navigation and tab bars show it. Stored only.
    public var title: String?

    /// Whether the root view's margins are at least ``systemMinimumLayoutMargins`` (true by
    /// default). False leaves the margins to the view's ``View/directionalLayoutMargins`` alone.
    public var viewRespectsSystemMinimumLayoutMargins = true {
        didSet { loadedView?.respectsSystemMinimumLayoutMargins = viewRespectsSystemMinimumLayoutMargins }
    }

    /// Insets added to the root view's safe area (none by default), for bars and overlays the
    /// view controller draws itself. Changing them moves the root view's
    /// ``View/safeAreaInsets`` by the difference.
    public var additionalSafeAreaInsets = EdgeInsets.zero {
        didSet {
            guard let view = loadedView else { return }
            view.safeAreaInsets = Self.adding(additionalSafeAreaInsets, to: Self.adding(oldValue, to: view.safeAreaInsets, sign: -1), sign: 1)
        }
    }

    /// The least margins of the root view at its current width (UIKit's read-only
    /// `systemMinimumLayoutMargins`): see ``systemMinimumLayoutMargins(forWidth:)``. Reading it
    /// does not load the view (an unloaded view counts as 0 wide).
    public var systemMinimumLayoutMargins: DirectionalEdgeInsets {
        ViewController.systemMinimumLayoutMargins(forWidth: loadedView?.bounds.width ?? 0)
    }

    /// UIKit's least margins for a view controller's root view `width` points wide: 0 at the top
    /// and bottom, 16 at the sides below 400 points (the iPhones 320 to 393 points wide), 20 from
    /// 400 (the Plus and Max phones, iPads, wider freeform roots). Apple documents that the
    /// minimums "depend on the size class and other environmental conditions" without figures;
    /// 16/20 are the margins UIKit gives (openradar 29013952: "16px (20px on iPhone 6/7+)"), and
    /// Interface Builder draws root views with them: 16 on a 393-point iPhone 15 (iTorrent's
    /// Xcode 15 views), 20 on a 400-point freeform root (IBAnimatable's). The Interface Builder
    /// reader takes root views' margins from here.
    public static func systemMinimumLayoutMargins(forWidth width: Double) -> DirectionalEdgeInsets {
        let side: Double = width >= 400 ? 20 : 16
        return DirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
    }

    /// Makes the root view and assigns it to ``view``. Override it to make your own (without
    /// calling `super`); the default makes a plain ``View`` that follows its superview's size,
    /// with a zero frame.
    open func loadView() {
        let root = View()
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view = root
    }

    /// Called once the root view is loaded: make subviews and constraints here. The default does
    /// nothing.
    open func viewDidLoad() {}

    /// Loads the root view if it is not loaded yet (UIKit's `loadViewIfNeeded()`).
    /// - Precondition: ``loadView()`` assigns a view.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        precondition(loadedView != nil,
                     "\(qualifiedName(of: type(of: self))).loadView() did not assign a view: set view in loadView(), or call super.loadView().")
        viewDidLoad()
    }

    /// Makes `newView` the root view: the old one, if any, stops being a root view; the new one
    /// gets the root view's margins and safe area.
    private func install(_ newView: View?) {
        if let old = loadedView, old !== newView {
            old.respectsSystemMinimumLayoutMargins = false
            old.safeAreaInsets = Self.adding(additionalSafeAreaInsets, to: old.safeAreaInsets, sign: -1)
        }
        guard let newView, newView !== loadedView else {
            loadedView = newView
            return
        }
        loadedView = newView
        if newView.directionalLayoutMargins == View.defaultLayoutMargins {
            newView.directionalLayoutMargins = ViewController.systemMinimumLayoutMargins(forWidth: newView.bounds.width)
        }
        newView.respectsSystemMinimumLayoutMargins = viewRespectsSystemMinimumLayoutMargins
        newView.safeAreaInsets = Self.adding(additionalSafeAreaInsets, to: newView.safeAreaInsets, sign: 1)
    }

    private static func adding(_ a: EdgeInsets, to b: EdgeInsets, sign: Double) -> EdgeInsets {
        EdgeInsets(top: b.top + sign * a.top, left: b.left + sign * a.left, bottom: b.bottom + sign * a.bottom, right: b.right + sign * a.right)
    }
}

extension View {
    /// The margins layout uses: ``directionalLayoutMargins``, raised to a view controller's
    /// minimums at the view's width on a root view that respects them (see ``ViewController``),
    /// by physical side.
    var effectiveLayoutMargins: EdgeInsets {
        guard respectsSystemMinimumLayoutMargins else { return layoutMargins }
        let minimum = ViewController.systemMinimumLayoutMargins(forWidth: bounds.width)
        let m = directionalLayoutMargins
        let leading = max(m.leading, minimum.leading), trailing = max(m.trailing, minimum.trailing)
        let top = max(m.top, minimum.top), bottom = max(m.bottom, minimum.bottom)
        return effectiveRightToLeft
            ? EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
            : EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
    }
}
