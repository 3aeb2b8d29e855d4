#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exception UIKit raises where this package reports and goes on (UIKit's `NSException`):
/// UIKit's name and reason, word for word, and what the package adds about the cause.
///
/// UIKit terminates the app; here the layout that raised it records it (for instance in
/// ``ListLayout/Result/exceptions``) and lays out the rest, so that a test can assert it.
public struct Exception: Error, Hashable, Sendable, CustomStringConvertible {
    /// An exception's name (UIKit's `NSExceptionName`).
    public struct Name: RawRepresentable, Hashable, Sendable {
        /// The name as UIKit prints it.
        public var rawValue: String
        /// A name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// `NSInternalInconsistencyException`: UIKit found its own state inconsistent.
        public static let internalInconsistencyException = Name(rawValue: "NSInternalInconsistencyException")
    }

    /// The name.
    public var name: Name
    /// UIKit's reason, as it prints it after `reason: '`.
    public var reason: String
    /// What caused it and what to do, in this package's words.
    public var explanation: String

    /// An exception.
    public init(name: Name, reason: String, explanation: String) {
        self.name = name
        self.reason = reason
        self.explanation = explanation
    }

    /// The line UIKit prints as the exception ends the app: `*** Terminating app due to uncaught
    /// exception 'NSInternalInconsistencyException', reason: '…'`.
    public var description: String {
        "*** Terminating app due to uncaught exception '\(name.rawValue)', reason: '\(reason)'"
    }
}

extension Exception {
    /// UIKit's exception for a self-sizing item whose cell's constraints leave its height open:
    /// the fitting comes out as the largest height there is (`DBL_MAX`), centred, so rounding
    /// the frame to pixels makes it infinite. `frame` is where the item stood before measuring;
    /// `index` is its item in section 0.
    static func openHeight(frame: Rect, index: Int, cell: SizingCellCache.OpenHeight) -> Exception {
        let huge = Double.greatestFiniteMagnitude
        let x = formatG17(frame.minX), w = formatG17(frame.width), y = formatG17(-huge / 2)
        let attributes = 0x6000_00c0_0000 + UInt64(index) * 0x1a0
        let indexPath = 0xc000_0000_0000_0016 | (UInt64(index) << 8)
        let layer = 0x6000_00d0_0000 + UInt64(index) * 0x20
        var view = "<\(cell.className): \(cell.address)"
        if let base = cell.baseClassName { view += "; baseClass = \(base)" }
        view += "; frame = \(frame)"
        if cell.clips { view += "; clipsToBounds = YES" }
        view += "; layer = <CALayer: 0x\(String(layer, radix: 16))>>"
        let reason = "Rounding frame ({{\(x), \(y)}, {\(w), \(formatG17(huge))}}) from preferred layout attributes resulted in a frame with one or more invalid members ({{\(x), \(y)}, {\(w), inf}}).\n"
            + "Layout attributes: <UICollectionViewLayoutAttributes: 0x\(String(attributes, radix: 16))> index path: (<NSIndexPath: 0x\(String(indexPath, radix: 16))> {length = 2, path = 0 - \(index)}); frame = (\(formatNumber(frame.minX)) \(formatNumber(-huge / 2)); \(formatNumber(frame.width)) \(formatNumber(huge))); zIndex = 10; \n"
            + "View: \(view)"
        let explanation = "Item \(index)'s height is undetermined; the list laid it out at its estimated height, \(formatNumber(frame.height)), and the rest as measured. " + cell.explanation
        return Exception(name: .internalInconsistencyException, reason: reason, explanation: explanation)
    }
}

/// `value` as `%.17g` prints it, as Foundation prints a rectangle's members
/// (`NSStringFromCGRect`): `20`, `-8.9884656743115785e+307`.
func formatG17(_ value: Double) -> String {
    var buffer = [CChar](repeating: 0, count: 40)
    _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.17g", $0) }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
