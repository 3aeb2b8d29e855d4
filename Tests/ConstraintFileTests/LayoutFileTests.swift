import Foundation
import Testing
@testable import ConstraintFile

@Suite struct LayoutFileTests {
    static let layouts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Playground/Layouts")

    @Test func examplesPass() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.layouts.path).filter { $0.hasSuffix(".layout") }.sorted()
        #expect(!files.isEmpty)
        for name in files {
            let text = try String(contentsOf: Self.layouts.appendingPathComponent(name), encoding: .utf8)
            let result = try LayoutFile.parse(text, path: name).run()
            #expect(result.expectationFailures.isEmpty, "\(CheckReport.text(result))")
            #expect(result.isClean, "\(name)")
        }
    }
}
