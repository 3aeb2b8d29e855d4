import Testing
@testable import AutoLayout

@Suite struct ColorTests {
    @Test func componentsAreKeptAsGiven() {
        let c = Color(red: 0.25, green: 0.5, blue: 1, alpha: 0.75)
        #expect(c.red == 0.25 && c.green == 0.5 && c.blue == 1 && c.alpha == 0.75)
        // Extended sRGB: values past 0…1 are not clamped.
        #expect(Color(red: 1.2, green: -0.1, blue: 0, alpha: 1).red == 1.2)
        #expect(Color(white: 0.5, alpha: 1) == .gray)
        #expect(Color(white: 0.3, alpha: 0.4) == Color(red: 0.3, green: 0.3, blue: 0.3, alpha: 0.4))
    }

    @Test func withAlphaComponentKeepsTheColour() {
        let faded = Color.systemBlue.withAlphaComponent(0.2)
        #expect(faded.alpha == 0.2)
        #expect(faded.withAlphaComponent(1) == .systemBlue)
        #expect(Color.black.withAlphaComponent(0) == .clear)
    }

    @Test func systemColoursAreUIKitsLightValues() {
        func bytes(_ c: Color) -> [Double] { [c.red, c.green, c.blue].map { ($0 * 255).rounded() } }
        #expect(bytes(.systemBlue) == [0, 122, 255])
        #expect(bytes(.systemRed) == [255, 59, 48])
        #expect(bytes(.systemGreen) == [52, 199, 89])
        #expect(bytes(.systemPink) == [255, 45, 85])
        #expect(bytes(.systemOrange) == [255, 149, 0])
        #expect(bytes(.systemYellow) == [255, 204, 0])
        #expect(bytes(.systemPurple) == [175, 82, 222])
        #expect(bytes(.systemTeal) == [48, 176, 199])
        #expect(bytes(.systemIndigo) == [88, 86, 214])
        #expect([Color.systemGray, .systemGray2, .systemGray3, .systemGray4, .systemGray5, .systemGray6].map(bytes) == [
            [142, 142, 147], [174, 174, 178], [199, 199, 204], [209, 209, 214], [229, 229, 234], [242, 242, 247],
        ])
        #expect(bytes(.secondarySystemBackground) == [242, 242, 247] && Color.systemBackground == .white)
        #expect(Color.label == .black)
        #expect(bytes(.secondaryLabel) == [60, 60, 67] && Color.secondaryLabel.alpha == 0.6)
        #expect(Color.tertiaryLabel.alpha == 0.3 && Color.separator.alpha == 0.29)
        #expect(Color.tintColor == .systemBlue)
    }

    @Test func fixedColoursAreApplesComponents() {
        #expect(Color.clear.alpha == 0)
        #expect(Color.red == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(Color.lightGray.red == 2.0 / 3.0 && Color.darkGray.red == 1.0 / 3.0)
        #expect(Color.white.red == 1 && Color.black.blue == 0)
    }

    @Test func cgColorIsTheColourForLayers() {
        // `view.layer.borderColor = UIColor.systemPink.cgColor`, prefix dropped.
        let view = View()
        view.layer.borderColor = Color.systemPink.cgColor
        #expect(view.layer.borderColor == .systemPink)
        #expect(Color(cgColor: view.layer.borderColor!) == .systemPink)
    }

    @Test func coloursAreHashable() {
        #expect(Set([Color.systemBlue, .link, .tintColor]).count == 1)
        #expect(Color.systemGray6 == .secondarySystemBackground)
    }
}
