import Foundation
import Testing
import AutoLayout

// The samples of the AutoLayout DocC articles and doc comments, line for line, with the results
// their comments state. `everySampleIsHere` checks that each ```swift block of the articles
// appears in this file verbatim (up to indentation and one-line `#expect`s between its lines),
// so an edited sample fails until its test is edited too; the transcripts (```text blocks) are compared with what the code prints.

/// The DocC catalog, found from this file's path.
private let catalog = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/AutoLayout/AutoLayout.docc")

/// The fenced blocks of a markdown text in a language (`swift`, `text`), each as its lines.
private func blocks(_ language: String, in markdown: String) -> [[String]] {
    var blocks: [[String]] = [], current: [String]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if current == nil, trimmed == "```" + language {
            current = []
        } else if current != nil, trimmed == "```" {
            blocks.append(current!)
            current = nil
        } else {
            current?.append(String(line))
        }
    }
    return blocks
}

/// Lines without indentation and without blank lines, for comparing code across nesting levels.
private func normalized(_ lines: [String]) -> [String] {
    lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
}

/// The ```text blocks of an article, each joined, with trailing spaces dropped from every line
/// (editors strip them; UIKit's message has them, and readers of it must not depend on them).
private func transcripts(in article: String) throws -> [String] {
    let text = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
    return blocks("text", in: text).map { withoutTrailingSpaces($0.joined(separator: "\n")) }
}

private func withoutTrailingSpaces(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
        .joined(separator: "\n")
}

// MARK: Types the articles declare

final class Swatch: View {
    var side = 20.0 { didSet { invalidateIntrinsicContentSize() } }
    override var intrinsicContentSize: Size { Size(width: side, height: side) }
}

final class Card: View {
    let title = Label(), body = Label()
    override init(frame: Rect) {
        super.init(frame: frame)
        body.numberOfLines = 0
        for label in [title, body] {
            label.translatesAutoresizingMaskIntoConstraints = false
            addSubview(label)
        }
        LayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: topAnchor, constant: 16),
            title.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            title.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: -16),
            body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
            body.leadingAnchor.constraint(equalTo: title.leadingAnchor),
            body.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
            body.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -16),
        ])
    }
}

final class NoteCell: CollectionViewCell {
    let note = Label()
    required init(frame: Rect) {
        super.init(frame: frame)
        note.numberOfLines = 0
        note.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(note)
        LayoutConstraint.activate([
            note.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            note.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            note.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            note.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
        ])
    }
}

@Suite struct DocumentationExamplesTests {
    @Test func everySampleIsHere() throws {
        // One-line expectations may sit between a sample's lines: they are not part of it.
        let source = normalized(try String(contentsOfFile: #filePath, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            .filter { !$0.hasPrefix("#expect(") }
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }.sorted()
        #expect(articles == ["AutoLayout.md", "GettingStarted.md", "PrioritiesAndConflicts.md", "SizingCells.md"])
        for article in articles {
            let text = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
            for block in blocks("swift", in: text) {
                let lines = normalized(block)
                let found = source.indices.contains { start in
                    start + lines.count <= source.count && Array(source[start..<(start + lines.count)]) == lines
                }
                #expect(found, "\(article): a sample is not in DocumentationExamplesTests.swift:\n\(block.joined(separator: "\n"))")
            }
        }
    }

    // MARK: The landing page

    @Test func landingPage() {
        let row = View(frame: Rect(x: 0, y: 0, width: 375, height: 44))
        let avatar = View(), name = Label(text: "Jane Appleseed")
        for view in [avatar, name] {
            view.translatesAutoresizingMaskIntoConstraints = false
            row.addSubview(view)
        }
        LayoutConstraint.activate([
            avatar.leadingAnchor.constraint(equalTo: row.layoutMarginsGuide.leadingAnchor),
            avatar.centerYAnchor.constraint(equalTo: row.centerYAnchor),
            avatar.widthAnchor.constraint(equalToConstant: 32),
            avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor),
            name.leadingAnchor.constraint(equalToSystemSpacingAfter: avatar.trailingAnchor, multiplier: 1),
            name.centerYAnchor.constraint(equalTo: avatar.centerYAnchor),
        ])
        row.layoutIfNeeded()
        print(avatar.frame, name.frame)   // (8 6; 32 32) (48 11.75; 143 20.5)
        #expect("\(avatar.frame) \(name.frame)" == "(8 6; 32 32) (48 11.75; 143 20.5)")
        #expect(row.layoutEngine.conflicts.isEmpty)
    }

