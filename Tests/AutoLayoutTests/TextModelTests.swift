import Testing
import AutoLayout

@Suite struct TextModelTests {
    let model = MonospacedTextModel()
    let font = Font.systemFont(ofSize: 17)   // advance 10.2, line height 20.4, ascender 13.6

    func lines(_ text: String, width: Double?, max: Int = 0, mode: LineBreakMode = .byWordWrapping) -> TextLayout {
        model.layout(text, font: font, width: width, maximumLines: max, lineBreakMode: mode)
    }

    @Test func oneUnwrappedLine() {
        #expect(lines("hello world", width: nil) == TextLayout(size: Size(width: 112.5, height: 20.5), lineCount: 1,
                                                               firstBaseline: font.ascender, lastBaseline: font.ascender))
        #expect(lines("", width: 100) == .empty)
    }

    @Test func greedyWordWrap() {
        // 60 points hold five characters.
        #expect(lines("hello world", width: 60).lineCount == 2)
        #expect(lines("hello world", width: 60).size == Size(width: 51, height: 41))
        #expect(lines("hello  world", width: 60).lineCount == 2)          // a space that does not fit takes no room
        #expect(lines("hi all", width: 60).size.width == 31)              // words do not split: "hi" / "all"
        #expect(lines("hi all", width: 60).lineCount == 2)
        #expect(lines("abcdefghijkl", width: 60).lineCount == 3)          // a long word breaks by character
        #expect(lines("abcdefghijkl", width: 60).size.width == 51)
        #expect(lines("hello world", width: 5).lineCount == 10)           // at least one character a line
    }

    @Test func characterWrapNewlinesAndLimits() {
        #expect(lines("hello world", width: 60, mode: .byCharWrapping).lineCount == 3)
        #expect(lines("a\n\nb", width: nil).lineCount == 3)
        let three = lines("one two three", width: 60, max: 2)
        #expect(three.lineCount == 2 && three.size.height == 41)
        let all = lines("one two three", width: 60)
        #expect(all.lineCount == 3 && all.size.height == 61.5 && all.lastBaseline == 2 * font.lineHeight + font.ascender)
    }

    @Test func charactersNotBytes() {
        // Non-ASCII text is measured by Character, as ASCII is by byte: the same layouts.
        #expect(lines("héllo wörld", width: 60) == lines("hello world", width: 60))
        #expect(lines("👍🏽 a\r\nb", width: nil) == lines("x a\nb", width: nil))
        #expect(lines("ab   ", width: 60, mode: .byCharWrapping) == lines("ab", width: 60, mode: .byCharWrapping))
    }

    @Test func otherScales() {
        let thirds = MonospacedTextModel(scale: 3).layout("a", font: font, width: nil, maximumLines: 1, lineBreakMode: .byTruncatingTail)
        #expect(thirds.size.width == 31.0 / 3 && thirds.size.height == 62.0 / 3)
    }
}
