// MARK: - Small text helpers (no Foundation)

func trim(_ s: Substring) -> Substring {
    var s = s
    while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
    return s
}

func find(_ s: Substring, _ needle: String, from: Substring.Index? = nil) -> Range<Substring.Index>? {
    let n = Array(needle.utf8)
    guard let first = n.first else { return nil }
    let u = s.utf8
    var i = from ?? u.startIndex
    while i < u.endIndex {
        if u[i] == first {
            var j = i, k = 0
            while k < n.count, j < u.endIndex, u[j] == n[k] { j = u.index(after: j); k += 1 }
            if k == n.count { return i..<j }
        }
        i = u.index(after: i)
    }
    return nil
}

func contains(_ s: Substring, _ needle: String) -> Bool { find(s, needle) != nil }

/// Parses a number as UIKit prints it (`%g`, SnapKit's `10.0`, `- 0.333333`).
/// - Returns: nil when `s` is not a number.
/// - Throws: `DescriptionError` at the number when it is one but out of range (`1e400`): a
///   constant the solver cannot hold, which UIKit never prints.
func parseNumber(_ s: Substring) throws(DescriptionError) -> Double? {
    var t = trim(s)
    var negative = false
    if t.hasPrefix("-") { negative = true; t = trim(t.dropFirst()) }
    else if t.hasPrefix("+") { t = trim(t.dropFirst()) }
    guard let f = t.first, f.isASCII, f.isNumber || f == "." else { return nil }
    guard t.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "-" || $0 == "+") }),
          let v = Double(String(t)) else { return nil }
    guard v.isFinite else {
        // `t` shares its indices with the whole description (`base`), so the offset is the column.
        throw DescriptionError(offset: t.base.distance(from: t.base.startIndex, to: t.startIndex),
                               message: "the number '\(t)' is out of range: constants must be finite")
    }
    return negative ? -v : v
}
