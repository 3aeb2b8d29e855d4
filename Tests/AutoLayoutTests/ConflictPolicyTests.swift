import Testing
@testable import AutoLayout

@Suite struct ConflictPolicyTests {
    typealias C = ConflictPolicy.Candidate

    @Test func lowestPriorityThenMakerThenLargestFixedSize() {
        // A lower priority goes first, whoever made it.
        #expect(ConflictPolicy.choice(among: [C(priority: 1000, maker: .app), C(priority: 999, maker: .host)]) == 1)
        // The app's before UIKit's identified ones, those before a private view's, those before a host's.
        #expect(ConflictPolicy.choice(among: [C(priority: 1000, maker: .host, fixedSize: 44), C(priority: 1000, maker: .privateView),
                                               C(priority: 1000, maker: .uikitIdentified), C(priority: 1000, maker: .app)]) == 3)
        #expect(ConflictPolicy.choice(among: [C(priority: 1000, maker: .host), C(priority: 1000, maker: .privateView)]) == 1)
        // The largest fixed size (by magnitude), the later one on a tie.
        #expect(ConflictPolicy.choice(among: [C(priority: 1000, maker: .app, fixedSize: 40), C(priority: 1000, maker: .app, fixedSize: -60),
                                               C(priority: 1000, maker: .app, isSpacingBetweenViews: true)]) == 1)
        #expect(ConflictPolicy.choice(among: [C(priority: 1000, maker: .app, fixedSize: 50), C(priority: 1000, maker: .app, fixedSize: 50)]) == 1)
        #expect(ConflictPolicy.choice(among: []) == nil)
    }

    @Test func withoutAFixedSizeASpacingBetweenViewsThenAnEndEdgeThenTheFirst() {
        let spacing = [C(priority: 1000, maker: .app), C(priority: 1000, maker: .app, holdsEndEdge: true),
                       C(priority: 1000, maker: .app, isSpacingBetweenViews: true), C(priority: 1000, maker: .app, isSpacingBetweenViews: true)]
        #expect(ConflictPolicy.choice(among: spacing) == 2)
        #expect(ConflictPolicy.choice(among: Array(spacing.prefix(2))) == 1)
        #expect(ConflictPolicy.choice(among: [C(priority: 1000, maker: .app), C(priority: 1000, maker: .app)]) == 0)
    }

    @Test func makersFromWhatADescriptionPrints() {
        typealias M = ConflictPolicy.Maker
        #expect(M(constraintClass: "NSAutoresizingMaskLayoutConstraint", identifier: nil, firstItemClass: "UIView") == .host)
        #expect(M(constraintClass: "NSContentSizeLayoutConstraint", identifier: nil, firstItemClass: "UILabel") == .host)
        #expect(M(constraintClass: "NSLayoutConstraint", identifier: "UIView-Encapsulated-Layout-Height", firstItemClass: "UIView") == .host)
        #expect(M(constraintClass: "NSLayoutConstraint", identifier: "_UITemporaryLayoutWidth", firstItemClass: "UIView") == .host)
        #expect(M(constraintClass: "NSLayoutConstraint", identifier: "UISV-spacing", firstItemClass: "UILabel") == .uikitIdentified)
        #expect(M(constraintClass: "NSLayoutConstraint", identifier: "UIViewSafeAreaLayoutGuide-bottom", firstItemClass: nil) == .uikitIdentified)
        #expect(M(constraintClass: "_UILayoutSupportConstraint", identifier: nil, firstItemClass: "_UILayoutGuide") == .uikitIdentified)
        #expect(M(constraintClass: "NSLayoutConstraint", identifier: nil, firstItemClass: "_UIButtonBarButton") == .privateView)
        #expect(M(constraintClass: "NSLayoutConstraint", identifier: "avatarHeight", firstItemClass: "UIImageView") == .app)
        #expect(M(constraintClass: "NSLayoutConstraint", identifier: nil, firstItemClass: "MyApp.AvatarView") == .app)
    }

    @Test func theEngineBreaksTheLargestFixedSizeOfTheApps() throws {
        // A 44-point content view holding a 126-point label and a 30-point badge in a column:
        // the label's height goes, not the badge's, nor a spacing, nor the content view's.
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 44))
        let label = Label(text: "Title"), badge = View()
        for v in [label, badge] as [View] { v.translatesAutoresizingMaskIntoConstraints = false; root.addSubview(v) }
        LayoutConstraint.activate([
            label.heightAnchor.constraint(equalToConstant: 126),
            badge.heightAnchor.constraint(equalToConstant: 30),
            label.topAnchor.constraint(equalTo: root.topAnchor),
            badge.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 4),
            root.bottomAnchor.constraint(equalTo: badge.bottomAnchor),
        ])
        root.layoutEngine.onUnsatisfiable = { _ in }
        root.layoutIfNeeded()
        let conflict = try #require(root.layoutEngine.conflicts.first)
        #expect(conflict.broken.firstItem === label && conflict.broken.firstAttribute == .height)
        // Without fixed sizes, the spacing between the two views.
        let other = View(frame: Rect(x: 0, y: 0, width: 300, height: 44))
        let a = View(), b = View()
        for v in [a, b] { v.translatesAutoresizingMaskIntoConstraints = false; other.addSubview(v) }
        let spacing = b.topAnchor.constraint(equalTo: a.bottomAnchor, constant: 40)
        LayoutConstraint.activate([
            a.topAnchor.constraint(equalTo: other.topAnchor, constant: 10),
            a.heightAnchor.constraint(equalTo: b.heightAnchor),
            spacing,
            other.bottomAnchor.constraint(equalTo: b.bottomAnchor),
        ])
        other.layoutEngine.onUnsatisfiable = { _ in }
        other.layoutIfNeeded()
        #expect(other.layoutEngine.conflicts.first?.broken === spacing)
    }
}
