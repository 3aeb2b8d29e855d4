import Testing
@testable import ConstraintFile

@Suite struct SVGRendererTests {
    @Test func numbersAndEscapes() {
        #expect([0, 12.5, 1.0 / 3, -2].map(SVGRenderer.number) == ["0", "12.5", "0.33", "-2"])
        #expect(SVGRenderer.escaped("a<b & 'c'") == "a&lt;b &amp; &apos;c&apos;")
    }
}
