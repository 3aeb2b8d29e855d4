/// A colour: extended-sRGB components and an alpha (UIKit's `UIColor`). Views store colours for
/// ported drawing code to set and read back; nothing here draws, and no colour affects layout.
///
/// The system colours are UIKit's light-appearance values, fixed: there is no dark mode, no
/// increased contrast and no elevated background here, so `systemBlue` is always
/// `(0, 122, 255)`. Sources:
/// - Standard colours (`systemRed` … `systemBrown`, `systemGray` … `systemGray6`): the iOS
///   table of Apple's Human Interface Guidelines, *Color*, "Default (light)" column, as it stood
///   for iOS 15 to 18 (PerseusUISystemKit's `SystemColorProtocol` transcribes it). The June 2025
///   edition of the guidelines moved several of them for iOS 26; these are the earlier values.
/// - Element colours (`label`, `separator`, the backgrounds and fills): the light values read from
///   UIKit on iOS 13 by Noah Gilmore (noahsark769/NGSystemColorComparison, published as the
///   ColorCompatibility library), the same as PerseusUISystemKit's `SemanticColorProtocol`.
/// - Fixed colours (`red`, `gray`, `lightGray` …): the components Apple documents for each
///   (`gray` is white 0.5, `lightGray` 2/3, `darkGray` 1/3).
///
/// Equality compares the components exactly, as `UIColor.isEqual` does for colours of one space.
public struct Color: Hashable, Sendable {
    /// The red component: 0 to 1 in sRGB, beyond that range in extended sRGB.
    public let red: Double
    /// The green component.
    public let green: Double
    /// The blue component.
    public let blue: Double
    /// The opacity: 0 is transparent, 1 opaque.
    public let alpha: Double

