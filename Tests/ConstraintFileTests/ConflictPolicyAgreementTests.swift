import Foundation
import Testing
import AutoLayout
@testable import ConstraintFile

/// The engine and `autolayout explain` break by one rule (`ConflictPolicy`): every conflict the
/// engine reports, read back from its own message, is explained with the same choice.
@Suite struct ConflictPolicyAgreementTests {
    /// The package's root (this file is `Tests/ConstraintFileTests/…`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The .layout and Interface Builder files to check: the package's own, and the shared
    /// corpora when they are beside it.
    static func files() -> [URL] {
        var folders = [root.appendingPathComponent("Playground/Layouts")]
        for corpus in ["xib", "xib-more"] {
            folders.append(root.deletingLastPathComponent().appendingPathComponent("shared/corpus/\(corpus)"))
        }
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { ["layout", "xib", "storyboard"].contains($0.pathExtension) }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        }
    }

    @Test func everyConflictTheEngineBreaksIsTheOneTheExplainerPicks() throws {
        var conflicts = 0
        for url in Self.files() {
            let text = try String(contentsOf: url, encoding: .utf8)
            let result: CheckResult
            if url.pathExtension == "layout" {
                result = try LayoutFile.parse(text, path: url.lastPathComponent).run()
            } else {
                guard let file = try? InterfaceBuilderFile.parse(text, path: url.lastPathComponent) else { continue }
                result = file.run()
            }
            for conflict in result.conflicts {
                let message = try #require(try UIKitLog.parse(conflict.message, path: url.lastPathComponent).first)
                let explained = LogExplainer.explain(message)
                let chosen = try #require(explained.wouldBreak, "\(url.lastPathComponent): no choice")
                #expect(message.constraints[chosen].description == conflict.broken, "\(url.lastPathComponent)")
                #expect(message.brokenByUIKit == chosen, "\(url.lastPathComponent)")
                conflicts += 1
            }
        }
        print("ConflictPolicyAgreementTests: \(conflicts) conflicts, the same choice in the engine and the explainer")
        #expect(conflicts >= 2)
    }
}