    // MARK: Getting started

    @Test func viewsAnchorsAndFrames() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let header = View()
        let title = Label(text: "Hello, Auto Layout")
        for view in [header, title] {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        let headerHeight = header.heightAnchor.constraint(equalToConstant: 64)
        LayoutConstraint.activate([
            header.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            header.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            header.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            headerHeight,
            title.topAnchor.constraint(equalToSystemSpacingBelow: header.bottomAnchor, multiplier: 2),
            title.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
        ])
        root.layoutIfNeeded()
        print(header.frame)   // (0 0; 320 64)
        print(title.frame)    // (8 80; 184 20.5)
        #expect(header.frame.description == "(0 0; 320 64)")
        #expect(title.frame.description == "(8 80; 184 20.5)")
        #expect(root.frame == Rect(x: 0, y: 0, width: 320, height: 480))
        // Each constraint is installed on the closest common ancestor of its items.
        #expect(header.constraints.count == 1 && header.constraints[0] === headerHeight)
        #expect(root.constraints.count == 5)

        headerHeight.constant = 100
        print(title.frame)    // (8 80; 184 20.5): not yet
        #expect(title.frame.description == "(8 80; 184 20.5)")
        root.layoutIfNeeded()
        print(title.frame)    // (8 116; 184 20.5)
        #expect(title.frame.description == "(8 116; 184 20.5)")

        root.safeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        root.layoutIfNeeded()
        print(header.frame)   // (0 20; 320 100)
        #expect(header.frame.description == "(0 20; 320 100)")
        root.semanticContentAttribute = .forceRightToLeft
        root.layoutIfNeeded()
        print(title.frame)    // (128 136; 184 20.5): its leading edge is the right margin now
        #expect(title.frame.description == "(128 136; 184 20.5)")
        #expect(root.layoutEngine.conflicts.isEmpty)
    }

