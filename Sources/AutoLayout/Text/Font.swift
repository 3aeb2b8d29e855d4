// UIKit's font factories, weights and text styles. The struct itself, with the metrics the
// text model reads, is in Label.swift.

extension Font {
    /// A font weight, with UIKit's values (`UIFont.Weight`, a `CGFloat` from −1 to 1).
    ///
    /// Weights do not change sizes: the text model advances every character 0.6 × the point size
    /// in every weight, so `systemFont(ofSize: 17, weight: .bold)` measures exactly as
    /// `systemFont(ofSize: 17)`. UIKit's bolder glyphs are a little wider; modelling that would
    /// make every measured size depend on a per-weight factor no public source gives. The weight
    /// is kept (fonts of different weights are different fonts) for ported code to set and read.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        /// UIKit's value: −1 (thinnest) to 1 (heaviest), 0 regular.
        public let rawValue: Double
        /// A weight from its value.
        public init(rawValue: Double) { self.rawValue = rawValue }

        /// −0.8.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// −0.6.
        public static let thin = Weight(rawValue: -0.6)
        /// −0.4.
        public static let light = Weight(rawValue: -0.4)
        /// 0.
        public static let regular = Weight(rawValue: 0)
        /// 0.23.
        public static let medium = Weight(rawValue: 0.23)
        /// 0.3.
        public static let semibold = Weight(rawValue: 0.3)
        /// 0.4.
        public static let bold = Weight(rawValue: 0.4)
        /// 0.56.
        public static let heavy = Weight(rawValue: 0.56)
        /// 0.62.
        public static let black = Weight(rawValue: 0.62)
    }

    /// The Dynamic Type text styles (UIKit's `UIFont.TextStyle`, with UIKit's raw values: the
    /// style names Interface Builder writes in `<fontDescription style="…">`).
    ///
    /// Their fonts are UIKit's at the default content size category (Large), the only one here:
    /// large title 34, title 1 28, title 2 22, title 3 20, headline 17 semibold, body 17,
    /// callout 16, subheadline 15, footnote 13, caption 1 12, caption 2 11, all regular but the
    /// headline. Sizes: Apple's Human Interface Guidelines, *Typography*, "iOS, iPadOS Dynamic
    /// Type sizes", Large (Default) column. Weights: what `preferredFont(forTextStyle:)` returns
    /// (iosfontsizes.com lists each style's font, SFUI-Semibold for the headline only; the
    /// guidelines' design templates draw the large title bold, UIKit's font is regular).
    public enum TextStyle: String, CaseIterable, Sendable {
        /// 34 pt.
        case largeTitle = "UICTFontTextStyleTitle0"
        /// 28 pt.
        case title1 = "UICTFontTextStyleTitle1"
        /// 22 pt.
        case title2 = "UICTFontTextStyleTitle2"
        /// 20 pt.
        case title3 = "UICTFontTextStyleTitle3"
        /// 17 pt semibold.
        case headline = "UICTFontTextStyleHeadline"
        /// 15 pt.
        case subheadline = "UICTFontTextStyleSubhead"
        /// 17 pt: the default style of body text, list rows and symbol images.
        case body = "UICTFontTextStyleBody"
        /// 16 pt.
        case callout = "UICTFontTextStyleCallout"
        /// 13 pt.
        case footnote = "UICTFontTextStyleFootnote"
        /// 12 pt.
        case caption1 = "UICTFontTextStyleCaption1"
        /// 11 pt.
        case caption2 = "UICTFontTextStyleCaption2"

        /// The point size at the Large content size category.
        var pointSize: Double {
            switch self {
            case .largeTitle: 34
            case .title1: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption1: 12
            case .caption2: 11
            }
        }
    }

    /// The system font at a size and weight (UIKit's `systemFont(ofSize:weight:)`).
    public static func systemFont(ofSize size: Double, weight: Weight) -> Font {
        var font = Font(pointSize: size)
        font.weight = weight
        return font
    }

    /// The bold system font at a size (UIKit's `boldSystemFont(ofSize:)`).
    public static func boldSystemFont(ofSize size: Double) -> Font { systemFont(ofSize: size, weight: .bold) }

    /// The italic system font at a size (UIKit's `italicSystemFont(ofSize:)`).
    public static func italicSystemFont(ofSize size: Double) -> Font {
        var font = Font(pointSize: size)
        font.isItalic = true
        return font
    }

    /// The system font with digits of equal width (UIKit's `monospacedDigitSystemFont(ofSize:weight:)`),
    /// for counters and times that should not jiggle.
    public static func monospacedDigitSystemFont(ofSize size: Double, weight: Weight) -> Font {
        var font = systemFont(ofSize: size, weight: weight)
        font.hasMonospacedDigits = true
        return font
    }

    /// The font of a text style at the default content size category (UIKit's
    /// `preferredFont(forTextStyle:)`): see ``TextStyle`` for the sizes.
    public static func preferredFont(forTextStyle style: TextStyle) -> Font {
        systemFont(ofSize: style.pointSize, weight: style == .headline ? .semibold : .regular)
    }

    /// The same font at another size (UIKit's `withSize(_:)`).
    public func withSize(_ size: Double) -> Font {
        var font = self
        font.pointSize = Font(pointSize: size).pointSize
        return font
    }
}