    /// A colour from its components (UIKit's `init(red:green:blue:alpha:)`). Values outside 0…1
    /// are kept, as UIKit keeps them in the extended sRGB space.
    /// - Precondition: every component is finite.
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        precondition(red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite,
                     "Color components (\(red), \(green), \(blue), \(alpha)) are invalid: pass finite numbers.")
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey: `white` in every component (UIKit's `init(white:alpha:)`).
    public init(white: Double, alpha: Double) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// The colour a ``cgColor`` holds (UIKit's `init(cgColor:)`).
    public init(cgColor: Color) { self = cgColor }

    /// A colour from 8-bit components, as design tables give them.
    init(_ red: Double, _ green: Double, _ blue: Double, alpha: Double = 1) {
        self.init(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
    }

    /// The same colour with another opacity (UIKit's `withAlphaComponent(_:)`).
    public func withAlphaComponent(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour itself, for a layer's ``Layer/borderColor`` and ``Layer/shadowColor``.
    ///
    /// UIKit's layers take a Core Graphics `CGColor`; Core Graphics does not exist on Linux, so
    /// the layer takes a `Color` and this returns it unchanged: `layer.borderColor =
    /// UIColor.systemPink.cgColor` ports by dropping the prefix alone.
    public var cgColor: Color { self }

    // MARK: Standard colours (light appearance)

    /// Red, `(255, 59, 48)`.
    public static let systemRed = Color(255, 59, 48)
    /// Orange, `(255, 149, 0)`.
    public static let systemOrange = Color(255, 149, 0)
    /// Yellow, `(255, 204, 0)`.
    public static let systemYellow = Color(255, 204, 0)
    /// Green, `(52, 199, 89)`.
    public static let systemGreen = Color(52, 199, 89)
    /// Mint, `(0, 199, 190)`.
    public static let systemMint = Color(0, 199, 190)
    /// Teal, `(48, 176, 199)`.
    public static let systemTeal = Color(48, 176, 199)
    /// Cyan, `(50, 173, 230)`.
    public static let systemCyan = Color(50, 173, 230)
    /// Blue, `(0, 122, 255)`: the default tint.
    public static let systemBlue = Color(0, 122, 255)
    /// Indigo, `(88, 86, 214)`.
    public static let systemIndigo = Color(88, 86, 214)
    /// Purple, `(175, 82, 222)`.
    public static let systemPurple = Color(175, 82, 222)
    /// Pink, `(255, 45, 85)`.
    public static let systemPink = Color(255, 45, 85)
    /// Brown, `(162, 132, 94)`.
    public static let systemBrown = Color(162, 132, 94)
    /// The base grey, `(142, 142, 147)`.
    public static let systemGray = Color(142, 142, 147)
    /// The second grey, `(174, 174, 178)`.
    public static let systemGray2 = Color(174, 174, 178)
    /// The third grey, `(199, 199, 204)`.
    public static let systemGray3 = Color(199, 199, 204)
    /// The fourth grey, `(209, 209, 214)`: UIKit's selected-row grey.
    public static let systemGray4 = Color(209, 209, 214)
    /// The fifth grey, `(229, 229, 234)`.
    public static let systemGray5 = Color(229, 229, 234)
    /// The lightest grey, `(242, 242, 247)`.
    public static let systemGray6 = Color(242, 242, 247)
    /// The app's tint colour as a colour value (UIKit's dynamic `UIColor.tintColor`): the
    /// default tint, ``systemBlue``, since no app or trait hierarchy sets another here.
    public static let tintColor = systemBlue

    // MARK: Element colours (light appearance)

    /// Text of primary content: black.
    public static let label = Color(0, 0, 0)
    /// Text of secondary content: `(60, 60, 67)` at 60 %.
    public static let secondaryLabel = Color(60, 60, 67, alpha: 0.6)
    /// Text of tertiary content: `(60, 60, 67)` at 30 %.
    public static let tertiaryLabel = Color(60, 60, 67, alpha: 0.3)
    /// Text of quaternary content: `(60, 60, 67)` at 18 %.
    public static let quaternaryLabel = Color(60, 60, 67, alpha: 0.18)
    /// Placeholder text: `(60, 60, 67)` at 30 %.
    public static let placeholderText = Color(60, 60, 67, alpha: 0.3)
    /// Links: `(0, 122, 255)`.
    public static let link = Color(0, 122, 255)
    /// Thin separators that let content show through: `(60, 60, 67)` at 29 %.
    public static let separator = Color(60, 60, 67, alpha: 0.29)
    /// Opaque separators: `(198, 198, 200)`.
    public static let opaqueSeparator = Color(198, 198, 200)
    /// Fill of thin and small shapes: `(120, 120, 128)` at 20 %.
    public static let systemFill = Color(120, 120, 128, alpha: 0.2)
    /// Fill of medium shapes: `(120, 120, 128)` at 16 %.
    public static let secondarySystemFill = Color(120, 120, 128, alpha: 0.16)
    /// Fill of large shapes: `(118, 118, 128)` at 12 %.
    public static let tertiarySystemFill = Color(118, 118, 128, alpha: 0.12)
    /// Fill of large areas with complex content: `(116, 116, 128)` at 8 %.
    public static let quaternarySystemFill = Color(116, 116, 128, alpha: 0.08)
    /// The main background: white.
    public static let systemBackground = Color(255, 255, 255)
    /// Content layered on the main background: `(242, 242, 247)`.
    public static let secondarySystemBackground = Color(242, 242, 247)
    /// Content layered on secondary content: white.
    public static let tertiarySystemBackground = Color(255, 255, 255)
    /// The background of a grouped list: `(242, 242, 247)`.
    public static let systemGroupedBackground = Color(242, 242, 247)
    /// The cells of a grouped list: white.
    public static let secondarySystemGroupedBackground = Color(255, 255, 255)
    /// Content inside grouped cells: `(242, 242, 247)`.
    public static let tertiarySystemGroupedBackground = Color(242, 242, 247)

    // MARK: Fixed colours

    /// Fully transparent black (UIKit's `clear`).
    public static let clear = Color(white: 0, alpha: 0)
    /// White.
    public static let white = Color(white: 1, alpha: 1)
    /// Black.
    public static let black = Color(white: 0, alpha: 1)
    /// Grey: white 0.5.
    public static let gray = Color(white: 0.5, alpha: 1)
    /// Light grey: white 2/3.
    public static let lightGray = Color(white: 2.0 / 3.0, alpha: 1)
    /// Dark grey: white 1/3.
    public static let darkGray = Color(white: 1.0 / 3.0, alpha: 1)
    /// Red: `(1, 0, 0)`.
    public static let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
    /// Green: `(0, 1, 0)`.
    public static let green = Color(red: 0, green: 1, blue: 0, alpha: 1)
    /// Blue: `(0, 0, 1)`.
    public static let blue = Color(red: 0, green: 0, blue: 1, alpha: 1)
    /// Cyan: `(0, 1, 1)`.
    public static let cyan = Color(red: 0, green: 1, blue: 1, alpha: 1)
    /// Yellow: `(1, 1, 0)`.
    public static let yellow = Color(red: 1, green: 1, blue: 0, alpha: 1)
    /// Magenta: `(1, 0, 1)`.
    public static let magenta = Color(red: 1, green: 0, blue: 1, alpha: 1)
    /// Orange: `(1, 0.5, 0)`.
    public static let orange = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// Purple: `(0.5, 0, 0.5)`.
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// Brown: `(0.6, 0.4, 0.2)`.
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
}
