import Testing
@testable import AutoLayout

/// A controller as ported code writes one: its own init, a view built in `viewDidLoad`.
private final class ProfileViewController: ViewController {
    let nameLabel = Label(text: "Jane")
    var loads = 0

    init() { super.init(nibName: nil, bundle: nil) }

    override func viewDidLoad() {
        super.viewDidLoad()
        loads += 1
        title = "Profile"
        nameLabel.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(nameLabel)
        LayoutConstraint.activate([
            nameLabel.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            nameLabel.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            nameLabel.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
        ])
    }
}

/// A controller with its own root view class.
private final class CustomRootViewController: ViewController {
    final class RootView: View {}
    override func loadView() {
        let root = RootView()
        root.directionalLayoutMargins = DirectionalEdgeInsets(top: 4, leading: 30, bottom: 4, trailing: 2)
        view = root
    }
}

@Suite struct ViewControllerTests {
    @Test func theViewLoadsOnceOnFirstUse() {
        let controller = ProfileViewController()
        #expect(!controller.isViewLoaded && controller.viewIfLoaded == nil && controller.loads == 0)
        let view = controller.view!
        #expect(controller.isViewLoaded && controller.loads == 1 && controller.title == "Profile")
        #expect(controller.view === view && controller.loads == 1)
        controller.loadViewIfNeeded()
        #expect(controller.loads == 1 && controller.nameLabel.superview === view)
        #expect(view.frame == .zero && view.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        controller.view = nil
        #expect(!controller.isViewLoaded)
        controller.loadViewIfNeeded()
        #expect(controller.loads == 2 && controller.view !== view)
    }

    @Test func rootMarginsAreTheSystemMinimums() {
        #expect(ViewController.systemMinimumLayoutMargins(forWidth: 375) == DirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16))
        // 16 up to the 393-point iPhones, 20 from 400 points.
        #expect(ViewController.systemMinimumLayoutMargins(forWidth: 393).leading == 16)
        #expect(ViewController.systemMinimumLayoutMargins(forWidth: 399.5).leading == 16)
        #expect(ViewController.systemMinimumLayoutMargins(forWidth: 400).leading == 20)
        #expect(ViewController.systemMinimumLayoutMargins(forWidth: 414) == DirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20))
        // A list's cells get 20 already on the 390- and 393-point iPhones.
        #expect(ListContentConfiguration.standardHorizontalMargin(forWidth: 375) == 16)
        #expect(ListContentConfiguration.standardHorizontalMargin(forWidth: 389.5) == 16)
        #expect(ListContentConfiguration.standardHorizontalMargin(forWidth: 390) == 20)
        #expect(ListContentConfiguration.standardHorizontalMargin(forWidth: 428) == 20)

        let controller = ProfileViewController()
        #expect(controller.viewRespectsSystemMinimumLayoutMargins)
        #expect(controller.view.directionalLayoutMargins == DirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16))
        controller.view.frame = Rect(x: 0, y: 0, width: 375, height: 667)
        controller.view.layoutIfNeeded()
        #expect(controller.nameLabel.frame.minX == 16 && controller.nameLabel.frame.width == 375 - 32)
        #expect(controller.nameLabel.frame.minY == 0)
        // A wider screen raises the minimum.
        controller.view.frame = Rect(x: 0, y: 0, width: 414, height: 896)
        controller.view.layoutIfNeeded()
        #expect(controller.systemMinimumLayoutMargins.leading == 20)
        #expect(controller.nameLabel.frame.minX == 20 && controller.nameLabel.frame.width == 414 - 40)
    }

    @Test func marginsBelowTheMinimumAreRaisedUnlessTheControllerLetsThem() {
        let controller = ProfileViewController()
        controller.view.frame = Rect(x: 0, y: 0, width: 375, height: 667)
        controller.view.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 40)
        controller.view.layoutIfNeeded()
        #expect(controller.nameLabel.frame.minX == 16 && controller.nameLabel.frame.maxX == 375 - 40)
        controller.viewRespectsSystemMinimumLayoutMargins = false
        controller.view.layoutIfNeeded()
        #expect(controller.nameLabel.frame.minX == 4)
        controller.viewRespectsSystemMinimumLayoutMargins = true
        controller.view.layoutIfNeeded()
        #expect(controller.nameLabel.frame.minX == 16)
    }

    @Test func aCustomRootViewKeepsItsMargins() {
        let controller = CustomRootViewController()
        #expect(controller.view is CustomRootViewController.RootView)
        #expect(controller.view.directionalLayoutMargins.leading == 30)
        controller.view.frame = Rect(x: 0, y: 0, width: 375, height: 100)
        let label = Label(text: "x")
        label.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(label)
        LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.leadingAnchor),
                                   label.trailingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.trailingAnchor),
                                   label.topAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.topAnchor)])
        controller.view.layoutIfNeeded()
        // 30 is above the minimum, 2 below it; 4 at the top is kept.
        #expect(label.frame == Rect(x: 30, y: 4, width: 375 - 30 - 16, height: 20.5))
    }

    @Test func additionalSafeAreaInsetsAddToTheRootViews() {
        let controller = ProfileViewController()
        controller.additionalSafeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 0, right: 0)
        #expect(!controller.isViewLoaded)
        controller.view.frame = Rect(x: 0, y: 0, width: 375, height: 667)
        #expect(controller.view.safeAreaInsets.top == 44)
        controller.view.layoutIfNeeded()
        #expect(controller.nameLabel.frame.minY == 44)
        controller.view.safeAreaInsets.top = 64   // a host's own inset (a notch): 20 + 44
        controller.additionalSafeAreaInsets.top = 10
        #expect(controller.view.safeAreaInsets.top == 30)
        controller.view.layoutIfNeeded()
        #expect(controller.nameLabel.frame.minY == 30)
        // A replaced root view gives the additional insets back.
        let old = controller.view!
        controller.view = View()
        #expect(old.safeAreaInsets.top == 20 && controller.view.safeAreaInsets.top == 10)
    }
}