    @Test func intrinsicContentSize() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        let swatch = Swatch()
        swatch.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(swatch)
        LayoutConstraint.activate([
            swatch.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            swatch.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(swatch.frame == Rect(x: 300, y: 0, width: 20, height: 20))
        swatch.side = 30
        root.layoutIfNeeded()
        #expect(swatch.frame == Rect(x: 290, y: 0, width: 30, height: 30))
        #expect(swatch.contentHuggingPriority(for: .horizontal) == 250)
        #expect(swatch.contentCompressionResistancePriority(for: .vertical) == 750)
    }

    @Test func stackViews() {
        let toolbar = View(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        let icon = ImageView(image: Image(size: Size(width: 24, height: 24)))
        let caption = Label(text: "Downloads")
        let action = Button(title: "Clear")
        caption.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)   // the caption stretches
        let stack = StackView(arrangedSubviews: [icon, caption, action])
        stack.spacing = 8
        stack.alignment = .center
        stack.translatesAutoresizingMaskIntoConstraints = false
        toolbar.addSubview(stack)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: toolbar.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: toolbar.layoutMarginsGuide.trailingAnchor),
            stack.centerYAnchor.constraint(equalTo: toolbar.centerYAnchor),
        ])
        toolbar.layoutIfNeeded()
        print(caption.frame)   // (32 4.75; 219 20.5)
        print(action.frame)    // (259 0; 45 30)
        #expect(caption.frame.description == "(32 4.75; 219 20.5)")
        #expect(action.frame.description == "(259 0; 45 30)")
        #expect(!caption.hasAmbiguousLayout)
        action.isHidden = true
        toolbar.layoutIfNeeded()
        print(caption.frame)   // (32 1.75; 272 20.5)
        #expect(caption.frame.description == "(32 1.75; 272 20.5)")
        #expect(toolbar.layoutEngine.conflicts.isEmpty)
    }

    @Test func autoresizingMasks() {
        let window = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let banner = View(frame: Rect(x: 0, y: 430, width: 320, height: 50))
        banner.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        window.addSubview(banner)
        window.layoutIfNeeded()
        window.frame = Rect(x: 0, y: 0, width: 480, height: 320)
        window.layoutIfNeeded()
        print(banner.frame)   // (0 270; 480 50): still 50 tall at the bottom, now 480 wide
        #expect(banner.frame.description == "(0 270; 480 50)")
        #expect(window.layoutEngine.conflicts.isEmpty)
    }

    @Test func visualFormat() {
        let bar = View(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        let left = View(), right = View()
        for view in [left, right] {
            view.translatesAutoresizingMaskIntoConstraints = false
            bar.addSubview(view)
        }
        LayoutConstraint.activate(
            LayoutConstraint.constraints(withVisualFormat: "H:|-[left(==right)]-[right]-|",
                                         options: [.alignAllTop, .alignAllBottom], metrics: nil,
                                         views: ["left": left, "right": right])
            + LayoutConstraint.constraints(withVisualFormat: "V:|-(6)-[left]-(6)-|", metrics: nil,
                                           views: ["left": left]))
        bar.layoutIfNeeded()
        print(left.frame, right.frame)   // (8 6; 148 32) (164 6; 148 32)
        #expect("\(left.frame) \(right.frame)" == "(8 6; 148 32) (164 6; 148 32)")
        #expect(!right.hasAmbiguousLayout)
    }

    @Test func constraintSets() {
        let screen = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let sidebar = View(), content = View()
        for view in [sidebar, content] {
            view.translatesAutoresizingMaskIntoConstraints = false
            screen.addSubview(view)
        }
        let shared = [
            sidebar.topAnchor.constraint(equalTo: screen.topAnchor),
            sidebar.leadingAnchor.constraint(equalTo: screen.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: screen.trailingAnchor),
            content.bottomAnchor.constraint(equalTo: screen.bottomAnchor),
        ]
        let wide = ConstraintSet("wide", shared + [
            sidebar.widthAnchor.constraint(equalToConstant: 100),
            sidebar.bottomAnchor.constraint(equalTo: screen.bottomAnchor),
            content.leadingAnchor.constraint(equalTo: sidebar.trailingAnchor),
            content.topAnchor.constraint(equalTo: screen.topAnchor),
        ])
        let narrow = ConstraintSet("narrow", shared + [
            sidebar.trailingAnchor.constraint(equalTo: screen.trailingAnchor),
            sidebar.heightAnchor.constraint(equalToConstant: 44),
            content.leadingAnchor.constraint(equalTo: screen.leadingAnchor),
            content.topAnchor.constraint(equalTo: sidebar.bottomAnchor),
        ])
        wide.activate()
        screen.layoutIfNeeded()
        print(sidebar.frame, content.frame)   // (0 0; 100 300) (100 0; 300 300)
        #expect("\(sidebar.frame) \(content.frame)" == "(0 0; 100 300) (100 0; 300 300)")
        wide.swap(to: narrow)
        screen.layoutIfNeeded()
        print(sidebar.frame, content.frame)   // (0 0; 400 44) (0 44; 400 256)
        #expect("\(sidebar.frame) \(content.frame)" == "(0 0; 400 44) (0 44; 400 256)")
        #expect(!wide.isActive && narrow.isActive && shared.allSatisfy(\.isActive))
        #expect(screen.layoutEngine.conflicts.isEmpty)
    }

    /// `ConstraintSet`'s doc comment sample, in a hierarchy that makes it complete.
    @Test func constraintSetDocComment() {
        let screen = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let sidebar = View(), content = View()
        for view in [sidebar, content] {
            view.translatesAutoresizingMaskIntoConstraints = false
            screen.addSubview(view)
        }
        let wide = ConstraintSet("wide", [sidebar.widthAnchor.constraint(equalToConstant: 100),
                                          content.leadingAnchor.constraint(equalTo: sidebar.trailingAnchor)])
        let narrow = ConstraintSet("narrow", [sidebar.heightAnchor.constraint(equalToConstant: 44),
                                              content.topAnchor.constraint(equalTo: sidebar.bottomAnchor)])
        wide.activate()
        wide.swap(to: narrow)   // one batch: no layout pass sees both sets, or neither
        #expect(!wide.isActive && narrow.isActive)
        #expect(wide.constraints.allSatisfy { !$0.isActive })
    }

    // MARK: Priorities and conflicts

    @Test func prioritiesAreExactLevels() {
        let canvas = View(frame: Rect(x: 0, y: 0, width: 320, height: 100))
        let bar = View()
        bar.translatesAutoresizingMaskIntoConstraints = false
        canvas.addSubview(bar)
        let narrow = bar.widthAnchor.constraint(equalToConstant: 100)
        narrow.priority = 999
        var wide: [LayoutConstraint] = []
        for length in [200.0, 210, 220] {
            let constraint = bar.widthAnchor.constraint(equalToConstant: length)
            constraint.priority = 998
            wide.append(constraint)
        }
        LayoutConstraint.activate([narrow] + wide + [
            bar.leadingAnchor.constraint(equalTo: canvas.leadingAnchor),
            bar.topAnchor.constraint(equalTo: canvas.topAnchor),
            bar.heightAnchor.constraint(equalToConstant: 10),
        ])
        canvas.layoutIfNeeded()
        print(bar.frame)   // (0 0; 100 10): the one at 999 wins
        #expect(bar.frame.description == "(0 0; 100 10)")
        #expect(!bar.hasAmbiguousLayout)
        // The named levels.
        #expect([LayoutPriority.required, .defaultHigh, .dragThatCanResizeScene, .sceneSizeStayPut,
                 .dragThatCannotResizeScene, .defaultLow, .fittingSizeLevel].map(\.rawValue) == [1000, 750, 510, 500, 490, 250, 50])
        #expect(LayoutPriority.defaultLow + 1 == 251 && LayoutPriority.required - 1 == 999)
        // Optional to optional on an active constraint is fine.
        narrow.priority = 997
        canvas.layoutIfNeeded()
        #expect(bar.frame.width == 210)   // now the three at 998 decide: their median
    }

    @Test func huggingAndCompressionResistance() {
        let row = View(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        let name = Label(text: "Jane Appleseed"), date = Label(text: "Yesterday")
        for view in [name, date] {
            view.translatesAutoresizingMaskIntoConstraints = false
            row.addSubview(view)
        }
        LayoutConstraint.activate([
            name.leadingAnchor.constraint(equalTo: row.layoutMarginsGuide.leadingAnchor),
            date.leadingAnchor.constraint(equalToSystemSpacingAfter: name.trailingAnchor, multiplier: 1),
            date.trailingAnchor.constraint(equalTo: row.layoutMarginsGuide.trailingAnchor),
            name.centerYAnchor.constraint(equalTo: row.centerYAnchor),
            date.firstBaselineAnchor.constraint(equalTo: name.firstBaselineAnchor),
        ])
        print(name.hasAmbiguousLayout)   // true: both labels hug at 250
        #expect(name.hasAmbiguousLayout)
        date.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)
        row.layoutIfNeeded()
        print(name.frame, date.frame)    // (8 11.75; 204 20.5) (220 11.75; 92 20.5)
        #expect("\(name.frame) \(date.frame)" == "(8 11.75; 204 20.5) (220 11.75; 92 20.5)")
        #expect(!name.hasAmbiguousLayout)

        // Both too long: equal compression resistance is ambiguous; raising the date's settles it.
        name.text = "Johnathan Appleseed-Smithington"
        #expect(name.hasAmbiguousLayout)
        date.setContentCompressionResistancePriority(.defaultHigh + 1, for: .horizontal)
        row.layoutIfNeeded()
        #expect(!name.hasAmbiguousLayout)
        #expect(date.frame.width == 92 && name.frame.width == 204)
        #expect(row.layoutEngine.conflicts.isEmpty)
    }

    @Test func unsatisfiableConstraintsAndTheFix() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 100))
        let box = View()
        box.translatesAutoresizingMaskIntoConstraints = false
        box.accessibilityIdentifier = "box"
        root.addSubview(box)
        var messages: [String] = []
        root.layoutEngine.onUnsatisfiable = { messages.append($0.message) }
        let width = box.widthAnchor.constraint(equalToConstant: 300)
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            root.trailingAnchor.constraint(equalTo: box.trailingAnchor, constant: 20),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.heightAnchor.constraint(equalToConstant: 44),
            width,
        ])
        root.layoutIfNeeded()
        print(messages[0])
        // The message is the article's transcript.
        let transcript = try #require(try transcripts(in: "PrioritiesAndConflicts.md").first)
        #expect(withoutTrailingSpaces(messages[0]) == transcript)
        #expect(messages.count == 1)

        let conflict = root.layoutEngine.conflicts[0]
        print(conflict.broken === width)   // true
        print(box.frame)                   // (20 0; 280 44): the edges won
        #expect(conflict.broken === width)
        #expect(box.frame.description == "(20 0; 280 44)")
        #expect(conflict.constraints.count == 4 && conflict.message == messages[0])
        #expect(width.isActive)   // broken, not deactivated

        width.isActive = false
        width.priority = .required - 1   // 999
        width.isActive = true
        root.layoutIfNeeded()
        print(box.frame)        // (20 0; 280 44)
        print(messages.count)   // 1: no new conflict
        #expect(box.frame.description == "(20 0; 280 44)")
        #expect(messages.count == 1)
    }

    @Test func theTableCellFix() {
        let cell = TableViewCell(reuseIdentifier: "caption")
        let caption = Label(text: "A symbol with a long caption")
        caption.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(caption)
        let bottom = caption.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor, constant: -12)
        bottom.priority = 999   // required, it would conflict with the 44-point row
        LayoutConstraint.activate([
            caption.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 12),
            bottom,
            caption.leadingAnchor.constraint(equalTo: cell.contentView.layoutMarginsGuide.leadingAnchor),
            caption.trailingAnchor.constraint(equalTo: cell.contentView.layoutMarginsGuide.trailingAnchor),
            caption.heightAnchor.constraint(equalToConstant: 126),
        ])
        cell.layoutIfNeeded()
        print(cell.layoutEngine.conflicts.count)              // 0
        print(cell.preferredLayoutSize(fittingWidth: 320))    // (320, 150): 12 + 126 + 12
        #expect(cell.layoutEngine.conflicts.isEmpty)
        #expect(cell.preferredLayoutSize(fittingWidth: 320) == Size(width: 320, height: 150))
    }

    /// The same cell with a required bottom: the conflict the article describes.
    @Test func theTableCellConflict() throws {
        let cell = TableViewCell(reuseIdentifier: "caption")
        cell.layoutEngine.onUnsatisfiable = { _ in }
        let caption = Label(text: "A symbol with a long caption")
        caption.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(caption)
        let height = caption.heightAnchor.constraint(equalToConstant: 126)
        LayoutConstraint.activate([
            caption.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 12),
            caption.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor, constant: -12),
            caption.leadingAnchor.constraint(equalTo: cell.contentView.layoutMarginsGuide.leadingAnchor),
            caption.trailingAnchor.constraint(equalTo: cell.contentView.layoutMarginsGuide.trailingAnchor),
            height,
        ])
        cell.layoutIfNeeded()
        let conflict = try #require(cell.layoutEngine.conflicts.first)
        #expect(conflict.broken === height)
        #expect(conflict.constraints.last?.description.contains(
            "'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:0x7f8000001200.height == 44") == true)
        #expect(cell.preferredLayoutSize(fittingWidth: 320).height == 150)
    }

    @Test func ambiguousLayouts() throws {
        let panel = View(frame: Rect(x: 0, y: 0, width: 320, height: 100))
        let badge = View()
        badge.translatesAutoresizingMaskIntoConstraints = false
        badge.accessibilityIdentifier = "badge"
        panel.addSubview(badge)
        LayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: panel.layoutMarginsGuide.leadingAnchor),
            badge.widthAnchor.constraint(equalToConstant: 24),
            badge.heightAnchor.constraint(equalToConstant: 24),
        ])
        panel.layoutIfNeeded()
        print(badge.hasAmbiguousLayout)   // true: nothing says where the top is
        print(badge.autolayoutTrace())
        #expect(badge.hasAmbiguousLayout)
        let trace = try transcripts(in: "PrioritiesAndConflicts.md")
        #expect(trace.count == 2)
        #expect(badge.autolayoutTrace() == trace.last)

        let y = badge.frame.minY
        badge.exerciseAmbiguityInLayout()
        #expect(badge.frame.minY == y + 10)
        badge.exerciseAmbiguityInLayout()
        #expect(badge.frame.minY == y - 10)
        #expect(badge.constraintsAffectingLayout(for: .vertical).map(\.firstAttribute) == [.height])

        badge.centerYAnchor.constraint(equalTo: panel.centerYAnchor).isActive = true
        panel.layoutIfNeeded()
        print(badge.hasAmbiguousLayout, badge.frame)   // false (8 38; 24 24)
        #expect(!badge.hasAmbiguousLayout)
        #expect(badge.frame.description == "(8 38; 24 24)")
    }

    // MARK: Sizing cells

    @Test func measuringAView() {
        let card = Card(frame: .zero)
        card.title.text = "Weather"
        card.body.text = "Light rain in the afternoon, clearing by evening."
        let atWidth300 = card.systemLayoutSizeFitting(Size(width: 300, height: 0),
                                                      withHorizontalFittingPriority: .required,
                                                      verticalFittingPriority: .fittingSizeLevel)
        print(atWidth300)   // (300, 122): 16 + 20.5 + 8 + 3 lines of 20.4 (61.5) + 16
        let atWidth200 = card.systemLayoutSizeFitting(Size(width: 200, height: 0),
                                                      withHorizontalFittingPriority: .required,
                                                      verticalFittingPriority: .fittingSizeLevel)
        print(atWidth200)   // (200, 142.5): the body wraps onto 4 lines
        print(card.frame)   // (0 0; 0 0): measuring moves nothing
        #expect(atWidth300 == Size(width: 300, height: 122))
        #expect(atWidth200 == Size(width: 200, height: 142.5))
        #expect(card.frame == .zero)
        #expect(card.layoutEngine.fittingIssues.isEmpty)
    }

    @Test func howLabelsMeasureText() {
        let hello = Label(text: "Hello")
        print(hello.intrinsicContentSize)     // (51, 20.5): 5 × 10.2 and 20.4, rounded up
        let fox = Label(text: "The quick brown fox jumps over the lazy dog")
        print(fox.intrinsicContentSize)       // (439, 20.5): one line, however long
        fox.numberOfLines = 0
        fox.preferredMaxLayoutWidth = 150
        print(fox.intrinsicContentSize)       // (143, 82): 14 characters a line, 4 lines
        #expect(hello.intrinsicContentSize == Size(width: 51, height: 20.5))
        #expect(fox.intrinsicContentSize == Size(width: 143, height: 82))
        fox.numberOfLines = 2
        print(fox.intrinsicContentSize)       // (92, 41): the first 2 lines
        #expect(fox.intrinsicContentSize == Size(width: 92, height: 41))
        fox.numberOfLines = 1
        #expect(fox.intrinsicContentSize == Size(width: 439, height: 20.5))
    }

    @Test func selfSizingCollectionCells() {
        let cell = NoteCell()
        cell.note.text = "Buy milk"
        print(cell.preferredLayoutSize(fittingWidth: 320))   // (320, 44.5): 12 + 20.5 + 12
        #expect(cell.preferredLayoutSize(fittingWidth: 320) == Size(width: 320, height: 44.5))
        cell.note.text = "Call the plumber about the kitchen tap before the weekend"
        print(cell.preferredLayoutSize(fittingWidth: 320))   // (320, 85.5): 3 lines
        #expect(cell.preferredLayoutSize(fittingWidth: 320) == Size(width: 320, height: 85.5))
    }

    @Test func listsGridsAndTables() async {
        let notes = ["Buy milk", "Call the plumber about the kitchen tap before the weekend", "Water the plants"]
        let registration = CellRegistration<NoteCell, String>(cell: { NoteCell() }) { cell, text in
            cell.note.text = text
        }
        let list = ListLayout().layout(items: notes, width: 320, using: registration)
        print(list.itemFrames)    // [(0 0; 320 44.5), (0 44.5; 320 85.5), (0 130; 320 44.5)]
        print(list.contentSize)   // (320, 174.5)
        #expect(list.itemFrames.description == "[(0 0; 320 44.5), (0 44.5; 320 85.5), (0 130; 320 44.5)]")
        #expect(list.contentSize.description == "(320, 174.5)")

        let grid = GridLayout(columns: 2, groupHeight: .estimated(44), interItemSpacing: 8, interGroupSpacing: 8)
        print(grid.layout(items: notes, width: 320, using: registration))
        // [(0 0; 156 146.5), (164 0; 156 146.5), (0 154.5; 156 65)]: each row as tall as its tallest item
        #expect(grid.layout(items: notes, width: 320, using: registration).description
                == "[(0 0; 156 146.5), (164 0; 156 146.5), (0 154.5; 156 65)]")

        let measured = await ListLayout().layout(items: notes, width: 320, using: {
            CellRegistration<NoteCell, String>(cell: { NoteCell() }) { cell, text in cell.note.text = text }
        }, workers: 2)
        print(measured == list)   // true
        #expect(measured == list)

        #expect(ListLayout().estimatedLayout(itemCount: 3, width: 320).itemFrames.map(\.height) == [44, 44, 44])
        let table = TableLayout(columnWidths: [100, 220]).layout(rows: [["Milk", "Buy two litres on the way home"], ["Plants", "Water"]],
                                                                 using: registration)
        #expect(table.rowFrames.map(\.height) == [65, 44.5])   // "Buy two litres on / the way home"
    }

    @Test func listContentConfigurations() {
        var content = ListContentConfiguration.cell()
        content.text = "A longer text that wraps onto a second line at this width"
        let cell = CollectionViewListCell()
        cell.contentConfiguration = content
        #expect(cell.preferredLayoutSize(fittingWidth: 375).height == 63)   // 11 + 2 lines + 11
        content.text = "Short"
        cell.contentConfiguration = content
        #expect(cell.preferredLayoutSize(fittingWidth: 375).height == 44)   // 42.5, at least 44
    }

    @Test func tableViewCells() {
        let row = TableViewCell()
        let label = Label(text: "No bottom constraint")
        label.translatesAutoresizingMaskIntoConstraints = false
        row.contentView.addSubview(label)
        var issues: [FittingIssue] = []
        row.layoutEngine.onFittingIssue = { issues.append($0) }
        LayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: row.contentView.topAnchor, constant: 12),
            label.leadingAnchor.constraint(equalTo: row.contentView.leadingAnchor, constant: 16),
        ])
        print(row.preferredLayoutSize(fittingWidth: 375))   // (375, 44)
        print(issues[0].message)
        // AutoLayout: the constraints of UITableViewCellContentView:0x7f8000001200 do not determine its
        // height: no chain of constraints connects its top and bottom edges through its content. The
        // chain from its top ends at UILabel:0x7f8000001400'No bottom constraint'.bottom, 32.5 from its
        // top: nothing connects that to its bottom (a missing bottom constraint?). Fitting returns 0,
        // the target.
        #expect(row.preferredLayoutSize(fittingWidth: 375) == Size(width: 375, height: 44))
        #expect(issues[0].message == "AutoLayout: the constraints of UITableViewCellContentView:0x7f8000001200 do not determine its height: no chain of constraints connects its top and bottom edges through its content. The chain from its top ends at UILabel:0x7f8000001400'No bottom constraint'.bottom, 32.5 from its top: nothing connects that to its bottom (a missing bottom constraint?). Fitting returns 0, the target.")
        #expect(issues[0].axis == .vertical && issues[0].returnedSize == 0 && issues[0].view === row.contentView)
        #expect(row.layoutEngine.fittingIssues.count == issues.count)
    }
}
