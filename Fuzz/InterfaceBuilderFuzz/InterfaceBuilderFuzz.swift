// Fuzzes the Interface Builder reader: its XML reader and the document's views and
// constraints, then, when a file reads, the runner, the engine and the three reports; and the
// same bytes loaded as a nib, its views made, outlets connected and laid out. Whatever the
// input, nothing traps, and every refusal is a `SourceError` placed inside the input.
import AutoLayout
import ConstraintFile
import FuzzSupport

@main enum Main {
    static func main() { fuzzMain(checkInterfaceBuilderFile) }
}

/// Reads the bytes as a `.xib` or `.storyboard`; runs what reads and renders its reports, and
/// loads it as a nib with the size classes of an iPhone in portrait.
func checkInterfaceBuilderFile(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    do {
        let result = try InterfaceBuilderFile.parse(text, path: "fuzz.xib").run()
        _ = CheckReport.text(result)
        _ = CheckReport.json(result).rendered()
        _ = SVGRenderer.render(result)
    } catch {
        checkPlace(of: error, in: text)
    }
    do {
        let options = Nib.Options(traits: .init(horizontal: .compact, vertical: .regular))
        for view in try Nib(text: text, path: "fuzz.xib").instantiate(withOwner: AnyOutletOwner(), options: options) {
            // Conflicts and fitting issues are expected; UIKit's console messages are noise here.
            view.layoutEngine.onUnsatisfiable = { _ in }
            view.layoutEngine.onFittingIssue = { _ in }
            view.layoutIfNeeded()
        }
    } catch {
        checkPlace(of: error.source, in: text)
    }
}

/// A File's Owner that takes every outlet, so that connecting them runs.
final class AnyOutletOwner: NibOwner {
    func connect(outlet name: String, to object: AnyObject) throws(NibOutletError) {}
}

/// Traps unless the error is at a line of the input and a column of that line (one past its
/// last character for an error at its end). The one whole-file error an input of this size
/// can have is that it holds no element.
func checkPlace(of error: SourceError, in text: String) {
    guard error.line > 0 else {
        precondition(error.column == 0 && error.message == "holds no XML element", "a whole-file error: \(error)")
        return
    }
    // Lines end at LF bytes, as the reader counts them; columns are Unicode scalars.
    let lines = text.utf8.split(separator: 10, omittingEmptySubsequences: false)
    precondition(error.line <= lines.count, "line \(error.line) of \(lines.count): \(error)")
    let scalars = lines[error.line - 1].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    precondition(error.column >= 1 && error.column <= scalars + 1, "column \(error.column) of \(scalars + 1): \(error)")
}
