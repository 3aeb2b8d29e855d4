import AutoLayout

/// Instantiates one nib: reads the document as the app runs it, makes its views and
/// constraints through the `.layout` runner's ``HierarchyMaker``, then connects the outlets.
struct NibLoader {
    let document: Nib.Document
    let owner: (any NibOwner)?
    let options: Nib.Options
    /// The reader, done reading: it places errors in the file.
    let builder: InterfaceBuilderBuilder
    let file: InterfaceBuilderFile
    let maker: HierarchyMaker
    /// The views made by ``Nib/Options/customClasses``, by view index.
    var custom: Set<Int> = []
    /// The constraints made, by object id.
    var constraints: [String: LayoutConstraint] = [:]

    init(path: String, document: Nib.Document, owner: (any NibOwner)?, options: Nib.Options) throws(NibError) {
        self.document = document
        self.owner = owner
        self.options = options
        var builder = InterfaceBuilderBuilder(path: path, lines: document.text,
                                              options: .init(traits: options.traits, intrinsicSizes: .fromModel), forNib: true)
        do throws(SourceError) {
            file = try builder.build(document.root)
        } catch {
            throw NibError(kind: .invalidFile, source: error)
        }
        self.builder = builder
        maker = HierarchyMaker(model: file.layout)
    }

    /// Makes the views, guides and constraints in file order, connects the outlets and returns
    /// the top-level views.
    mutating func load() throws(NibError) -> [View] {
        for statement in file.layout.statements {
            switch statement {
            case .makeView(let i): maker.makeView(i, made: try customView(i))
            case .makeGuide(let g): maker.makeGuide(g)
            case .constraint(let line):
                let made = maker.install(line)
                if case .equation(let d) = line, let id = d.objectID { constraints[id] = made.first }
            default: continue   // an Interface Builder file declares nothing else
            }
        }
        try connectOutlets()
        return file.layout.views.indices.filter { file.layout.views[$0].parent == nil }.map { maker.views[$0]! }
    }

    // MARK: Custom classes

    /// The view ``Nib/Options/customClasses`` makes for view `i`, checked against its element's
    /// class; nil when the view has no custom class there.
    mutating func customView(_ i: Int) throws(NibError) -> View? {
        let element = file.elements[i]
        guard let customClass = element.customClass, let make = options.customClasses[customClass] else { return nil }
        let view = make()
        let viewClass = file.layout.views[i].viewClass
        let fits: Bool
        switch viewClass {
        case .view: fits = true
        case .label: fits = view is Label
        case .imageView: fits = view is ImageView
        case .button: fits = view is Button
        case .stackView: fits = view is StackView
        case .tableViewCell: fits = view is TableViewCell
        case .collectionViewCell, .collectionViewListCell: fits = view is CollectionViewCell
        }
        guard fits else {
            let found = String(describing: type(of: view))
            throw error(.customClassMismatch(customClass: customClass, expected: viewClass.rawValue, found: found),
                        "the view made for custom class '\(customClass)' is a \(found); a <\(element.name)> needs a \(viewClass.rawValue) or a subclass of it",
                        line: element.line, column: element.column)
        }
        custom.insert(i)
        return view
    }

    // MARK: Outlets

