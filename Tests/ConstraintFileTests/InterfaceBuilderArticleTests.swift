import Foundation
import Testing
import ConstraintFile

/// The InterfaceBuilderFiles article's sample, line for line, on the playground's cell.
@Suite struct InterfaceBuilderArticleTests {
    @Test func sampleRuns() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Playground/Layouts/ProfileCell.xib")
        let text = try String(contentsOf: url, encoding: .utf8)
        var printed = ""
        func print(_ s: String) { printed += s }

        let file = try InterfaceBuilderFile.parse(text, path: "ProfileCell.xib",
                                                  options: .init(traits: .init("compact-regular")))
        let result = file.run()
        print(CheckReport.text(result))

        #expect(printed.hasPrefix("ProfileCell.xib: 4 views, 1 conflict, 0 ambiguous"))
        #expect(result.conflicts.first?.message.contains("'UIView-Encapsulated-Layout-Height'") == true)
    }
}
