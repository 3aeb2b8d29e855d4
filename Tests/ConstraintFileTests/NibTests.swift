import Testing
import AutoLayout
@testable import ConstraintFile

/// `Tests/ConstraintFileTests/Fixtures`, found from this file's path.
let nibFixtures: String = {
    let file = "\(#filePath)"
    return String(file[..<file.lastIndex(of: "/")!]) + "/Fixtures"
}()

/// The fixture's text: the article's content view, with the label's height required.
func symbolNameNib() throws -> String { try InputFile.read(nibFixtures + "/SFSymbolNameContentView.xib") }

/// An owner with the fixture's two outlets, for loading variants of it with ``Nib``.
final class SymbolNameOwner: NibOwner {
    var containerView: View!
    var nameLabel: Label!

    func connect(outlet name: String, to object: AnyObject) throws(NibOutletError) {
        try connect(outlet: name, to: object, among: ["containerView": .init(\.containerView), "nameLabel": .init(\.nameLabel)])
    }
}

/// An owner that lacks the fixture's `nameLabel` outlet.
final class ContainerOnly: NibOwner {
    var containerView: View!

    func connect(outlet name: String, to object: AnyObject) throws(NibOutletError) {
        try connect(outlet: name, to: object, among: ["containerView": .init(\.containerView)])
    }
}

/// An owner that takes any outlet, recording what it got.
final class RecordingOwner: NibOwner {
    var outlets: [(name: String, object: AnyObject)] = []

    func connect(outlet name: String, to object: AnyObject) throws(NibOutletError) {
        outlets.append((name, object))
    }
}

@Suite struct NibTests {
    init() { Bundle.main.nibSearchPaths = [nibFixtures] }

    /// A constraint's parts, to compare with the file's.
    struct Parts: Equatable {
        var first: ObjectIdentifier?, firstAttribute: LayoutConstraint.Attribute, second: ObjectIdentifier?
        var secondAttribute: LayoutConstraint.Attribute, constant: Double, priority: Float

        init(_ first: AnyObject?, _ firstAttribute: LayoutConstraint.Attribute, _ second: AnyObject?, _ secondAttribute: LayoutConstraint.Attribute,
             _ constant: Double, _ priority: Float = 1000) {
            self.first = first.map(ObjectIdentifier.init)
            self.firstAttribute = firstAttribute
            self.second = second.map(ObjectIdentifier.init)
            self.secondAttribute = secondAttribute
            self.constant = constant
            self.priority = priority
        }

        init(_ c: LayoutConstraint) {
            self.init(c.firstItem, c.firstAttribute, c.secondItem, c.secondAttribute, c.constant, c.priority.rawValue)
        }
    }

    @Test func theViewsHaveWhatTheFileSays() throws {
        let owner = SymbolNameOwner()
        let topLevel = try #require(try Bundle.main.loadNibNamed("SFSymbolNameContentView", owner: owner, options: nil))
        let container = try #require(owner.containerView)
        let label = try #require(owner.nameLabel)
        #expect(topLevel.count == 1 && topLevel[0] as? View === container)
        #expect(container.frame == Rect(x: 0, y: 0, width: 414, height: 150))
        #expect(container.translatesAutoresizingMaskIntoConstraints)
        #expect(container.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        #expect(container.directionalLayoutMargins == DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8))
        #expect(container.safeAreaInsets == .zero)
        #expect(label.frame == Rect(x: 12, y: 12, width: 390, height: 126))
        #expect(!label.translatesAutoresizingMaskIntoConstraints)
        #expect(label.text == "Label" && label.font.pointSize == 17 && label.numberOfLines == 0)
        #expect(label.textAlignment == .center && label.lineBreakMode == .byTruncatingTail)
        #expect(label.contentHuggingPriority(for: .horizontal) == LayoutPriority(251))
        #expect(label.contentHuggingPriority(for: .vertical) == LayoutPriority(251))
        #expect(label.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
    }

