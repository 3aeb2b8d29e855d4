/// One element of an XML document: its name, attributes in document order, child elements, its
/// character data, and where its start tag begins (for errors and notes).
struct MarkupElement: Sendable {
    var name: String
    var attributes: [(name: String, value: String)]
    var children: [MarkupElement]
    /// The character data directly inside it (a `<string key="text">`'s text), references decoded.
    var text = ""
    /// 1-based line and column of the `<`.
    var line: Int
    var column: Int

    /// The value of an attribute.
    subscript(_ attribute: String) -> String? {
        attributes.first { $0.name == attribute }?.value
    }

    /// The child elements with a name.
    func children(_ name: String) -> [MarkupElement] { children.filter { $0.name == name } }

    /// The first child element with a name and, when given, a `key` attribute.
    func child(_ name: String, key: String? = nil) -> MarkupElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }
}

/// A small XML reader for Interface Builder files, written for them rather than for XML at
/// large: elements, attributes, comments, processing instructions, CDATA and a skipped DOCTYPE;
/// the five named entities and numeric character references. It keeps Foundation out of the
/// module and gives every error an exact line and column.
struct MarkupReader {
    /// The deepest element nesting read (IB files nest a few dozen levels; the limit keeps a
    /// hostile file from exhausting the stack).
    static let maximumDepth = 256

    let path: String
    let bytes: [UInt8]
    var position = 0
    var line = 1
    var lineStart = 0

    init(path: String, text: String) {
        self.path = path
        bytes = Array(text.utf8)
    }

