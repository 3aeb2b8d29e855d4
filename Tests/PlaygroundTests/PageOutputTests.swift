import AutoLayout
import Testing
import PlaygroundPages

/// Every page's output, against its golden file and against facts worked out by hand from the
/// page's constraints and the text model (a 17-point character is 10.2 wide, a line 20.4 tall
/// rounded up to 20.5; at 15 points 9 and 18).
@Suite struct PageOutputTests {
    @Test(arguments: playgroundPages.map(\.name))
    func pageMatchesItsGoldenFile(_ name: String) throws {
        let text = output(of: page(name))
        let path = "Tests/PlaygroundTests/Golden/\(name).txt"
        if recording { return try writeFile(text, to: path) }
        let expected = try readFile(path)
        let same = text == expected
        #expect(same, "\(path) differs at \(firstDifference(text, expected)); if the change is right, record it with PLAYGROUND_RECORD=1")
    }

    /// The README shows the cell-conflict page as `swift run Playground cell-conflict` prints it.
    @Test func theReadmeShowsTheCellConflictPage() throws {
        let readme = try readFile("README.md")
        let after = try #require(readme.components(separatedBy: "`swift run Playground cell-conflict` prints (addresses are deterministic):\n\n```\n").dropFirst().first)
        let transcript = try #require(after.components(separatedBy: "\n```\n").first) + "\n"
        let text = output(of: page("cell-conflict"))
        let same = transcript == text
        #expect(same, "README.md's transcript differs at \(firstDifference(transcript, text))")
    }

