import AutoLayout

/// A parsed `.layout` file: views, guides, constraints, activation sets, actions and
/// expectations, in file order, with every name resolved.
///
/// Parsing checks everything that can be checked without solving (names, classes, attributes,
/// the hierarchy, which items a constraint may relate), so that ``run()`` never traps. See the
/// *LayoutFileFormat* article for the language.
public struct LayoutFile: Sendable {
    /// The file's path as given to ``parse(_:path:)``.
    public let path: String
    /// Its views, guides, sets and statements.
    var model = LayoutModel()
}

extension LayoutFile {
    /// Builds the views and constraints, runs the statements in file order and evaluates each
    /// expectation where it stands; then lays out every root (at its frame, or at the size of
    /// its last `layout` action) and reports frames, conflicts and ambiguity.
    ///
    /// Nothing is written to standard error: the engines' conflict and fitting handlers record
    /// into the result.
    /// - Returns: What the file produced.
    /// - Complexity: dominated by the layout engine's solves.
    public func run() -> CheckResult {
        model.run(path: path)
    }
}
