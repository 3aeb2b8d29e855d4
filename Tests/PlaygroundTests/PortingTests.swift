import AutoLayout
import Testing
@testable import PlaygroundPages

/// UIKit source ported the way the README promises: `import UIKit` becomes `import AutoLayout`,
/// and every name that starts with `UI` or `NS` followed by a capital loses those two letters
/// (`NSLayoutConstraint` → `LayoutConstraint`, `UITableViewCell.CellStyle` →
/// `TableViewCell.CellStyle`, `NSCoder` → `Coder`). Nothing else changes.
func droppingUIKitPrefixes(_ source: String) -> String {
    let text = Array(source.replacingOccurrences(of: "import UIKit\n", with: "import AutoLayout\n"))
    var result = ""
    var i = 0
    func isIdentifier(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
    while i < text.count {
        let atWordStart = i == 0 || !isIdentifier(text[i - 1])
        if atWordStart, i + 2 < text.count, ["UI", "NS"].contains(String(text[i...(i + 1)])), text[i + 2].isUppercase {
            i += 2
            continue
        }
        result.append(text[i])
        i += 1
    }
    return result
}

/// The one change Linux forces beyond the prefixes, in a cell: a collection or table view makes
/// cells from their class, which without Objective-C only a required initializer allows, so a
/// cell's `override init(style:…` or `override init(frame:…` is `required init(…`.
func portingCellInitializers(_ source: String) -> String {
    source.replacingOccurrences(of: "override init(style:", with: "required init(style:")
        .replacingOccurrences(of: "override init(frame:", with: "required init(frame:")
}

/// The user cell of the `user-cell` page is the UIKit cell in `Fixtures/UserCell+UIKit.swift.txt`
/// with the prefixes dropped and its initializer `required`, word for word; it compiles (it is
/// in the PlaygroundPages target) and lays out as the constraints say.
@Suite struct PortingTests {
    @Test func prefixesAreDroppedFromNamesOnly() {
        #expect(droppingUIKitPrefixes("import UIKit\nNSLayoutConstraint.activate([UIView().widthAnchor.constraint(equalToConstant: 1)])")
                == "import AutoLayout\nLayoutConstraint.activate([View().widthAnchor.constraint(equalToConstant: 1)])")
        #expect(droppingUIKitPrefixes("let x: UInt = 1; isUIEnabled; myNSCoder; NSCoder; UILayoutPriority(999)")
                == "let x: UInt = 1; isUIEnabled; myNSCoder; Coder; LayoutPriority(999)")
    }

    @Test func thePagesUserCellIsTheUIKitCellWithoutPrefixes() throws {
        let uikit = try readFile("Tests/PlaygroundTests/Fixtures/UserCell+UIKit.swift.txt")
        for name in ["import UIKit", "UITableViewCell.CellStyle", "NSCoder", "UIImageView()", "UILabel()", "UIView()",
                     "UIFont.systemFont", "UILayoutPriority(999)", "NSLayoutConstraint.activate(["] {
            #expect(uikit.contains(name), "the UIKit code uses \(name)")
        }
        let ported = portingCellInitializers(droppingUIKitPrefixes(uikit))
        #expect(!ported.contains("UI") && !ported.contains("NS"))
        // The page: its imports, a comment, then the ported code after its import line.
        let body = try #require(ported.components(separatedBy: "import AutoLayout\n\n").last)
        let pageSource = try readFile("Playground/Pages/UserCell.swift")
        let code = try #require(pageSource.components(separatedBy: "\nfunc userCellPage").first)
        #expect(code.hasSuffix("\n" + body), "Playground/Pages/UserCell.swift must hold the ported cell word for word")
    }

    /// A cell laid out as a table would: measured at 375 wide, then placed at that size.
    private func placedCell(_ user: User, width: Double = 375) -> UserCell {
        let cell = UserCell(style: .default, reuseIdentifier: "user")
        cell.layoutEngine.onUnsatisfiable = { Issue.record("conflict: \($0.message)") }
        cell.configure(with: user)
        cell.frame = Rect(origin: .zero, size: cell.preferredLayoutSize(fittingWidth: width))
        cell.layoutIfNeeded()
        return cell
    }

    @Test func theCellIsAtLeast48TallWithItsAvatarCentred() {
        let cell = placedCell(User(name: "Jane Appleseed", isOnline: true))
        #expect(cell.frame.size == Size(width: 375, height: 48))
        #expect(cell.avatarView.frame == Rect(x: 16, y: (48 - 32) / 2, width: 32, height: 32))
        // 14 characters of 10.2 points, 142.8, rounded up to the half point.
        #expect(cell.nameLabel.frame == Rect(x: 16 + 32 + 12, y: 24 - 20.5 / 2, width: 143, height: 20.5))
        #expect(cell.statusDot.frame == Rect(x: 60 + 143 + 8, y: 24 - 4, width: 8, height: 8))
        #expect(!cell.statusDot.isHidden)
        #expect(cell.defaultContentConfiguration() == .cell())
    }

    @Test func aLongNameStopsBeforeTheDotAndTheDotBeforeTheEdge() {
        let cell = placedCell(User(name: String(repeating: "Bartholomew ", count: 5), isOnline: false), width: 320)
        #expect(cell.nameLabel.frame.width == 320 - 16 - 8 - 8 - 60)
        #expect(cell.statusDot.frame.maxX == 320 - 16)
        #expect(cell.statusDot.isHidden)
    }

    @Test func theMinimumHeightGivesWayToTheTablesEstimate() {
        let cell = UserCell(style: .subtitle, reuseIdentifier: nil)
        var conflicts = 0
        cell.layoutEngine.onUnsatisfiable = { _ in conflicts += 1 }
        cell.configure(with: User(name: "Jane", isOnline: true))
        cell.frame = Rect(x: 0, y: 0, width: 375, height: 44)
        cell.layoutIfNeeded()
        #expect(conflicts == 0)
        #expect(cell.avatarView.frame.minY == (44 - 32) / 2)
        // Below 6 + 32 + 6 the avatar's required margin cannot hold: UIKit's conflict.
        cell.frame = Rect(x: 0, y: 0, width: 375, height: 40)
        cell.layoutIfNeeded()
        #expect(conflicts == 1)
        #expect(cell.defaultContentConfiguration() == .subtitleCell())
    }
}
