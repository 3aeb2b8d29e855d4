/// The names clause (`names: name_label:UILabel:0x…, '|':UIView:0x…`): the items each name
/// stands for, in the order the clause lists them.
///
/// UIKit cuts names to 25 characters and "...", so two views can print under one name
/// (`V:[ListViewItemLabel...]-(7)-[ListViewItemLabel...]`); entries with different addresses are
/// never merged. The k-th use of a name in the body binds the k-th entry of that name, the last
/// entry when there are fewer: which of two such views is which cannot be told from the text.
struct NameTable {
    private var entries: [String: [LogItem]] = [:]
    private var uses: [String: Int] = [:]

    /// Adds an entry; the same name with the same address again is the same entry.
    mutating func add(_ item: LogItem, as name: String) {
        if entries[name]?.contains(where: { $0.address == item.address }) == true { return }
        entries[name, default: []].append(item)
    }

    /// The item the next use of `name` stands for, or nil when the clause does not list it.
    mutating func bind(_ name: String) -> LogItem? {
        guard let list = entries[name] else { return nil }
        let k = uses[name, default: 0]
        uses[name] = k + 1
        return list[min(k, list.count - 1)]
    }

    /// The superview `|` stands for, when the clause names it.
    var superview: LogItem? { entries["|"]?.first }
}
