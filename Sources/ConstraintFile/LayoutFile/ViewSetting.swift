import AutoLayout

/// One `key` or `key=value` setting of a `view` line: an entry of ``ViewSetting/all``, the table
/// the parser looks keys up in and builds its error texts from (the valid keys, the classes a
/// key applies to, the value it expects).
struct ViewSetting: Sendable {
    let key: String
    /// The classes it applies to; nil: every class.
    let classes: [ViewClass]?
    /// What follows the key, and how the setting writes it.
    let value: Value

    init(_ key: String, for classes: [ViewClass]? = nil, _ value: Value) {
        self.key = key
        self.classes = classes
        self.value = value
    }

    /// A value's check: given the key and the value, why the value is refused (nil: it is not).
    typealias Check<V> = @Sendable (_ key: String, _ value: V) -> String?
    /// How a value sets the line's settings.
    typealias Setter<V> = @Sendable (inout ViewLine, V) -> Void

    /// What follows a key: nothing (a flag) or `=` and a value of some syntax. The error texts
    /// of a malformed value name the key and show the syntax expected.
    enum Value: Sendable {
        /// The key alone: `hidden`.
        case flag(@Sendable (inout ViewLine) -> Void)
        /// A number: `font=17`.
        case number(check: Check<Double>? = nil, Setter<Double>)
        /// As many numbers as there are components, which the texts name: `frame=(x,y,w,h)`;
        /// with `none`, `none` stands for `View.noIntrinsicMetric`.
        case tuple([String], none: Bool = false, check: Check<[Double]>? = nil, Setter<[Double]>)
        /// A quoted string: `id="…"`.
        case string(Setter<String>)
        /// `true` or `false`.
        case bool(Setter<Bool>)
        /// A size token, such as the example: `image=24x24`.
        case size(example: String, Setter<Size>)
        /// One of the choice's names, as its index: `axis=horizontal`.
        case choice(Choice, Setter<Int>)
        /// `none`, or choice names joined by `|`, as their indices: `autoresizing=a|b`.
        case mask(Choice, Setter<[Int]>)
        /// Arranged views' names in parentheses, with their columns: `arranged=(a,b)`.
        case viewNames(Setter<[(String, Int)]>)
        /// Arranged views' names with the spacing after each, and the names' columns:
        /// `customSpacing=(a:12)`.
        case viewSpacings(Setter<[(String, Int, Double)]>)
    }

    /// The names a `choice` or `mask` value may take, in the order error texts list them.
    struct Choice: Sendable {
        /// What the texts call a value: "unknown NOUN 'x'".
        let noun: String
        /// What a non-name is said to miss ("expected WHAT, found …"); nil: the names listed.
        let what: String?
        let names: [String]

        /// `a, b or c`.
        var listed: String {
            names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
        }
    }

    /// Whether the key stands alone, with no `=` and value.
    var isFlag: Bool {
        if case .flag = value { return true }
        return false
    }

    /// Whether the setting applies to a view of that class.
    func applies(to viewClass: ViewClass) -> Bool { classes?.contains(viewClass) ?? true }

    /// Why the setting does not apply to a view of that class (nil: it does).
    func refusal(for viewClass: ViewClass) -> String? {
        guard let classes, !classes.contains(viewClass) else { return nil }
        return "'\(key)' does not apply to a \(viewClass.rawValue): it is a setting of \(classes.map(\.rawValue).joined(separator: ", "))"
    }

    /// `key=(a,b,…)`, as a tuple's texts show it.
    static func tupleForm(_ key: String, _ components: [String]) -> String {
        "\(key)=(\(components.joined(separator: ",")))"
    }
}

/// What a `view` line's settings write: its properties (read and written through, `$0.frame`),
/// and the arranged views' names, resolved once the whole file is read.
@dynamicMemberLookup
struct ViewLine {
    var properties: ViewProperties
    var arrangedNames: [(String, Int)] = []
    var spacingNames: [(String, Int, Double)] = []

    subscript<T>(dynamicMember path: WritableKeyPath<ViewProperties, T>) -> T {
        get { properties[keyPath: path] }
        set { properties[keyPath: path] = newValue }
    }
}

extension ViewSetting.Value {
    /// One of `options`' names, setting its value.
    static func choice<T: Sendable>(_ noun: String, what: String? = nil, _ options: [(String, T)],
                                    _ set: @escaping ViewSetting.Setter<T>) -> Self {
        .choice(ViewSetting.Choice(noun: noun, what: what, names: options.map(\.0))) { set(&$0, options[$1].1) }
    }

    /// `none` or `options`' names joined by `|`, setting the union of their values.
    static func mask<T: OptionSet & Sendable>(_ noun: String, what: String, _ options: [(String, T)],
                                              _ set: @escaping ViewSetting.Setter<T>) -> Self where T.Element == T {
        .mask(ViewSetting.Choice(noun: noun, what: what, names: options.map(\.0))) { line, chosen in
            set(&line, chosen.reduce(into: T()) { $0.insert(options[$1].1) })
        }
    }
}

private let priorities: ViewSetting.Check<[Double]> = { _, v in
    v.allSatisfy { $0 >= 1 && $0 <= 1000 } ? nil : "priorities go from 1 to 1000"
}