    @Test func constraintsAreInstalledOnTheViewsThatHoldThemInFileOrder() throws {
        let owner = SymbolNameOwner()
        try Bundle.main.loadNibNamed("SFSymbolNameContentView", owner: owner, options: nil)
        let container: View = owner.containerView, label: Label = owner.nameLabel
        let safeArea = container.safeAreaLayoutGuide
        #expect(label.constraints.map(Parts.init) == [Parts(label, .height, nil, .notAnAttribute, 126)])
        #expect(container.constraints.map(Parts.init) == [
            Parts(label, .top, container, .top, 12),
            Parts(label, .leading, safeArea, .leading, 12),
            Parts(safeArea, .trailing, label, .trailing, 12),
            Parts(safeArea, .bottom, label, .bottom, 12),
        ])
        #expect((label.constraints + container.constraints).allSatisfy { $0.isActive })
        // The label's own constraint comes first in the file, and was activated first.
        #expect(label.constraints[0].description.contains("UILabel:"))
    }

    @Test func atPriority999TheContainerFitsAt150() throws {
        // The article's fix: the label's height at 999.
        let text = try symbolNameNib().replacingFirst(#"firstAttribute="height" constant="126""#,
                                                       with: #"firstAttribute="height" priority="999" constant="126""#)
        let owner = SymbolNameOwner()
        let topLevel = try Nib(text: text, path: "SFSymbolNameContentView.xib").instantiate(withOwner: owner)
        #expect(topLevel.count == 1)
        #expect(owner.nameLabel.constraints.map(\.priority) == [LayoutPriority(999)])
        let host = View(frame: Rect(x: 0, y: 0, width: 375, height: 44))
        var conflicts = 0
        host.layoutEngine.onUnsatisfiable = { _ in conflicts += 1 }
        let container: View = owner.containerView
        container.translatesAutoresizingMaskIntoConstraints = false
        host.addSubview(container)
        LayoutConstraint.activate([
            container.topAnchor.constraint(equalTo: host.topAnchor), container.bottomAnchor.constraint(equalTo: host.bottomAnchor),
            container.leadingAnchor.constraint(equalTo: host.leadingAnchor), container.trailingAnchor.constraint(equalTo: host.trailingAnchor),
        ])
        let fitted = container.systemLayoutSizeFitting(Size(width: 375, height: 0), withHorizontalFittingPriority: .required,
                                                       verticalFittingPriority: .fittingSizeLevel)
        #expect(fitted == Size(width: 375, height: 150))
        // Laid out at 44, the 999 height gives way without a conflict.
        host.layoutIfNeeded()
        #expect(conflicts == 0)
        #expect(owner.nameLabel.frame.height == 44 - 24)
    }

    @Test func aNilOwnerGetsNoOutletsAndTheViewsAreStillMade() throws {
        let views = try Nib(nibName: "SFSymbolNameContentView", bundle: nil).instantiate(withOwner: nil, options: nil)
        #expect(views.count == 1 && views[0].subviews.first is Label)
    }

    @Test func topLevelViewsComeInFileOrderAndCustomClassesAreMadeOrNamed() throws {
        let text = xib("""
            <view contentMode="scaleToFill" id="one"><rect key="frame" x="0" y="0" width="10" height="10"/></view>
            <label text="Hi" customClass="NameLabel" customModule="NibDemo" id="two"><rect key="frame" x="0" y="0" width="20" height="20"/></label>
            <view contentMode="scaleToFill" customClass="BadgeView" id="three" translatesAutoresizingMaskIntoConstraints="NO"><rect key="frame" x="0" y="0" width="30" height="30"/></view>
            """)
        let nib = try Nib(text: text, path: "t.xib")
        let plain = try nib.instantiate(withOwner: nil)
        #expect(plain.map(\.frame.width) == [10, 20, 30])
        #expect(plain.map(\.descriptionClassName) == ["UIView", "NibDemo.NameLabel", "BadgeView"])
        #expect(plain[1] is Label && (plain[1] as? Label)?.text == "Hi")
        #expect(plain.map(\.translatesAutoresizingMaskIntoConstraints) == [true, true, false])

        final class NameLabel: Label {}
        let made = try nib.instantiate(withOwner: nil, options: .init(customClasses: ["NameLabel": { NameLabel() }]))
        #expect(made[1] is NameLabel && (made[1] as? Label)?.text == "Hi")
        #expect(made[1].descriptionClassName.hasSuffix("NameLabel") && made[1].descriptionClassName != "NibDemo.NameLabel")
    }

    @Test func aCustomClassThatAdoptsNibOwnerGetsItsOutlets() throws {
        final class BadgeView: View, NibOwner {
            var title: Label!
            var titleHeight: LayoutConstraint!
            var parts: [View]!
            func connect(outlet name: String, to object: AnyObject) throws(NibOutletError) {
                try connect(outlet: name, to: object, among: ["title": .init(\.title), "titleHeight": .init(\.titleHeight), "parts": .init(\.parts)])
            }
        }
        let text = xib("""
            <view contentMode="scaleToFill" customClass="BadgeView" id="badge">
                <rect key="frame" x="0" y="0" width="100" height="40"/>
                <subviews>
                    <label text="New" translatesAutoresizingMaskIntoConstraints="NO" id="title"><rect key="frame" x="0" y="0" width="100" height="40"/></label>
                    <view translatesAutoresizingMaskIntoConstraints="NO" id="dot"><rect key="frame" x="0" y="0" width="8" height="8"/></view>
                </subviews>
                <constraints>
                    <constraint firstItem="title" firstAttribute="height" constant="40" id="h"/>
                </constraints>
                <connections>
                    <outlet property="title" destination="title" id="o1"/>
                    <outlet property="titleHeight" destination="h" id="o2"/>
                    <outletCollection property="parts" destination="dot" id="o3"/>
                    <outletCollection property="parts" destination="title" id="o4"/>
                </connections>
            </view>
            """)
        let views = try Nib(text: text, path: "t.xib").instantiate(withOwner: nil, options: .init(customClasses: ["BadgeView": { BadgeView() }]))
        let badge = try #require(views.first as? BadgeView)
        #expect(badge.title === badge.subviews[0])
        #expect(badge.titleHeight === badge.constraints.first && badge.titleHeight.constant == 40)
        #expect(badge.parts.map(ObjectIdentifier.init) == [badge.subviews[1], badge.subviews[0]].map(ObjectIdentifier.init))
        // Without the class, the outlets stay in the file.
        let plain = try Nib(text: text, path: "t.xib").instantiate(withOwner: nil)
        #expect(plain[0].descriptionClassName == "BadgeView")
    }

    @Test func aConstraintIsInstalledWhereTheFileStoresIt() throws {
        // Two siblings' constraint stored on their grandparent, not their parent.
        let text = xib("""
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0" y="0" width="100" height="100"/>
                <subviews>
                    <view translatesAutoresizingMaskIntoConstraints="NO" id="parent">
                        <rect key="frame" x="0" y="0" width="100" height="100"/>
                        <subviews>
                            <view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="0" width="10" height="10"/></view>
                            <view translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="0" y="0" width="10" height="10"/></view>
                        </subviews>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="a" firstAttribute="width" secondItem="b" secondAttribute="width" id="c"/>
                </constraints>
            </view>
            """)
        let root = try Nib(text: text, path: "t.xib").instantiate(withOwner: nil)[0]
        let parent = root.subviews[0]
        #expect(root.constraints.count == 1 && parent.constraints.isEmpty)
        #expect(root.constraints[0].firstItem === parent.subviews[0])
    }

    @Test func sizeClassesChooseTheVariations() throws {
        let text = xib("""
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0" y="0" width="100" height="100"/>
                <constraints>
                    <constraint firstAttribute="width" constant="100" id="w">
                        <variation key="widthClass=compact" constant="50"/>
                    </constraint>
                </constraints>
            </view>
            """)
        let nib = try Nib(text: text, path: "t.xib")
        #expect(try nib.instantiate(withOwner: nil)[0].constraints.map(\.constant) == [100])
        let compact = Nib.Options(traits: .init(horizontal: .compact, vertical: .regular))
        #expect(try nib.instantiate(withOwner: nil, options: compact)[0].constraints.map(\.constant) == [50])
    }

    @Test func theArticlesSampleIsTheSeedArticlesPort() throws {
        let root = String(nibFixtures.dropLast("/Tests/ConstraintFileTests/Fixtures".count))
        let article = try InputFile.read(root + "/Sources/ConstraintFile/ConstraintFile.docc/InterfaceBuilderFiles.md")
        let section = try #require(article.split(separator: "## Loading a nib into views").last)
        let blocks = section.split(separator: "```", omittingEmptySubsequences: false)
        let sample = try #require(blocks.dropFirst().first { $0.hasPrefix("swift\n") })
        let source = try InputFile.read(root + "/Tests/SeedArticleTests/ListCellInterfaceBuilderArticleTests.swift")
        for line in sample.split(separator: "\n").dropFirst().map({ $0.trimmingPrefix(while: \.isWhitespace) })
        where !line.hasPrefix("import ") && !line.hasPrefix("//") && line != "}" {
            #expect(source.contains(line), "the article's line is not in the tested port: \(line)")
        }
        // Its error transcript is the one anOutletTheOwnerDoesNotHaveIsAnErrorAtTheOutlet checks.
        let transcript = try #require(blocks.dropFirst().first { $0.hasPrefix("text\n") })
        let error = try #require(loadError { try Bundle.main.loadNibNamed("SFSymbolNameContentView", owner: ContainerOnly()) })
        #expect("text\n" + error.description.replacing(nibFixtures + "/", with: "") + "\n" == transcript)
    }

    // MARK: Errors

    /// The error a load throws.
    func loadError(_ load: () throws -> Void) -> NibError? {
        do {
            try load()
        } catch let error as NibError {
            return error
        } catch {
            Issue.record("not a NibError: \(error)")
        }
        return nil
    }

    @Test func aMissingNibNamesTheDirectoriesSearched() throws {
        let error = try #require(loadError { try Bundle.main.loadNibNamed("NoSuchView", owner: nil) })
        #expect(error.kind == .notFound(name: "NoSuchView", searched: [nibFixtures]))
        #expect(error.description == """
            NoSuchView.xib: error: no nib named 'NoSuchView' in the bundle's search paths ('\(nibFixtures)'): add the directory that holds it to nibSearchPaths
            """)
        #expect(Bundle(path: nibFixtures + "/SFSymbolNameContentView.xib") == nil)
        let bundle = try #require(Bundle(path: nibFixtures))
        #expect(bundle.bundlePath == nibFixtures && bundle.nibSearchPaths == [nibFixtures])
        #expect(try bundle.loadNibNamed("SFSymbolNameContentView.xib", owner: nil)?.count == 1)
    }

    @Test func malformedXMLIsAnErrorAtItsLineAndColumn() throws {
        let error = try #require(loadError { _ = try Nib(text: "<document>\n  <objects>\n</document>\n", path: "bad.xib") })
        #expect(error.kind == .invalidFile)
        #expect(error.description == """
            bad.xib:3:1: error: </document> closes <objects>, which opens at line 2
            </document>
            ^
            """)
        let scenes = try #require(loadError { _ = try Nib(text: storyboard(""), path: "Main.storyboard") })
        #expect(scenes.kind == .invalidFile && scenes.source.message.hasPrefix("is a storyboard"))
        let notIB = try #require(loadError { _ = try Nib(text: "<html/>", path: "page.xib").instantiate(withOwner: nil) })
        #expect(notIB.kind == .invalidFile && notIB.source.line == 1)
    }

    @Test func anOutletTheOwnerDoesNotHaveIsAnErrorAtTheOutlet() throws {
        let error = try #require(loadError { try Bundle.main.loadNibNamed("SFSymbolNameContentView", owner: ContainerOnly()) })
        #expect(error.kind == .noSuchOutlet(outlet: "nameLabel", owner: "ContainerOnly"))
        #expect(error.description == """
            \(nibFixtures)/SFSymbolNameContentView.xib:16:17: error: ContainerOnly has no outlet 'nameLabel': add it to its connect(outlet:to:)
                            <outlet property="nameLabel" destination="Qm7-zR-l01" id="Qm7-zR-o02"/>
                            ^
            """)
    }

    @Test func anOutletOfTheWrongClassNamesBothClasses() throws {
        final class Swapped: NibOwner {
            var containerView: Label!
            var nameLabel: Label!
            func connect(outlet name: String, to object: AnyObject) throws(NibOutletError) {
                try connect(outlet: name, to: object, among: ["containerView": .init(\.containerView), "nameLabel": .init(\.nameLabel)])
            }
        }
        let error = try #require(loadError { try Bundle.main.loadNibNamed("SFSymbolNameContentView", owner: Swapped()) })
        #expect(error.kind == .wrongClass(outlet: "containerView", expected: "Label", found: "View"))
        #expect(error.source.line == 15 && error.source.message
                == "outlet 'containerView' of Swapped holds a Label; the file connects it to 'Qm7-zR-c01', a View (<view> at line 20)")
    }

    @Test func anOutletToAnIdNotInTheFileIsAnError() throws {
        let text = try symbolNameNib().replacingFirst(#"destination="Qm7-zR-l01""#, with: #"destination="Qm7-zR-zzz""#)
        let error = try #require(loadError { _ = try Nib(text: text, path: "t.xib").instantiate(withOwner: SymbolNameOwner()) })
        #expect(error.kind == .unknownDestination(outlet: "nameLabel", destination: "Qm7-zR-zzz"))
        #expect(error.source.message == "outlet 'nameLabel' connects to 'Qm7-zR-zzz', which is no object of this file")
        #expect(error.source.line == 16)
        // With no owner, the File's Owner's outlets are not read.
        #expect(try Nib(text: text, path: "t.xib").instantiate(withOwner: nil).count == 1)
    }

    @Test func aCustomClassMadeAsTheWrongClassIsAnError() throws {
        let text = xib(#"<label text="Hi" customClass="NameLabel" id="two"><rect key="frame" x="0" y="0" width="20" height="20"/></label>"#)
        let error = try #require(loadError {
            _ = try Nib(text: text, path: "t.xib").instantiate(withOwner: nil, options: .init(customClasses: ["NameLabel": { View() }]))
        })
        #expect(error.kind == .customClassMismatch(customClass: "NameLabel", expected: "Label", found: "View"))
        #expect(error.source.message == "the view made for custom class 'NameLabel' is a View; a <label> needs a Label or a subclass of it")
        #expect(error.source.line == 6)
    }

    @Test func aCustomClassWithOutletsMustAdoptNibOwner() throws {
        let text = xib("""
            <view customClass="Plain" id="v">
                <rect key="frame" x="0" y="0" width="20" height="20"/>
                <connections><outlet property="x" destination="v" id="o"/></connections>
            </view>
            """)
        let error = try #require(loadError {
            _ = try Nib(text: text, path: "t.xib").instantiate(withOwner: nil, options: .init(customClasses: ["Plain": { View() }]))
        })
        #expect(error.kind == .noSuchOutlet(outlet: "x", owner: "View"))
        #expect(error.source.message == "View does not adopt NibOwner, so it cannot take the outlet 'x' the file gives 'v'")
    }

    @Test func aNibOverSixtyFourMegabytesIsRefusedWithoutBeingRead() throws {
        let path = try temporarySparseFile(named: "Huge.xib", size: InterfaceBuilderFile.sizeLimit + 1)
        let bundle = try #require(Bundle(path: String(path.dropLast("/Huge.xib".count))))
        let error = try #require(loadError { try bundle.loadNibNamed("Huge", owner: nil) })
        #expect(error == NibError(kind: .invalidFile, source: SourceError(path: path, message: "is 67108865 bytes; inputs larger than 64 MB are refused")))
    }

    @Test func aLongOutletCollectionIsFilledInPlace() throws {
        final class Owner: NibOwner {
            var parts: [View]!
            func connect(outlet name: String, to object: AnyObject) throws(NibOutletError) {
                try connect(outlet: name, to: object, among: ["parts": .init(\.parts)])
            }
        }
        // Appending a copy of the collection per outlet would be quadratic in its length.
        let count = 50_000
        let outlets = (0..<count).map { "<outletCollection property=\"parts\" destination=\"v\" id=\"o\($0)\"/>" }.joined(separator: "\n")
        let text = try xib("""
            <view id="v"><rect key="frame" x="0" y="0" width="10" height="10"/></view>
            """).replacingFirst("userLabel=\"File's Owner\"/>", with: "userLabel=\"File's Owner\"><connections>\(outlets)</connections></placeholder>")
        let owner = Owner()
        let views = try Nib(text: text, path: "t.xib").instantiate(withOwner: owner)
        #expect(owner.parts.count == count && owner.parts.allSatisfy { $0 === views[0] })
    }

    @Test func badValuesAreErrorsOrIgnoredNeverTraps() throws {
        // A NaN font size and an infinite wrapping width are ignored; a NaN priority is refused.
        let lenient = xib("""
            <label text="Hi" numberOfLines="-3" preferredMaxLayoutWidth="inf" id="l">
                <rect key="frame" x="0" y="0" width="20" height="20"/>
                <fontDescription key="fontDescription" type="system" pointSize="nan"/>
            </label>
            """)
        let label = try #require(try Nib(text: lenient, path: "t.xib").instantiate(withOwner: nil)[0] as? Label)
        #expect(label.font.pointSize == 17 && label.numberOfLines == 0 && label.preferredMaxLayoutWidth == 0)
        let strict = xib(#"<view horizontalHuggingPriority="nan" id="v"><rect key="frame" x="0" y="0" width="20" height="20"/></view>"#)
        let error = try #require(loadError { _ = try Nib(text: strict, path: "t.xib").instantiate(withOwner: nil) })
        #expect(error.kind == .invalidFile && error.source.line == 6)
    }
}

extension String {
    /// The text with the first `target` replaced; a test's precondition that it is there.
    func replacingFirst(_ target: String, with replacement: String) throws -> String {
        var text = self
        text.replaceSubrange(try #require(firstRange(of: target)), with: replacement)
        return text
    }
}
