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
/// large: elements, attributes, comments, processing instructions and CDATA; the five named
/// entities and numeric character references. It keeps Foundation out of the module and gives
/// every error an exact line and column.
///
/// Files come from anywhere, so it reads in time and memory linear in the file's size and
/// refuses what could make either grow faster: a DOCTYPE or entity declaration (no entity is
/// ever expanded), nesting deeper than ``maximumDepth``, more than ``maximumAttributes``
/// attributes on an element, and an attribute value longer than ``maximumAttributeValueLength``.
struct MarkupReader {
    /// The deepest element nesting read. IB files nest a few dozen levels (23 at most in the
    /// shared corpus); 128 keeps a hostile file from exhausting the stack, and since a view and
    /// its `<subviews>` take two levels, it keeps views within the depth a `.layout` file allows
    /// (``LayoutFile/maximumDepth``).
    static let maximumDepth = 128
    /// The most attributes one element may have: IB writes a few dozen at most (18 in the
    /// shared corpus).
    static let maximumAttributes = 256
    /// The longest attribute value, in bytes as written: IB's are short (117 bytes at most in
    /// the shared corpus), and text of any length is read from elements
    /// (`<string key="text">`).
    static let maximumAttributeValueLength = 1 << 16

    let path: String
    let bytes: [UInt8]
    var position = 0
    var line = 1
    var lineStart = 0
    /// The last column computed: the next one on the same line is counted on from there, so
    /// that a file on one line costs O(*n*), not O(*n*²).
    private var columnMark = (line: 0, offset: 0, column: 1)

    init(path: String, text: String) {
        self.path = path
        bytes = Array(text.utf8)
    }

