import Foundation
import Testing
import AutoLayout
@testable import ConstraintFile

/// Every `.xib` of ../shared/corpus/xib and xib-more (beside the clone) instantiated as a nib,
/// with an owner that takes any outlet, then laid out: none may trap, and a file that does not
/// load must fail with a ``NibError`` that says where.
@Suite struct NibCorpusTests {
    static let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus")

    @Test func everyCorpusXibLoads() throws {
        let directories = ["xib", "xib-more"].map { Self.shared.appendingPathComponent($0) }
        guard directories.allSatisfy({ FileManager.default.fileExists(atPath: $0.path) }) else {
            print("NibCorpusTests: skipped, no corpus at \(Self.shared.path) (../shared beside the package)")
            return
        }
        var loaded = 0, failed: [String] = [], views = 0, outlets = 0, conflicts = 0
        var files: [URL] = []
        for directory in directories {
            files += try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "xib" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        }
        for url in files {
            let owner = RecordingOwner()
            do {
                let topLevel = try Nib(text: String(contentsOf: url, encoding: .utf8), path: url.lastPathComponent).instantiate(withOwner: owner)
                loaded += 1
                views += topLevel.count
                outlets += owner.outlets.count
                for view in topLevel {
                    view.layoutEngine.onUnsatisfiable = { _ in conflicts += 1 }
                    view.layoutEngine.onFittingIssue = { _ in }
                    view.layoutIfNeeded()
                }
            } catch let error as NibError {
                #expect(error.source.line > 0, "\(error)")
                failed.append(error.description)
            }
        }
        print("NibCorpusTests: \(loaded) of \(files.count) .xib files load (\(views) top-level views, \(outlets) File's Owner outlets; \(conflicts) conflicts laid out at their stored sizes)")
        for failure in failed { print(failure) }
        #expect(files.count >= 38)
        #expect(loaded == files.count)
    }

    @Test func bundleCallsResolveBesideFoundation() throws {
        // This file imports Foundation, whose `Bundle` has neither member: both resolve to
        // ConstraintFile's, as the InterfaceBuilderFiles article says.
        Bundle.main.nibSearchPaths = [nibFixtures]
        let owner = SymbolNameOwner()
        try Bundle.main.loadNibNamed("SFSymbolNameContentView", owner: owner, options: nil)
        #expect(owner.nameLabel.superview === owner.containerView)
    }
}
