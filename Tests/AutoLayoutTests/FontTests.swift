import Testing
@testable import AutoLayout

@Suite struct FontTests {
    @Test func weightsHaveUIKitsValues() {
        let weights: [Font.Weight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
        #expect(weights.map(\.rawValue) == [-0.8, -0.6, -0.4, 0, 0.23, 0.3, 0.4, 0.56, 0.62])
        #expect(Font.Weight(rawValue: 0.4) == .bold)
    }

    @Test func preferredFontsAreTheLargeSizes() {
        let sizes = Font.TextStyle.allCases.map { ($0, Font.preferredFont(forTextStyle: $0).pointSize) }
        #expect(sizes.map(\.1) == [34, 28, 22, 20, 17, 15, 17, 16, 13, 12, 11])
        #expect(Font.preferredFont(forTextStyle: .headline).weight == .semibold)
        #expect(Font.TextStyle.allCases.filter { Font.preferredFont(forTextStyle: $0).weight != .regular } == [.headline])
        // The body style is the system font at 17.
        #expect(Font.preferredFont(forTextStyle: .body) == .systemFont(ofSize: 17))
    }

    @Test func textStylesHaveUIKitsRawValues() {
        #expect(Font.TextStyle.largeTitle.rawValue == "UICTFontTextStyleTitle0")
        #expect(Font.TextStyle.subheadline.rawValue == "UICTFontTextStyleSubhead")
        #expect(Font.TextStyle(rawValue: "UICTFontTextStyleCaption2") == .caption2)
        #expect(Font.TextStyle(rawValue: "UICTFontTextStyleBogus") == nil)
    }

    @Test func factoriesSetWeightAndTraits() {
        #expect(Font.boldSystemFont(ofSize: 15) == .systemFont(ofSize: 15, weight: .bold))
        #expect(Font.systemFont(ofSize: 15, weight: .regular) == .systemFont(ofSize: 15))
        let italic = Font.italicSystemFont(ofSize: 13)
        #expect(italic.isItalic && italic.weight == .regular && italic != .systemFont(ofSize: 13))
        let digits = Font.monospacedDigitSystemFont(ofSize: 20, weight: .medium)
        #expect(digits.hasMonospacedDigits && digits.weight == .medium && digits.pointSize == 20)
        let semibold = Font.systemFont(ofSize: 17, weight: .semibold)
        #expect(semibold.withSize(12) == .systemFont(ofSize: 12, weight: .semibold))
        #expect(Set([Font.systemFont(ofSize: 17), .boldSystemFont(ofSize: 17), .italicSystemFont(ofSize: 17)]).count == 3)
    }

    /// The text model reads the size alone: weight and traits leave every measurement as it was.
    @Test func weightDoesNotChangeTheModel() {
        let model = MonospacedTextModel()
        let text = "Hello, wrapping world"
        let plain = model.layout(text, font: .systemFont(ofSize: 17), width: 100, maximumLines: 0, lineBreakMode: .byWordWrapping)
        for font in [Font.boldSystemFont(ofSize: 17), .systemFont(ofSize: 17, weight: .black), .italicSystemFont(ofSize: 17),
                     .monospacedDigitSystemFont(ofSize: 17, weight: .ultraLight), .preferredFont(forTextStyle: .headline)] {
            #expect(model.layout(text, font: font, width: 100, maximumLines: 0, lineBreakMode: .byWordWrapping) == plain)
        }
        let label = Label(text: "Follow")
        let regular = label.intrinsicContentSize
        label.font = .boldSystemFont(ofSize: 17)
        #expect(label.intrinsicContentSize == regular)
        label.font = .preferredFont(forTextStyle: .footnote)
        #expect(label.intrinsicContentSize == Size(width: 47, height: 16))   // 6 × 7.8 = 46.8, 15.6
    }
}
