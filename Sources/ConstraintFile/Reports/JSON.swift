/// A JSON value, written deterministically: object keys in the order given, numbers as the
/// shortest text that reads back the same, strings escaped per RFC 8259.
public indirect enum JSON: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; whole numbers print without a fraction (`3`, not `3.0`), NaN and infinities as `null`.
    case number(Double)
    /// A string, escaped when written.
    case string(String)
    /// An array, in order.
    case array([JSON])
    /// Keys keep their order (a report's fields read in a fixed order).
    case object([(String, JSON)])

    /// Two values are equal when they print the same text (so key order matters).
    public static func == (a: JSON, b: JSON) -> Bool { a.rendered() == b.rendered() }

    /// The value as compact JSON text (one line).
    public func rendered() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let x):
            if !x.isFinite { out += "null" }
            else if x == x.rounded(), abs(x) < 1e15 { out += String(Int64(x)) }
            else { out += "\(x)" }
        case .string(let s): JSON.writeString(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out += "," }
                JSON.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