    @Test func everyPageRunsTheSameTwice() {
        for p in playgroundPages { #expect(output(of: p) == output(of: p), "\(p.name)") }
    }

    @Test func contentView() {
        let text = output(of: page("content-view"))
        // 16-point insets around a 24-point icon; the title takes the rest after 8 of spacing.
        #expect(text.contains("fitted at 375 wide: \(Size(width: 375, height: 16 + 24 + 16))"))
        #expect(text.contains("stack \(Rect(x: 16, y: 16, width: 375 - 2 * 16, height: 24))"))
        #expect(text.contains("gear \(Rect(x: 0, y: 0, width: 24, height: 24))"))
        #expect(text.contains("\"Settings\" \(Rect(x: 24 + 8, y: (24 - 20.5) / 2, width: 343 - 32, height: 20.5))"))
        // 311 points hold 30 characters: "Notifications, sounds and the" / "badges on the app icon".
        #expect(text.contains("same content view: true; fitted: \(Size(width: 375, height: 16 + 41 + 16))"))
        #expect(text.contains("gear \(Rect(x: 0, y: (41 - 24) / 2, width: 24, height: 24))"))
        #expect(text.contains("'UISV-spacing' H:[UIImageView:0x7f8000001600'gear']-(8)-[UILabel:0x7f8000001800'Settings']"))
        #expect(!text.contains("Unable to simultaneously satisfy"))
    }

    @Test func userCell() {
        let text = output(of: page("user-cell"))
        #expect(text.contains("fitted at 375 wide: \(Size(width: 375, height: 48))"))
        #expect(text.contains("avatar \(Rect(x: 16, y: (48 - 32) / 2, width: 32, height: 32))"))
        // "Jane Appleseed": 14 × 10.2 = 142.8, rounded up to 143.
        #expect(text.contains("\"Jane Appleseed\" \(Rect(x: 16 + 32 + 12, y: 24 - 20.5 / 2, width: 143, height: 20.5))"))
        #expect(text.contains("statusDot \(Rect(x: 60 + 143 + 8, y: 24 - 4, width: 8, height: 8))"))
        #expect(text.contains("at the 44-point estimate: 0 conflicts"))
        #expect(text.contains("avatar \(Rect(x: 16, y: (44 - 32) / 2, width: 32, height: 32))"))
        // The long name ends 8 before the dot, which ends 16 before the edge.
        #expect(text.contains("laureate\" \(Rect(x: 60, y: 13.75, width: 375 - 16 - 8 - 8 - 60, height: 20.5))"))
        #expect(text.contains("statusDot \(Rect(x: 375 - 16 - 8, y: 20, width: 8, height: 8)) hidden"))
        #expect(text.contains("'contentView'.height >= 48 @999"))
    }

    @Test func cellConflict() {
        let text = output(of: page("cell-conflict"))
        #expect(text.contains("Unable to simultaneously satisfy constraints."))
        // The configuration's view is the content view: its own autoresizing height, no pins.
        #expect(text.contains("\"<NSAutoresizingMaskLayoutConstraint:0x600000001500 h=--& v=--& PlaygroundPages.SymbolNameContentView:0x7f8000001200'contentView'.height == 44   (active)>\""))
        #expect(text.contains("Will attempt to recover by breaking constraint \n<NSLayoutConstraint:0x600000001480 UILabel:0x7f8000001600'pencil.and.outline'.height == 126   (active)>"))
        // Seven constraints in the group, as UIKit lists for this structure.
        let group = text.components(separatedBy: "\n(\n").dropFirst().first?.components(separatedBy: "\n)\n").first ?? ""
        #expect(group.split(separator: "\n").count == 7)
        // After the break the label fills the row between its 12-point spacings.
        #expect(text.contains("\"pencil.and.outline\" \(Rect(x: 12, y: 12, width: 375 - 2 * 12, height: 44 - 2 * 12))"))
        #expect(text.contains("new conflicts at 44 pt: 0"))
        #expect(text.contains("fitted size: \(Size(width: 375, height: 12 + 126 + 12))"))
        #expect(text.contains("\"pencil.and.outline\" \(Rect(x: 12, y: 12, width: 351, height: 126))"))
        #expect(text.components(separatedBy: "Unable to simultaneously satisfy").count == 2)
    }

    @Test func missingBottom() {
        let text = output(of: page("missing-bottom"))
        #expect(text.contains("AutoLayout: the constraints of UITableViewCellContentView:0x7f8000001200'contentView' do not determine its height"))
        #expect(text.contains("ambiguously suggest a height of zero"))
        #expect(text.contains("row size: \(Size(width: 375, height: 44)), UIKit's standard height"))
        // The detail: 58 characters at 15 points in 343 (38 a line) take two lines of 18.
        #expect(text.contains("\"Two crates of apples and a bag of lemons, at the back door\" \(Rect(x: 16, y: 12 + 20.5 + 4, width: 343, height: 36))"))
        #expect(text.contains("'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:0x7f8000001200'contentView'.height == 44"))
        #expect(text.contains("row size: \(Size(width: 375, height: 12 + 20.5 + 4 + 36 + 12))"))
        #expect(text.components(separatedBy: "do not determine its height").count == 2)
    }

    @Test func fruitStand() {
        let text = output(of: page("fruit-stand"))
        // Inset grouped: 16 at the sides, 35 above; one-line rows 44, the special 11 + 20.5 +
        // 3 + 2 × 18 + 11, the basket 11 + 40 + 11.
        let heights: [Double] = [44, 44, 44, 11 + 20.5 + 3 + 36 + 11, 11 + 40 + 11, 44]
        let names = ["header", "Apples", "Blood oranges", "Mangoes", "The Saturday basket", "Cherries"]
        var y = 35.0
        for (name, h) in zip(names, heights) {
            let padding = String(repeating: " ", count: 19 - name.count)
            #expect(text.contains("  \(name)\(padding) \(Rect(x: 16, y: y, width: 343, height: h))"), "\(name)")
            y += h
        }
        #expect(text.contains("content size: \(Size(width: 375, height: y + 35))"))
        #expect(text.contains("measured with 2 sizing cells"))
    }

    @Test func listAndGrid() {
        let text = output(of: page("list-grid"))
        #expect(text.contains("Passion fruit (0 220; 375 44)"))
        // 77 points of text hold 7 characters: two-word names take two lines, 11 + 41 + 11.
        let item = (375 - 2 * 16 - 2 * 8) / 3.0
        #expect(text.contains("items \(formatNumber(item)) wide"))
        #expect(text.contains("Figs          \(Rect(x: 16 + 2 * (item + 8), y: 16, width: item, height: 63))"))
        #expect(text.contains("Kiwis         \(Rect(x: 16 + item + 8, y: 16 + 63 + 8, width: item, height: 63))"))
        #expect(text.contains("Quinces       \(Rect(x: 16, y: 16 + 2 * (63 + 8), width: item, height: 44))"))
        #expect(text.contains("the same frames as the first time: true"))
        #expect(text.contains("sizing cells made for the three layouts: 1"))
    }

    @Test func dataTable() {
        let text = output(of: page("data-table"))
        // 8 + lines × 18 + 8; the notes column holds 21 characters a line, the first 9.
        #expect(text.contains("Apples         34, 34, 52 -> row \(Rect(x: 0, y: 34, width: 375, height: 52))"))
        #expect(text.contains("Durian         34, 34, 88 -> row \(Rect(x: 0, y: 34 + 52 + 34, width: 375, height: 8 + 4 * 18 + 8))"))
        #expect(text.contains("Passion fruit  52, 34, 34 -> row"))
        #expect(text.contains("content size: \(Size(width: 375, height: 34 + 52 + 34 + 88 + 52))"))
        #expect(text.contains("market\" \(Rect(x: 8, y: 8, width: 205 - 16, height: 72))"))
    }

    @Test func sizeClasses() {
        let text = output(of: page("size-classes"))
        #expect(text.contains("sidebar \(Rect(x: 0, y: 0, width: 375, height: 100))"))
        #expect(text.contains("content \(Rect(x: 0, y: 100, width: 375, height: 600 - 100))"))
        #expect(text.contains("sidebar \(Rect(x: 0, y: 0, width: 300, height: 768))"))
        #expect(text.contains("content \(Rect(x: 300, y: 0, width: 1024 - 300, height: 768))"))
        #expect(text.contains("ambiguous: false; conflicts: 0"))
        #expect(text.contains("'sidebar'.height == 100   (inactive)>"))
    }
}
