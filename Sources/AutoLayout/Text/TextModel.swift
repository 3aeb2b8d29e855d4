/// How a label breaks and cuts its lines (UIKit's `NSLineBreakMode`).
public enum LineBreakMode: Int, Sendable {
    /// Wrap at word boundaries; a word longer than a line breaks by character.
    case byWordWrapping = 0
    /// Wrap at any character.
    case byCharWrapping
    /// Wrap at words; lines past the limit are cut.
    case byClipping
    /// Wrap at words; the last visible line is cut at its start ("…" first). As with every
    /// truncation mode, the text model measures the same size as for word wrapping.
    case byTruncatingHead
    /// Wrap at words; the last visible line is cut at its end ("…" last): a label's default.
    case byTruncatingTail
    /// Wrap at words; the last visible line is cut in its middle.
    case byTruncatingMiddle
}

/// How text lines up inside its label (UIKit's `NSTextAlignment`); it does not change sizes.
public enum TextAlignment: Int, Sendable {
    /// Left.
    case left = 0
    /// Centred.
    case center
    /// Right.
    case right
    /// Both edges.
    case justified
    /// Leading: left in left-to-right layouts (the default).
    case natural
}

/// The measured lines of a text.
public struct TextLayout: Hashable, Sendable {
    /// The size, rounded up to the pixel grid: the widest line and the lines' total height.
    public var size: Size
    /// The number of lines kept.
    public var lineCount: Int
    /// The first line's baseline, from the top.
    public var firstBaseline: Double
    /// The last line's baseline, from the top.
    public var lastBaseline: Double

    /// Creates a layout.
    public init(size: Size, lineCount: Int, firstBaseline: Double, lastBaseline: Double) {
        self.size = size
        self.lineCount = lineCount
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
    }

    /// No text: no size, no lines.
    public static let empty = TextLayout(size: .zero, lineCount: 0, firstBaseline: 0, lastBaseline: 0)
}

/// Measures text for labels. Plug in your own to match real fonts; the default,
/// ``MonospacedTextModel``, is deterministic on every platform.
public protocol TextMeasuring: Sendable {
    /// Lays `text` out in `font`, wrapping at `width` (nil: no wrapping, one line per
    /// paragraph), keeping at most `maximumLines` lines (0: all).
    func layout(_ text: String, font: Font, width: Double?, maximumLines: Int, lineBreakMode: LineBreakMode) -> TextLayout
}

/// The spec's deterministic text model: every character advances 0.6 × the font size, a line
/// is 1.2 × the size tall with its baseline 0.8 × the size below its top, words wrap greedily
/// at spaces (trailing spaces take no room; a word longer than a line breaks by character), and
/// sizes round up to 1/`scale` as UIKit's text measurement does on a `scale`× screen.
public struct MonospacedTextModel: TextMeasuring, Hashable {
    /// The screen scale sizes round up to (2: half points).
    public var scale: Double

    /// A model rounding to 1/`scale` points.
    public init(scale: Double = 2) {
        precondition(scale.isFinite && scale > 0, "Text model scale \(scale) is invalid: pass a finite scale above 0.")
        self.scale = scale
    }

    /// Lays out `text`: see the type's description for the rules.
    /// - Complexity: O(characters).
    public func layout(_ text: String, font: Font, width: Double?, maximumLines: Int, lineBreakMode: LineBreakMode) -> TextLayout {
        if text.isEmpty { return .empty }
        let advance = 0.6 * font.pointSize
        // Characters that fit on a line (at least one, so that every line makes progress).
        // A width of more characters than any text has (or a non-finite one) is no limit.
        let capacity = width.map { w -> Int in
            let fit = (w / advance + 1e-9).rounded(.down)
            return fit.isNaN ? Int.max : fit >= Double(Int32.max) ? Int.max : max(1, Int(fit))
        } ?? Int.max
        var lines: [Int] = []   // the width of each line, in characters
        for words in paragraphs(text) {
            if lineBreakMode == .byCharWrapping {
                wrapByCharacter(words, capacity, into: &lines)
            } else {
                wrapByWord(words, capacity, into: &lines)
            }
        }
        if maximumLines > 0 && lines.count > maximumLines { lines.removeLast(lines.count - maximumLines) }
        let widest = lines.max() ?? 0
        let lineHeight = font.lineHeight
        return TextLayout(size: Size(width: roundUp(Double(widest) * advance), height: roundUp(Double(lines.count) * lineHeight)),
                          lineCount: lines.count, firstBaseline: font.ascender,
                          lastBaseline: Double(lines.count - 1) * lineHeight + font.ascender)
    }

    /// The lengths, in characters, of the space-separated words of each paragraph (empty words
    /// stand for extra spaces). ASCII text is read byte by byte, the rest by `Character`.
    private func paragraphs(_ text: String) -> [[Int]] {
        var result: [[Int]] = []
        var words: [Int] = []
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            var length = 0
            for byte in text.utf8 {
                switch byte {
                case 0x20: words.append(length); length = 0
                case 0x0A: words.append(length); length = 0; result.append(words); words = []
                default: length += 1
                }
            }
            words.append(length)
            result.append(words)
            return result
        }
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            result.append(paragraph.split(separator: " ", omittingEmptySubsequences: false).map(\.count))
        }
        return result
    }

    private func wrapByCharacter(_ words: [Int], _ capacity: Int, into lines: inout [Int]) {
        // Trailing spaces (empty words at the end) take no room.
        let last = words.lastIndex { $0 > 0 } ?? -1
        var remaining = last < 0 ? 0 : words[...last].reduce(0, +) + last
        if remaining == 0 { lines.append(0); return }
        while remaining > 0 {
            lines.append(min(remaining, capacity))
            remaining -= capacity
        }
    }

    private func wrapByWord(_ words: [Int], _ capacity: Int, into lines: inout [Int]) {
        var line = 0          // characters on the current line, trailing spaces included
        var visible = 0       // the same without trailing spaces
        var started = false
        func start(_ length: Int) {
            // A word longer than a line breaks by character.
            var k = length
            while k > capacity {
                lines.append(capacity)
                k -= capacity
            }
            line = k
            visible = k
            started = true
        }
        for k in words {
            if !started {
                start(k)
            } else if line + 1 + k <= capacity {
                line += 1 + k
                if k > 0 { visible = line }
            } else if k > 0 {
                lines.append(visible)
                start(k)
            }
            // A space that does not fit is a trailing space: it takes no room.
        }
        lines.append(visible)
    }

    private func roundUp(_ v: Double) -> Double {
        let scaled = v * scale
        let nearest = scaled.rounded()
        // A hair above a pixel boundary is noise from the multiplication, not a new pixel.
        return (abs(scaled - nearest) < 1e-9 ? nearest : scaled.rounded(.up)) / scale
    }
}
