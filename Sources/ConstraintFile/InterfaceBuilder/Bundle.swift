import AutoLayout

/// Where nibs are found: UIKit's `Bundle`, reduced to loading nibs, so that
/// `Bundle.main.loadNibNamed(…)` ports with one `try` added.
///
/// A program on Linux has no bundle of resources: a bundle is a list of directories to look for
/// `NAME.xib` in, ``nibSearchPaths``; ``main``'s is the current directory until the program
/// sets it.
///
/// ```swift
/// Bundle.main.nibSearchPaths = ["Resources/Nibs"]
/// try Bundle.main.loadNibNamed("ProfileView", owner: self, options: nil)
/// ```
///
/// A file that also imports Foundation, which has a `Bundle` of its own, keeps these calls
/// as they are (Foundation's `Bundle` has no `loadNibNamed` or `nibSearchPaths`); to name the
/// type itself there, import it by name: `import class ConstraintFile.Bundle`.
public final class Bundle: Sendable {
    /// The program's bundle: nibs are looked up in the current directory until
    /// ``nibSearchPaths`` says otherwise.
    public static let main = Bundle(directory: ".")

    /// The directory the bundle was made for.
    public let bundlePath: String
    private let searchPaths: Locked<[String]>

    /// The directories searched for `NAME.xib`, in order (the bundle's directory at first).
    /// Setting it is safe from any thread.
    public var nibSearchPaths: [String] {
        get { searchPaths.withLock { $0 } }
        set { searchPaths.withLock { $0 = newValue } }
    }

    /// A bundle for a directory (Foundation's `Bundle(path:)`), or nil when `path` is not a
    /// directory.
    public convenience init?(path: String) {
        guard InputFile.isDirectory(path) else { return nil }
        self.init(directory: path)
    }

    private init(directory: String) {
        bundlePath = directory
        searchPaths = Locked([directory])
    }

    /// Loads the nib `name.xib` from ``nibSearchPaths``: makes its views, connects the File's
    /// Owner's outlets to `owner` and returns the top-level views (UIKit's
    /// `loadNibNamed(_:owner:options:)`, whose result is usually ignored, as the outlets hold
    /// the views). See ``Nib/instantiate(withOwner:options:)`` for what is made.
    /// - Parameters:
    ///   - name: The file's name, without `.xib`.
    ///   - owner: The File's Owner, which receives its outlets; nil: they are not connected.
    ///   - options: Custom classes and size classes; nil: none, and the base layout.
    /// - Returns: The top-level views, in file order. The result is optional only so that
    ///   UIKit's `?.first` and `![0]` port unchanged: it is never nil, as failures throw.
    /// - Throws: ``NibError``, with the file, line and column, when the nib is not found or
    ///   cannot be read, or when an outlet cannot be connected.
    @discardableResult
    public func loadNibNamed(_ name: String, owner: (any NibOwner)?, options: Nib.Options? = nil) throws(NibError) -> [Any]? {
        try Nib(nibName: name, bundle: self).instantiate(withOwner: owner, options: options)
    }
}
