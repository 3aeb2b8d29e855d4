// Fuzzes the `.layout` parser and, when a file parses, the runner, the engine and the three
// reports: `LayoutFile.parse` promises that a file that parses runs without trapping.
import ConstraintFile
import FuzzSupport

@main enum Main {
    static func main() { fuzzMain(checkLayoutFile) }
}

/// Parses the bytes as a `.layout` file and, when they parse, runs it and renders its reports.
func checkLayoutFile(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let file = try? LayoutFile.parse(text, path: "fuzz.layout") else { return }
    let result = file.run()
    _ = CheckReport.text(result)
    _ = CheckReport.json(result).rendered()
    _ = SVGRenderer.render(result)
}
