/// A problem with an input, pinned to where it is: `path:line:col: error: message`, then the
/// line and a caret under the column, as compilers print them.
public struct SourceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's path as the user gave it (`-` or `<stdin>` for standard input).
    public var path: String
    /// 1-based line; 0 when the problem is with the whole file (it cannot be read, it is empty).
    public var line: Int
    /// 1-based column, counted in characters.
    public var column: Int
    /// What is wrong and what was expected.
    public var message: String
    /// The text of the line, shown under the message (nil for whole-file problems).
    public var sourceLine: String?

    /// An error at a place in a file.
    public init(path: String, line: Int, column: Int, message: String, sourceLine: String?) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.sourceLine = sourceLine
    }

    /// An error about a whole file (it cannot be read, it is too large, it is not text).
    public init(path: String, message: String) {
        self.init(path: path, line: 0, column: 0, message: message, sourceLine: nil)
    }

    /// `path:line:col: error: message`, then the line and a caret (long lines are cut around
    /// the column, so that binary garbage does not flood the terminal).
    public var description: String {
        guard line > 0 else { return "\(path): error: \(message)" }
        guard let sourceLine else { return "\(path):\(line):\(column): error: \(message)" }
        var text = Array(sourceLine)
        var caret = min(max(column - 1, 0), text.count)
        if text.count > 120 {
            let start = max(0, min(caret - 60, text.count - 120))
            text = Array(text[start..<min(text.count, start + 120)])
            caret -= start
        }
        let shown = String(text.map { $0.isASCII && ($0.asciiValue! < 32 || $0.asciiValue! == 127) ? " " : $0 })
        return "\(path):\(line):\(column): error: \(message)\n\(shown)\n\(String(repeating: " ", count: caret))^"
    }
}
