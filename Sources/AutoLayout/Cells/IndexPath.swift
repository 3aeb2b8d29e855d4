/// The position of an item in a sectioned list: a section and an item (or row) in it
/// (Foundation's `IndexPath`, as UIKit's tables and collections use it, without Foundation).
///
/// Index paths order by section, then item, as Foundation's do, and print as Foundation's do:
/// `[0, 1]` is item 1 of section 0. Only the two-index paths of tables and collections exist
/// here.
///
/// A file that imports Foundation as well as AutoLayout sees two `IndexPath` types, and Swift
/// reports the name as ambiguous there: write `AutoLayout.IndexPath` (or `Foundation.IndexPath`)
/// in such a file, or leave Foundation out of files that use this package's index paths.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// The section.
    public var section: Int
    /// The item in the section (a collection view's name for it).
    public var item: Int
    /// The row in the section (a table view's name for ``item``).
    public var row: Int {
        get { item }
        set { item = newValue }
    }

    /// The path of an item in a section (UIKit's `IndexPath(item:section:)`).
    public init(item: Int, section: Int) {
        self.section = section
        self.item = item
    }

    /// The path of a row in a section (UIKit's `IndexPath(row:section:)`).
    public init(row: Int, section: Int) { self.init(item: row, section: section) }

    /// A path from its two indexes, section first: `[0, 1]`.
    /// - Precondition: exactly two indexes.
    public init(arrayLiteral indexes: Int...) {
        precondition(indexes.count == 2, "An index path here has two indexes, section and item; \(indexes) has \(indexes.count).")
        self.init(item: indexes[1], section: indexes[0])
    }

    /// Whether `lhs` comes first: the lower section, then the lower item.
    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    /// `[section, item]`, as Foundation prints an index path.
    public var description: String { "[\(section), \(item)]" }
}