    /// Reads the document's root element.
    /// - Throws: ``SourceError`` at the first malformed construct.
    /// - Complexity: O(*n*) for *n* bytes.
    mutating func readDocument() throws(SourceError) -> MarkupElement {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3; lineStart = 3 }
        var root: MarkupElement?
        while true {
            skipSpace()
            guard position < bytes.count else { break }
            guard bytes[position] == UInt8(ascii: "<") else {
                throw error(root == nil ? "expected '<' to start the document's root element" : "text after the root element")
            }
            if try skipMarkupDeclaration() { continue }
            if root != nil { throw error("a second root element: an XML document has exactly one") }
            root = try readElement(depth: 0)
        }
        guard let root else { throw SourceError(path: path, message: "holds no XML element") }
        return root
    }

    // MARK: Elements

    private mutating func readElement(depth: Int) throws(SourceError) -> MarkupElement {
        guard depth < Self.maximumDepth else { throw error("elements nested deeper than \(Self.maximumDepth) levels") }
        let (startLine, startColumn) = (line, column(of: position))
        position += 1   // <
        let name = try readName("an element name after '<'")
        var element = MarkupElement(name: name, attributes: [], children: [], line: startLine, column: startColumn)
        while true {
            let hadSpace = skipSpace()
            guard position < bytes.count else { throw error("the file ends inside the tag <\(name)>") }
            switch bytes[position] {
            case UInt8(ascii: "/"):
                position += 1
                guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else { throw error("expected '>' after '/'") }
                position += 1
                return element
            case UInt8(ascii: ">"):
                position += 1
                try readContent(of: &element, depth: depth)
                return element
            default:
                guard hadSpace else { throw error("expected a space, '>' or '/>' in the tag <\(name)>") }
                let attribute = try readName("an attribute name, '>' or '/>'")
                if element.attributes.contains(where: { $0.name == attribute }) {
                    throw error("the attribute '\(attribute)' appears twice", column: column(of: position) - attribute.count)
                }
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { throw error("expected '=' after '\(attribute)'") }
                position += 1
                skipSpace()
                element.attributes.append((attribute, try readQuoted()))
            }
        }
    }

    /// Children, text and comments up to the matching end tag.
    private mutating func readContent(of element: inout MarkupElement, depth: Int) throws(SourceError) {
        var text: [UInt8] = []
        defer { element.text = String(decoding: text, as: UTF8.self) }
        while true {
            while position < bytes.count, bytes[position] != UInt8(ascii: "<") {
                if bytes[position] == UInt8(ascii: "&") {
                    text += try readReference()
                } else {
                    text.append(bytes[position])
                    advance()
                }
            }
            guard position < bytes.count else {
                throw error("the file ends before </\(element.name)> (the element opens at line \(element.line))")
            }
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                let closeColumn = column(of: position)
                position += 2
                let name = try readName("an element name after '</'")
                guard name == element.name else {
                    throw error("</\(name)> closes <\(element.name)>, which opens at line \(element.line)", column: closeColumn)
                }
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else { throw error("expected '>' to end </\(name)>") }
                position += 1
                return
            }
            if try skipMarkupDeclaration() { continue }
            element.children.append(try readElement(depth: depth + 1))
        }
    }

    /// Skips a comment, CDATA section, processing instruction or DOCTYPE at `<`; false when an
    /// element starts there.
    private mutating func skipMarkupDeclaration() throws(SourceError) -> Bool {
        func at(_ s: String) -> Bool { bytes[position...].starts(with: s.utf8) }
        let (openers, closers): ([String], [String]) = (["<!--", "<![CDATA[", "<?", "<!DOCTYPE", "<!doctype"],
                                                       ["-->", "]]>", "?>", ">", ">"])
        for (open, close) in zip(openers, closers) where at(open) {
            let start = (line, column(of: position))
            for _ in 0..<open.utf8.count { advance() }
            while position < bytes.count, !at(close) { advance() }
            guard position < bytes.count else {
                throw SourceError(path: path, line: start.0, column: start.1, message: "'\(open)' is never closed by '\(close)'",
                                  sourceLine: sourceLine(start.0))
            }
            for _ in 0..<close.utf8.count { advance() }
            return true
        }
        return false
    }

    // MARK: Tokens

    private mutating func readName(_ expected: String) throws(SourceError) -> String {
        let start = position
        while position < bytes.count {
            let b = bytes[position]
            let isNameByte = b >= 0x80 || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || b == UInt8(ascii: "_") || b == UInt8(ascii: ":")
                || (position > start && ((b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")))
            guard isNameByte else { break }
            position += 1
        }
        guard position > start else { throw error("expected \(expected)") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func readQuoted() throws(SourceError) -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw error("expected a quoted attribute value")
        }
        let quote = bytes[position]
        let (openLine, openColumn) = (line, column(of: position))
        position += 1
        var value: [UInt8] = []
        while position < bytes.count, bytes[position] != quote {
            switch bytes[position] {
            case UInt8(ascii: "&"): value += try readReference()
            case UInt8(ascii: "<"): throw error("'<' inside an attribute value: write &lt;")
            default:
                value.append(bytes[position])
                advance()
            }
        }
        guard position < bytes.count else {
            throw SourceError(path: path, line: openLine, column: openColumn, message: "the attribute value is never closed",
                              sourceLine: sourceLine(openLine))
        }
        position += 1
        return String(decoding: value, as: UTF8.self)
    }

    /// `&amp;`, `&#38;`, `&#x26;`… at `&`: the bytes it stands for.
    private mutating func readReference() throws(SourceError) -> [UInt8] {
        let startColumn = column(of: position)
        guard let semicolon = bytes[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw error("'&' starts no entity: write &amp;", column: startColumn)
        }
        let name = String(decoding: bytes[(position + 1)..<semicolon], as: UTF8.self)
        let named: [String: UInt8] = ["lt": UInt8(ascii: "<"), "gt": UInt8(ascii: ">"), "amp": UInt8(ascii: "&"),
                                      "quot": UInt8(ascii: "\""), "apos": UInt8(ascii: "'")]
        var scalar: Unicode.Scalar?
        if let b = named[name] {
            scalar = Unicode.Scalar(b)
        } else if name.hasPrefix("#x") || name.hasPrefix("#X") {
            scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        } else if name.hasPrefix("#") {
            scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
        }
        guard let scalar else { throw error("unknown entity '&\(name);'", column: startColumn) }
        position = semicolon + 1
        return Array(String(Character(scalar)).utf8)
    }

    // MARK: Positions

    /// Steps over one byte, counting lines.
    private mutating func advance() {
        if bytes[position] == 10 {
            line += 1
            lineStart = position + 1
        }
        position += 1
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = position
        while position < bytes.count, [9, 10, 13, 32].contains(bytes[position]) { advance() }
        return position > start
    }

    /// The 1-based column of a byte on the current line, in Unicode scalars.
    private func column(of offset: Int) -> Int {
        1 + bytes[lineStart..<min(offset, bytes.count)].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    private func sourceLine(_ number: Int) -> String {
        var current = 1, start = 0
        for (i, b) in bytes.enumerated() where current < number && b == 10 {
            current += 1
            start = i + 1
        }
        let end = bytes[start...].firstIndex(of: 10) ?? bytes.count
        var text = String(decoding: bytes[start..<end], as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        return text
    }

    private func error(_ message: String, column: Int? = nil) -> SourceError {
        SourceError(path: path, line: line, column: column ?? self.column(of: position), message: message, sourceLine: sourceLine(line))
    }
}