    /// Reads the document's root element.
    /// - Throws: ``SourceError`` at the first malformed or refused construct.
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
        guard depth < Self.maximumDepth else {
            throw error("elements nested deeper than \(Self.maximumDepth) levels: Interface Builder files nest a few dozen")
        }
        let (startLine, startColumn) = (line, column(of: position))
        position += 1   // <
        let name = try readName("an element name after '<'")
        var element = MarkupElement(name: name, attributes: [], children: [], line: startLine, column: startColumn)
        // Past a few attributes, repeats are found by hashing rather than by scanning.
        var names: Set<String> = []
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
                let nameStart = position
                let attribute = try readName("an attribute name, '>' or '/>'")
                let count = element.attributes.count
                guard count < Self.maximumAttributes else {
                    throw error("the tag <\(name)> has more than \(Self.maximumAttributes) attributes", column: columnOnLine(nameStart))
                }
                if count == 8 { names = Set(element.attributes.map(\.name)) }
                if count < 8 ? element.attributes.contains(where: { $0.name == attribute }) : !names.insert(attribute).inserted {
                    throw error("the attribute '\(attribute)' appears twice", column: columnOnLine(nameStart))
                }
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { throw error("expected '=' after '\(attribute)'") }
                position += 1
                skipSpace()
                element.attributes.append((attribute, try readQuoted(attribute)))
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
                    try readReference(into: &text)
                } else {
                    text.append(bytes[position])
                    advance()
                }
            }
            guard position < bytes.count else {
                throw error("the file ends before </\(element.name)> (the element opens at line \(element.line))")
            }
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                let closeStart = position
                position += 2
                let name = try readName("an element name after '</'")
                guard name == element.name else {
                    throw error("</\(name)> closes <\(element.name)>, which opens at line \(element.line)", column: columnOnLine(closeStart))
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

    /// Skips a comment, CDATA section or processing instruction at `<`; false when an element
    /// starts there.
    /// - Throws: ``SourceError`` for any other `<!` declaration: a DOCTYPE could declare
    ///   entities whose expansion grows without bound ("billion laughs"), and IB files have none.
    private mutating func skipMarkupDeclaration() throws(SourceError) -> Bool {
        // Most `<` start elements: they are told apart by their second byte.
        guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "!") || bytes[position + 1] == UInt8(ascii: "?") else {
            return false
        }
        func at(_ s: String) -> Bool { bytes[position...].starts(with: s.utf8) }
        let (openers, closers): ([String], [String]) = (["<!--", "<![CDATA[", "<?"], ["-->", "]]>", "?>"])
        for (open, close) in zip(openers, closers) where at(open) {
            let start = (line: line, lineStart: lineStart, offset: position)
            for _ in 0..<open.utf8.count { advance() }
            while position < bytes.count, !at(close) { advance() }
            guard position < bytes.count else {
                throw SourceError(path: path, line: start.line, column: Self.column(in: bytes, from: start.lineStart, to: start.offset),
                                  message: "'\(open)' is never closed by '\(close)'", sourceLine: sourceLine(start.line))
            }
            for _ in 0..<close.utf8.count { advance() }
            return true
        }
        if at("<!DOCTYPE") || at("<!doctype") {
            throw error("a DOCTYPE declaration is refused: Interface Builder files have none, and no entities are expanded")
        }
        if at("<!ENTITY") {
            throw error("an entity declaration is refused: no entities are expanded (only &lt; &gt; &amp; &quot; &apos; and character references are read)")
        }
        if at("<!") { throw error("'<!' starts no comment (<!--) or CDATA section (<![CDATA[): declarations are refused") }
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

    /// The value of `attribute` at its opening quote.
    private mutating func readQuoted(_ attribute: String) throws(SourceError) -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw error("expected a quoted attribute value")
        }
        let quote = bytes[position]
        let open = (line: line, lineStart: lineStart, offset: position)
        func failure(_ message: String) -> SourceError {
            SourceError(path: path, line: open.line, column: Self.column(in: bytes, from: open.lineStart, to: open.offset),
                        message: message, sourceLine: sourceLine(open.line))
        }
        func tooLong() -> SourceError {
            failure("the value of '\(attribute)' is longer than \(Self.maximumAttributeValueLength) bytes, the limit for an attribute value")
        }
        position += 1
        let valueStart = position
        var value: [UInt8] = []
        while position < bytes.count, bytes[position] != quote {
            guard position - valueStart <= Self.maximumAttributeValueLength else { throw tooLong() }
            switch bytes[position] {
            case UInt8(ascii: "&"): try readReference(into: &value)
            case UInt8(ascii: "<"): throw error("'<' inside an attribute value: write &lt;")
            default:
                value.append(bytes[position])
                advance()
            }
        }
        guard position < bytes.count else { throw failure("the attribute value is never closed") }
        guard position - valueStart <= Self.maximumAttributeValueLength else { throw tooLong() }
        position += 1
        return String(decoding: value, as: UTF8.self)
    }

    /// The five named entities, by name.
    private static let namedEntities: [(name: [UInt8], byte: UInt8)] = [
        (Array("lt".utf8), UInt8(ascii: "<")), (Array("gt".utf8), UInt8(ascii: ">")), (Array("amp".utf8), UInt8(ascii: "&")),
        (Array("quot".utf8), UInt8(ascii: "\"")), (Array("apos".utf8), UInt8(ascii: "'")),
    ]

    /// `&amp;`, `&#38;`, `&#x26;`… at `&`: appends the UTF-8 bytes it stands for. Nothing else
    /// is expanded.
    private mutating func readReference(into out: inout [UInt8]) throws(SourceError) {
        let start = position
        guard let semicolon = bytes[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw error("'&' starts no entity: write &amp;", column: columnOnLine(start))
        }
        let name = bytes[(position + 1)..<semicolon]
        var scalar: Unicode.Scalar?
        if let named = Self.namedEntities.first(where: { $0.name.elementsEqual(name) }) {
            scalar = Unicode.Scalar(named.byte)
        } else if name.first == UInt8(ascii: "#") {
            let hex = name.count > 1 && (name[name.startIndex + 1] | 0x20) == UInt8(ascii: "x")
            scalar = Self.number(name.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10).flatMap(Unicode.Scalar.init)
        }
        guard let scalar else {
            throw error("unknown entity '&\(String(decoding: name, as: UTF8.self));'", column: columnOnLine(start))
        }
        position = semicolon + 1
        UTF8.encode(scalar) { out.append($0) }
    }

    /// The value of ASCII digits (nil when there are none, or a byte is not a digit of `radix`);
    /// at most 10 of them, so it fits.
    private static func number(_ digits: ArraySlice<UInt8>, radix: UInt32) -> UInt32? {
        guard !digits.isEmpty else { return nil }
        var value: UInt64 = 0
        for b in digits {
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: return nil
            }
            guard digit < radix else { return nil }
            value = value * UInt64(radix) + UInt64(digit)
        }
        return UInt32(exactly: value)
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
        loop: while position < bytes.count {
            switch bytes[position] {
            case 9, 10, 13, 32: advance()
            default: break loop
            }
        }
        return position > start
    }

    /// The 1-based column of a byte on the current line, in Unicode scalars, counted on from
    /// the last column asked for when it is on the same line and not after the byte.
    private mutating func column(of offset: Int) -> Int {
        let offset = min(offset, bytes.count)
        let mark = columnMark.line == line && columnMark.offset >= lineStart && columnMark.offset <= offset
            ? columnMark : (line: line, offset: lineStart, column: 1)
        let column = mark.column - 1 + Self.column(in: bytes, from: mark.offset, to: offset)
        columnMark = (line, offset, column)
        return column
    }

    /// The 1-based column of byte `offset` on a line that starts at `lineStart`, in Unicode
    /// scalars (bytes other than UTF-8 continuation bytes).
    private static func column(in bytes: [UInt8], from lineStart: Int, to offset: Int) -> Int {
        var column = 1
        for i in lineStart..<min(offset, bytes.count) where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    /// The 1-based column of a byte on the current line (for errors: not counted on from a mark).
    private func columnOnLine(_ offset: Int) -> Int { Self.column(in: bytes, from: lineStart, to: offset) }

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

    /// An error on the current line, at `column` or at the current position.
    private func error(_ message: String, column: Int? = nil) -> SourceError {
        SourceError(path: path, line: line, column: column ?? columnOnLine(position), message: message,
                    sourceLine: sourceLine(line))
    }
}
