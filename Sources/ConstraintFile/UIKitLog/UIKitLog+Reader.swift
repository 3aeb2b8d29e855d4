extension UIKitLog {
    /// Reads console output a line at a time and hands back each message once it is complete,
    /// so that a log of any length is read in memory bounded by one message.
    ///
    /// A message with a description that cannot be read is dropped whole: `read` throws for it
    /// once, skips the rest of its lines, and reads on from the next message.
    public struct Reader {
        private let path: String
        private var current: LogMessage?
        private var inList = false
        private var expectBreak = false
        private var dropping = false
        private var lineNumber = 0

        /// Whether a message printed its constraints as os_log's `<private>`: the system redacted
        /// them (AppKit's `[Layout]` category, macOS 10.12 and later, without private data).
        public private(set) var sawRedactedConstraints = false

        /// A reader whose errors name `path`.
        public init(path: String) { self.path = path }

        /// Reads the next line (without its newline); returns the message this line completed, if any.
        /// - Throws: `SourceError` at a listed description that cannot be read, or when one
        ///   message lists more than ``UIKitLog/constraintLimit`` constraints. The message is then
        ///   dropped: its remaining lines are skipped, and the next message is read as usual.
        public mutating func read(_ rawLine: Substring) throws(SourceError) -> LogMessage? {
            do {
                return try readLine(rawLine)
            } catch {
                dropping = true
                throw error
            }
        }

        private mutating func readLine(_ rawLine: Substring) throws(SourceError) -> LogMessage? {
            lineNumber += 1
            var line = rawLine
            if line.hasSuffix("\r") { line = line.dropLast() }
            // A copy from Markdown escapes the angle brackets: `\<NSLayoutConstraint:0x… …\>,`.
            if trim(line).hasPrefix("\\<") { line = Substring(line.replacing("\\<", with: "<").replacing("\\>", with: ">")) }
            let trimmed = trim(line)
            if trimmed.isEmpty { return nil }
            let redacted = contains(line, "<private>")

            if contains(line, "Unable to simultaneously satisfy constraints")
                || contains(line, "Conflicting constraints detected") {
                let done = finish()
                current = LogMessage(constraints: [], brokenByUIKit: nil, line: lineNumber)
                if trimmed.hasSuffix("(") { inList = true }
                if redacted { sawRedactedConstraints = true }
                return done
            }
            if redacted, current != nil || inList || expectBreak { sawRedactedConstraints = true }
            if let range = find(line, "Will attempt to recover by breaking") {
                inList = false
                let rest = trim(line[range.upperBound...])
                let afterWord = rest.hasPrefix("constraint") ? trim(rest.dropFirst("constraint".count)) : rest
                if afterWord.hasPrefix("<") { resolveBreak(afterWord); return finish() }
                expectBreak = true
                return nil
            }
            if expectBreak {
                if let open = line.firstIndex(of: "<") { resolveBreak(line[open...]) }
                return finish()
            }
            if inList {
                if trimmed == ")" || trimmed == ")." || trimmed == ")," { inList = false; return nil }
                if let q = find(line, "\"<") {
                    let entry = line.index(after: q.lowerBound)
                    if !line[entry...].hasPrefix("<private>") { try appendEntry(line, from: entry, quoted: true) }
                    return nil
                }
                // An entry that lost its quotes; `<private>` (os_log privacy) and other `<…>` stay in the list.
                if trimmed.hasPrefix("<") {
                    if UIKitLog.startsLikeDescription(trimmed) { try appendEntry(line, from: trimmed.startIndex, quoted: false) }
                    return nil
                }
                inList = false
                return nil
            }
            if trimmed == "(" {
                var done: LogMessage?
                // The list of a header that did not end in "(", or else a new (bare) message.
                if current == nil || !current!.constraints.isEmpty || dropping {
                    done = finish()
                    current = LogMessage(constraints: [], brokenByUIKit: nil, line: lineNumber)
                }
                inList = true
                return done
            }
            // A bare quoted description with no list around it (the start of a paste was lost).
            if let q = find(line, "\"<"), looksLikeDescription(line[line.index(after: q.lowerBound)...]) {
                var done: LogMessage?
                if dropping { done = finish() }
                if current == nil { current = LogMessage(constraints: [], brokenByUIKit: nil, line: lineNumber) }
                inList = true
                try appendEntry(line, from: line.index(after: q.lowerBound), quoted: true)
                return done
            }
            return nil
        }

        /// Ends the message being read (at the end of the input, or when the next one starts);
        /// returns it when it lists at least one constraint and none that cannot be read.
        public mutating func finish() -> LogMessage? {
            defer { current = nil; inList = false; expectBreak = false; dropping = false }
            guard !dropping, let m = current, !m.constraints.isEmpty else { return nil }
            return m
        }

        /// Parses the description that starts at `start` (its `<`), quoted by NSArray or not.
        private mutating func appendEntry(_ line: Substring, from start: Substring.Index, quoted: Bool) throws(SourceError) {
            if dropping { return }
            var body = line[start...]
            // Drop the closing quote and the comma of NSArray's description.
            while let last = body.last, last == "," || last == " " || last == "\t" { body = body.dropLast() }
            if quoted, body.last == "\"" { body = body.dropLast() }
            let text = unescape(body)
            let column = line.distance(from: line.startIndex, to: start) + 1
            var c: LogConstraint
            do {
                c = try DescriptionParser.parse(text)
            } catch {
                throw SourceError(path: path, line: lineNumber, column: column + error.offset,
                                  message: error.message, sourceLine: String(line))
            }
            c.line = lineNumber
            if current == nil { current = LogMessage(constraints: [], brokenByUIKit: nil, line: lineNumber) }
            guard current!.constraints.count < constraintLimit else {
                throw SourceError(path: path, line: lineNumber, column: column - (quoted ? 1 : 0),
                                  message: "the message that starts on line \(current!.line) lists more than \(constraintLimit) constraints; UIKit's list a few dozen",
                                  sourceLine: String(line))
            }
            current!.constraints.append(c)
        }

        private mutating func resolveBreak(_ raw: Substring) {
            guard current != nil, !dropping else { return }
            var text = trim(raw)
            // Whatever follows the description's closing `>` ("." or a pasted comment's "*/").
            if let close = text.lastIndex(of: ">") { text = text[...close] }
            let description = String(text)
            let parsed = try? DescriptionParser.parse(description)
            let list = current!.constraints
            if let address = parsed?.address, let i = list.firstIndex(where: { $0.address == address }) {
                current!.brokenByUIKit = i
            } else if let i = list.firstIndex(where: { $0.description == description }) {
                current!.brokenByUIKit = i
            }
        }
    }
}
