import AutoLayout

extension InterfaceBuilderBuilder {
    // MARK: Size classes

    /// Applies the `default` variations, then those of the chosen size classes (the more
    /// specific last): which constraints and subviews are uninstalled, and which constants change.
    mutating func readVariations(_ document: MarkupElement) {
        var masks: [(key: String, exclude: Bool, reference: String)] = []
        var overrides: [(key: String, id: String, constant: Double)] = []
        func walk(_ e: MarkupElement) {
            for child in e.children {
                if child.name == "variation", let key = child["key"] {
                    if e.name == "constraint", let id = e["id"], let c = child["constant"].flatMap(Double.init),
                       c.isFinite, abs(c) <= LayoutFile.largestNumber {
                        overrides.append((key, id, c))
                    }
                    for mask in child.children("mask") {
                        for change in mask.children where change.name == "exclude" || change.name == "include" {
                            if let reference = change["reference"] { masks.append((key, change.name == "exclude", reference)) }
                        }
                    }
                } else {
                    walk(child)
                }
            }
        }
        walk(document)
        /// The variations that apply, `default` first, then by specificity, in file order within each.
        func applying<T>(_ variations: [T], key: (T) -> String) -> [T] {
            func specificity(_ key: String) -> Int { key == "default" ? 0 : key.split(separator: "-").count }
            return variations.enumerated().filter { key($0.element) == "default" || traits?.matches(key($0.element)) == true }
                .sorted { (specificity(key($0.element)), $0.offset) < (specificity(key($1.element)), $1.offset) }.map(\.element)
        }
        for m in applying(masks, key: \.key) {
            if m.exclude { excluded.insert(m.reference) } else { excluded.remove(m.reference) }
        }
        for o in applying(overrides, key: \.key) { constants[o.id] = o.constant }
    }

    /// Whether `e` (a view or bar) is hidden in the chosen size classes: its `hidden` attribute,
    /// or that of its most specific `<variation>` that applies (IB's per-size-class Hidden box;
    /// xDrip4iOS hides its tab bar where the height is compact).
    func isHidden(_ e: MarkupElement) -> Bool {
        var hidden = e["hidden"] == "YES", specificity = -1
        for variation in e.children("variation") {
            guard let key = variation["key"], let value = variation["hidden"], traits?.matches(key) == true else { continue }
            let parts = key.split(separator: "-").count
            if parts > specificity { (hidden, specificity) = (value == "YES", parts) }
        }
        return hidden
    }
}
