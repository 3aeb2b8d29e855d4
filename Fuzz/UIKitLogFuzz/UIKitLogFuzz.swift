// Fuzzes the UIKit log reader and the explainer, which rebuilds and solves each message's
// constraints, and the explanation reports.
import ConstraintFile
import FuzzSupport

@main enum Main {
    static func main() { fuzzMain(checkLog) }
}

/// Reads the bytes as console output and explains every message found.
func checkLog(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let messages = try? UIKitLog.parse(text, path: "fuzz.txt") else { return }
    let explanations = messages.map(LogExplainer.explain)
    _ = ExplainReport.text(explanations, path: "fuzz.txt")
    _ = ExplainReport.json(explanations).rendered()
}
