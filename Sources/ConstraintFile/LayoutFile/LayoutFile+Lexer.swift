/// A token of one `.layout` line.
struct Token: Sendable {
    enum Kind: Equatable, Sendable {
        case ident(String)
        case number(Double)
        case string(String)
        /// `375x600`: a width and a height written together.
        case size(Double, Double)
        case punct(String)
        case end
    }

    var kind: Kind
    /// 1-based column of the token's first character.
    var column: Int

    /// The token as the user wrote it, for messages.
    var shown: String {
        switch kind {
        case .ident(let s): return "'\(s)'"
        case .number(let x): return "number \(formatted(x))"
        case .string: return "a string"
        case .size(let w, let h): return "size \(formatted(w))x\(formatted(h))"
        case .punct(let p): return "'\(p)'"
        case .end: return "the end of the line"
        }
    }
}

/// Splits one line into tokens; `#` starts a comment.
///
/// - Throws: ``SourceError`` for an unexpected character, an unterminated string or a number
///   that is not finite.
/// - Complexity: O(*n*) for a line of *n* characters.
func tokenize(_ chars: [Character], line: Int, path: String, text: String) throws(SourceError) -> [Token] {
    func fail(_ message: String, _ index: Int) -> SourceError {
        SourceError(path: path, line: line, column: index + 1, message: message, sourceLine: text)
    }
    func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
    func isIdentStart(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c == "_") }
    func isIdent(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber || c == "_") }
    var tokens: [Token] = []
    var i = 0
    func number(from start: Int) throws(SourceError) -> Double {
        var j = start
        while j < chars.count, isDigit(chars[j]) { j += 1 }
        if j < chars.count, chars[j] == ".", j + 1 < chars.count, isDigit(chars[j + 1]) {
            j += 1
            while j < chars.count, isDigit(chars[j]) { j += 1 }
        }
        if j < chars.count, chars[j] == "e" || chars[j] == "E" {
            var k = j + 1
            if k < chars.count, chars[k] == "+" || chars[k] == "-" { k += 1 }
            if k < chars.count, isDigit(chars[k]) {
                j = k
                while j < chars.count, isDigit(chars[j]) { j += 1 }
            }
        }
        guard let value = Double(String(chars[start..<j])), value.isFinite, value <= LayoutFile.largestNumber else {
            throw fail("number '\(String(chars[start..<min(j, start + 40)]))' is too large: numbers in a layout file are at most 10000000 (1e7)", start)
        }
        i = j
        return value
    }
    while i < chars.count {
        let c = chars[i]
        if c == " " || c == "\t" { i += 1; continue }
        if c == "#" { break }
        let start = i
        if isIdentStart(c) {
            while i < chars.count, isIdent(chars[i]) { i += 1 }
            tokens.append(Token(kind: .ident(String(chars[start..<i])), column: start + 1))
        } else if isDigit(c) || (c == "." && i + 1 < chars.count && isDigit(chars[i + 1])) {
            let w = try number(from: i)
            if i + 1 < chars.count, chars[i] == "x", isDigit(chars[i + 1]) {
                let h = try number(from: i + 1)
                tokens.append(Token(kind: .size(w, h), column: start + 1))
            } else {
                tokens.append(Token(kind: .number(w), column: start + 1))
            }
            if i < chars.count, isIdent(chars[i]) {
                throw fail("bad number '\(String(chars[start...i]))': expected digits, a '.' and digits, or WxH", start)
            }
        } else if c == "\"" {
            var value = ""
            i += 1
            var closed = false
            while i < chars.count {
                let d = chars[i]
                if d == "\"" { closed = true; i += 1; break }
                if d == "\\" {
                    guard i + 1 < chars.count else { break }
                    switch chars[i + 1] {
                    case "n": value.append("\n")
                    case "t": value.append("\t")
                    case "\"": value.append("\"")
                    case "\\": value.append("\\")
                    default: throw fail("unknown escape '\\\(chars[i + 1])' in string: use \\n, \\t, \\\" or \\\\", i)
                    }
                    i += 2
                    continue
                }
                value.append(d)
                i += 1
            }
            guard closed else { throw fail("unterminated string: expected a closing '\"' on the same line", start) }
            tokens.append(Token(kind: .string(value), column: start + 1))
        } else {
            let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            if (c == "=" || c == "<" || c == ">") && next == "=" {
                tokens.append(Token(kind: .punct(String([c, "="])), column: start + 1))
                i += 2
            } else if "(),:.*+-@{}|=±".contains(c) {
                tokens.append(Token(kind: .punct(String(c)), column: start + 1))
                i += 1
            } else {
                let shown = c.unicodeScalars.map { s -> String in
                    let hex = String(s.value, radix: 16, uppercase: true)
                    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                }.joined(separator: " ")
                let printable = c.isASCII && c.asciiValue! >= 32 && c.asciiValue! < 127
                throw fail("unexpected character \(printable ? "'\(c)'" : shown): expected a name, a number, a string or an operator", start)
            }
        }
    }
    tokens.append(Token(kind: .end, column: chars.count + 1))
    return tokens
}

/// A number as reports print it: integers without a fraction, others in Swift's shortest form.
func formatted(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return "\(x)"
}
