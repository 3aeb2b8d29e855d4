import AutoLayout

/// Reads UIKit's and AppKit's unsatisfiable-constraint messages out of pasted console output.
public enum UIKitLog {
    /// The most constraints one message may list: UIKit's list a few dozen at most, and the
    /// explainer solves each group, so a runaway list is refused rather than read.
    public static let constraintLimit = 1_000

    /// Every message in `text`: iOS 6–18 and AppKit variants, with or without header, prefixes,
    /// trailing spaces or tabs; bare `( … )` lists and bare quoted lines count as a message.
    ///
    /// - Parameters:
    ///   - text: The console output.
    ///   - path: The name used in errors.
    /// - Returns: The messages that list at least one constraint, in order.
    /// - Throws: `SourceError` at the line and column of a listed description that cannot be read.
    /// - Complexity: O(n) in the length of the text.
    public static func parse(_ text: String, path: String) throws(SourceError) -> [LogMessage] {
        var reader = Reader(path: path)
        var messages: [LogMessage] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let m = try reader.read(line) { messages.append(m) }
        }
        if let m = reader.finish() { messages.append(m) }
        return messages
    }


    /// `<CLASS:0x…` or `<CLASS: 0x…`: the start of a description, which `<private>` is not.
    static func startsLikeDescription(_ s: Substring) -> Bool {
        guard s.first == "<", let colon = s.firstIndex(of: ":"),
              DescriptionParser.isClassName(s[s.index(after: s.startIndex)..<colon]) else { return false }
        var rest = s[s.index(after: colon)...]
        if rest.first == " " { rest = rest.dropFirst() }
        return rest.hasPrefix("0x") && rest.dropFirst(2).first?.isHexDigit == true
    }

    static func looksLikeDescription(_ s: Substring) -> Bool {
        guard s.first == "<" else { return false }
        return contains(s.prefix(200), ":")
    }

    /// Decodes NSArray's quoting: `\"`, `\\`, `\n`, `\t` and `\Uxxxx` (UTF-16, surrogate pairs joined).
    static func unescape(_ s: Substring) -> String {
        guard s.contains("\\") else { return String(s) }
        var units: [UInt16] = []
        var it = Array(s.utf16)[...]
        while let u = it.popFirst() {
            guard u == 0x5C, let next = it.first else { units.append(u); continue }
            switch next {
            case 0x55, 0x75:   // U u
                let hex = it.dropFirst().prefix(4)
                if hex.count == 4, let v = UInt16(String(decoding: hex, as: UTF16.self), radix: 16) {
                    units.append(v); it = it.dropFirst(5)
                } else { units.append(u) }
            case 0x6E: units.append(0x0A); it = it.dropFirst()
            case 0x74: units.append(0x09); it = it.dropFirst()
            case 0x22, 0x5C, 0x27: units.append(next); it = it.dropFirst()
            default: units.append(u)
            }
        }
        return String(decoding: units, as: UTF16.self)
    }
}