extension ViewSetting {
    /// Every setting a `view` line takes, in the order the unknown-key text lists them (a plain
    /// `View`'s first, then the other classes' own). Adding a setting is adding an entry here
    /// and a line to the *LayoutFileFormat* article's settings tables (LayoutFileSettingsTests
    /// checks that the two agree: the keys, their classes, the values' syntax).
    static let all: [ViewSetting] = [
        ViewSetting("frame", .tuple(["x", "y", "w", "h"], check: { key, v in
            v[2] >= 0 && v[3] >= 0 ? nil : "a \(key)'s width and height cannot be negative"
        }) { $0.frame = Rect(x: $1[0], y: $1[1], width: $1[2], height: $1[3]) }),
        // The flags in alphabetical order, as the unknown-flag text lists them.
        ViewSetting("autoresizing", .mask("autoresizing flag", what: "an autoresizing flag", [
            ("flexibleBottomMargin", View.AutoresizingMask.flexibleBottomMargin), ("flexibleHeight", .flexibleHeight),
            ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleRightMargin", .flexibleRightMargin),
            ("flexibleTopMargin", .flexibleTopMargin), ("flexibleWidth", .flexibleWidth),
        ]) { $0.autoresizing = $1 }),
        ViewSetting("translates", .bool { $0.translates = $1 }),
        ViewSetting("intrinsic", for: [.view], .tuple(["w", "h"], none: true) { $0.intrinsic = Size(width: $1[0], height: $1[1]) }),
        ViewSetting("hugging", .tuple(["horizontal", "vertical"], check: priorities) { $0.hugging = (Float($1[0]), Float($1[1])) }),
        ViewSetting("compression", .tuple(["horizontal", "vertical"], check: priorities) { $0.compression = (Float($1[0]), Float($1[1])) }),
        ViewSetting("margins", .tuple(["top", "leading", "bottom", "trailing"]) {
            $0.margins = DirectionalEdgeInsets(top: $1[0], leading: $1[1], bottom: $1[2], trailing: $1[3])
        }),
        ViewSetting("safeArea", .tuple(["top", "left", "bottom", "right"]) {
            $0.safeArea = EdgeInsets(top: $1[0], left: $1[1], bottom: $1[2], right: $1[3])
        }),
        ViewSetting("hidden", .flag { $0.hidden = true }),
        ViewSetting("id", .string { $0.identifier = $1 }),
        ViewSetting("rtl", .flag { $0.rightToLeft = true }),
        ViewSetting("text", for: [.label], .string { $0.text = $1 }),
        ViewSetting("font", for: [.label], .number(check: { key, x in
            x >= 1 && x <= 1000 ? nil : "\(key) size \(formatted(x)) is out of range: use 1 to 1000 points"
        }) { $0.font = $1 }),
        ViewSetting("lines", for: [.label], .number(check: { key, n in
            n >= 0 && n == n.rounded() && n < 1e6 ? nil : "\(key) must be a whole number, 0 for any number"
        }) { $0.lines = Int($1) }),
        ViewSetting("preferredMaxLayoutWidth", for: [.label], .number(check: { key, x in
            x >= 0 ? nil : "\(key) cannot be negative"
        }) { $0.preferredMaxLayoutWidth = $1 }),
        ViewSetting("image", for: [.imageView], .size(example: "24x24") { $0.image = $1 }),
        ViewSetting("title", for: [.button], .string { $0.title = $1 }),
        ViewSetting("axis", for: [.stackView], .choice("axis", [
            ("horizontal", LayoutConstraint.Axis.horizontal), ("vertical", .vertical),
        ]) { $0.axis = $1 }),
        ViewSetting("distribution", for: [.stackView], .choice("distribution", what: "a distribution", [
            ("fill", StackView.Distribution.fill), ("fillEqually", .fillEqually), ("fillProportionally", .fillProportionally),
            ("equalSpacing", .equalSpacing), ("equalCentering", .equalCentering),
        ]) { $0.distribution = $1 }),
        ViewSetting("alignment", for: [.stackView], .choice("alignment", what: "an alignment", [
            ("fill", StackView.Alignment.fill), ("leading", .leading), ("top", .top), ("firstBaseline", .firstBaseline),
            ("center", .center), ("trailing", .trailing), ("bottom", .bottom), ("lastBaseline", .lastBaseline),
        ]) { $0.alignment = $1 }),
        ViewSetting("spacing", for: [.stackView], .number { $0.spacing = $1 }),
        ViewSetting("marginsRelative", for: [.stackView], .flag { $0.marginsRelative = true }),
        ViewSetting("baselineRelative", for: [.stackView], .flag { $0.baselineRelative = true }),
        ViewSetting("arranged", for: [.stackView], .viewNames { $0.arrangedNames += $1 }),
        ViewSetting("customSpacing", for: [.stackView], .viewSpacings { $0.spacingNames += $1 }),
    ]

    /// ``all`` by key.
    static let byKey = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })

    /// The unknown-key text: the keys a plain `View` takes, then the other classes' own keys.
    static func unknownKey(_ key: String) -> String {
        let common = all.filter { $0.applies(to: .view) }.map(\.key)
        let own = all.filter { !$0.applies(to: .view) }.map(\.key)
        return "unknown key '\(key)': expected \(common.joined(separator: ", ")), or a class's own keys (\(own.joined(separator: ", ")))"
    }
}