    /// Connects every `<outlet>` and `<outletCollection>` in file order: the File's Owner's to
    /// the owner, a custom class's view's to that view when it adopts ``NibOwner``.
    func connectOutlets() throws(NibError) {
        var ids: Set<String> = []
        var connections: [(source: MarkupElement, outlet: MarkupElement)] = []
        var ownerIDs: Set<String> = []
        func walk(_ e: MarkupElement) {
            if let id = e["id"] { ids.insert(id) }
            if e.name == "placeholder", e["placeholderIdentifier"] == "IBFilesOwner", let id = e["id"] { ownerIDs.insert(id) }
            for child in e.children {
                if child.name == "connections" {
                    for outlet in child.children where outlet.name == "outlet" || outlet.name == "outletCollection" {
                        connections.append((e, outlet))
                    }
                } else {
                    walk(child)
                }
            }
        }
        walk(document.root)
        for (source, outlet) in connections {
            guard let target = try self.target(of: source, outlet: outlet) else { continue }
            guard let property = outlet["property"], let destination = outlet["destination"] else {
                throw error(.invalidFile, "an <\(outlet.name)> needs a property and a destination", at: outlet)
            }
            let object: AnyObject
            if let constraint = constraints[destination] {
                object = constraint
            } else if let ref = file.objects[destination] {
                object = maker.item(ref)
            } else if ownerIDs.contains(destination) {
                guard let owner else { continue }
                object = owner
            } else if ids.contains(destination) {
                continue   // an object not made here (a gesture recognizer, an uninstalled constraint)
            } else {
                throw error(.unknownDestination(outlet: property, destination: destination),
                            "outlet '\(property)' connects to '\(destination)', which is no object of this file", at: outlet)
            }
            let owner = String(describing: type(of: target))
            do {
                try target.connect(outlet: property, to: object)
            } catch {
                switch error {
                case .noSuchOutlet:
                    throw self.error(.noSuchOutlet(outlet: property, owner: owner),
                                     "\(owner) has no outlet '\(property)': add it to its connect(outlet:to:)", at: outlet)
                case .wrongClass(let expected):
                    let found = describe(object, id: destination)
                    throw self.error(.wrongClass(outlet: property, expected: expected, found: found.className),
                                     "outlet '\(property)' of \(owner) holds a \(expected); the file connects it to \(found.text)", at: outlet)
                }
            }
        }
    }

    /// The object an outlet held by `source` goes to: the owner for the File's Owner's, a
    /// custom class's view that adopts ``NibOwner`` for its own; nil when there is none
    /// (no owner given, a view without a class of its own, an object not made here).
    func target(of source: MarkupElement, outlet: MarkupElement) throws(NibError) -> (any NibOwner)? {
        if source.name == "placeholder" { return source["placeholderIdentifier"] == "IBFilesOwner" ? owner : nil }
        guard let id = source["id"], case .view(.view(let i))? = file.objects[id], custom.contains(i) else { return nil }
        let view = maker.views[i]!
        guard let target = view as? any NibOwner else {
            let name = String(describing: type(of: view))
            throw error(.noSuchOutlet(outlet: outlet["property"] ?? "", owner: name),
                        "\(name) does not adopt NibOwner, so it cannot take the outlet '\(outlet["property"] ?? "")' the file gives '\(id)'",
                        at: outlet)
        }
        return target
    }

    /// An object as an error names it: `'hts-Ta-wvf', a Label (<label> at line 20)`, with the
    /// class alone for the error's kind.
    func describe(_ object: AnyObject, id: String) -> (className: String, text: String) {
        if case .view(.view(let i))? = file.objects[id] {
            let element = file.elements[i]
            let className = custom.contains(i) ? String(describing: type(of: object)) : file.layout.views[i].viewClass.rawValue
            let standIn = custom.contains(i) || element.customClass == nil ? "" : " standing in for \(maker.views[i]!.descriptionClassName)"
            return (className, "'\(id)', a \(className)\(standIn) (<\(element.name)> at line \(element.line))")
        }
        let className = object is LayoutConstraint ? "LayoutConstraint" : object is LayoutGuide ? "LayoutGuide" : String(describing: type(of: object))
        return (className, "'\(id)', a \(className)")
    }

    func error(_ kind: NibError.Kind, _ message: String, at e: MarkupElement) -> NibError {
        error(kind, message, line: e.line, column: e.column)
    }

    func error(_ kind: NibError.Kind, _ message: String, line: Int, column: Int) -> NibError {
        NibError(kind: kind, source: builder.error(message, line: line, column: column))
    }
}
