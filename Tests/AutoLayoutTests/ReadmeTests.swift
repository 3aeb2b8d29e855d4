import Testing
import AutoLayout

@Suite struct ReadmeTests {
    /// The README's fifteen-line example, line for line, with the frames its comment states.
    @Test func viewsAndAnchorsExample() {
        let row = View(frame: Rect(x: 0, y: 0, width: 375, height: 44))
        let avatar = View(), name = Label(text: "Jane Appleseed")
        for v in [avatar, name] {
            v.translatesAutoresizingMaskIntoConstraints = false
            row.addSubview(v)
        }
        LayoutConstraint.activate([
            avatar.leadingAnchor.constraint(equalTo: row.layoutMarginsGuide.leadingAnchor),
            avatar.centerYAnchor.constraint(equalTo: row.centerYAnchor),
            avatar.widthAnchor.constraint(equalToConstant: 32),
            avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor),
            name.leadingAnchor.constraint(equalToSystemSpacingAfter: avatar.trailingAnchor, multiplier: 1),
            name.centerYAnchor.constraint(equalTo: avatar.centerYAnchor),
        ])
        row.layoutIfNeeded()   // avatar (8 6; 32 32), name (48 11.75; 143 20.5)
        #expect(avatar.frame.description == "(8 6; 32 32)")
        #expect(name.frame.description == "(48 11.75; 143 20.5)")
        #expect(row.layoutEngine.conflicts.isEmpty)
    }
}
