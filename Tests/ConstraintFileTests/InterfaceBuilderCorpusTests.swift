import Foundation
import Testing
@testable import ConstraintFile

/// The real Interface Builder files of ../shared/corpus/xib (beside the clone): each is read
/// without error, and the frames we solve are compared with the frames IB stored for the views
/// it does not flag `misplaced` or `ambiguous`.
@Suite struct InterfaceBuilderCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/xib")

    static func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: corpus.path)
            .filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }.sorted()
    }

    /// Whether ../shared/corpus/xib is beside the clone (a user's clone has no ../shared).
    static let isPresent: Bool = {
        let present = FileManager.default.fileExists(atPath: corpus.path)
        if !present { print("InterfaceBuilderCorpusTests: \(corpus.path) is not there; its tests are skipped") }
        return present
    }()

    @Test(.enabled(if: isPresent, "../shared/corpus/xib is not beside the package"))
    func everyFileReadsAndMatchesItsStoredFrames() throws {
        let files = try Self.files()
        #expect(files.count == 20)
        var table = "file | views compared | within 0.5 pt | share\n"
        var compared = 0, matched = 0
        for name in files {
            let text = try String(contentsOf: Self.corpus.appendingPathComponent(name), encoding: .utf8)
            let file = try InterfaceBuilderFile.parse(text, path: name)
            let result = file.run()
            let stored = try #require(result.storedFrames)
            compared += stored.compared
            matched += stored.matched
            table += "\(name) | \(stored.compared) | \(stored.matched) | \(formatted((stored.fraction * 1000).rounded() / 10))%\n"
            #expect(stored.fraction >= 0.95, "\(name): \(stored.differences.joined(separator: "; "))")
            // What IB flags as ambiguous, we find ambiguous too.
            let flagged = file.storedViews.filter(\.isAmbiguous).map(\.id)
            #expect(Set(flagged).isSubset(of: result.ambiguousViews), "\(name)")
        }
        table += "all | \(compared) | \(matched) | \(formatted((Double(matched) / Double(compared) * 1000).rounded() / 10))%"
        print(table)
        #expect(Double(matched) / Double(compared) >= 0.95)
    }

    @Test(.enabled(if: isPresent, "../shared/corpus/xib is not beside the package"))
    func traitsAndTheModelReadEveryFileToo() throws {
        for name in try Self.files() {
            let text = try String(contentsOf: Self.corpus.appendingPathComponent(name), encoding: .utf8)
            for options in [InterfaceBuilderFile.Options(traits: .init(horizontal: .compact, vertical: .compact)),
                            InterfaceBuilderFile.Options(intrinsicSizes: .fromModel)] {
                let result = try InterfaceBuilderFile.parse(text, path: name, options: options).run()
                #expect(!result.views.isEmpty, "\(name)")
            }
        }
    }
}
