import AutoLayout

/// A `.xib` file read once, whose views can be made as often as needed: UIKit's `UINib`.
///
/// ``instantiate(withOwner:options:)`` makes the file's views, with their frames, autoresizing
/// masks, priorities, margins, texts and fonts, installs the file's constraints on the views
/// that hold them, connects the outlets, and returns the top-level views. See *Loading a nib
/// into views* in the *InterfaceBuilderFiles* article.
///
/// ```swift
/// let nib = Nib(nibName: "ProfileCell", bundle: nil)
/// let cell = try nib.instantiate(withOwner: nil)[0] as! TableViewCell
/// ```
public struct Nib: Sendable {
    /// What instantiating a nib takes besides its file and its owner.
    public struct Options: Sendable {
        /// Views for the file's custom classes, by class name as the file gives it
        /// (`customClass`, without its module).
        ///
        /// Making a class from its name takes reflection, which this package does without: a
        /// view whose custom class is not here is made of the element's class (a `<label>`'s
        /// `Label`) and printed with the custom class's module-qualified name. A view made
        /// here must be of the element's class or a subclass; if it adopts ``NibOwner``, the
        /// outlets the file gives it are connected.
        public var customClasses: [String: @Sendable () -> View]
        /// The size classes whose `<variation>`s apply; nil: the base layout (`default`).
        public var traits: InterfaceBuilderFile.Traits?

        /// Options; by default no custom classes and the base layout.
        public init(customClasses: [String: @Sendable () -> View] = [:], traits: InterfaceBuilderFile.Traits? = nil) {
            self.customClasses = customClasses
            self.traits = traits
        }
    }

    /// The file's path, as errors show it.
    public let path: String
    /// The file's text and XML, or why there are none (thrown by ``instantiate(withOwner:options:)``,
    /// as UIKit raises when a missing nib is instantiated).
    let document: Result<Document, NibError>

    /// A file read.
    struct Document: Sendable {
        let text: String
        let root: MarkupElement
    }

    /// The nib `name.xib` in a bundle's ``Bundle/nibSearchPaths`` (UIKit's
    /// `UINib(nibName:bundle:)`); it is read now, and a missing or malformed file is reported
    /// by ``instantiate(withOwner:options:)``.
    /// - Parameters:
    ///   - name: The file's name, without `.xib` (with it is fine too).
    ///   - bundle: Where to look; nil: ``Bundle/main``.
    public init(nibName name: String, bundle: Bundle?) {
        let bundle = bundle ?? .main
        let fileName = name.hasSuffix(".xib") ? name : name + ".xib"
        let directories = bundle.nibSearchPaths
        let candidates = directories.map { $0.isEmpty ? fileName : $0.hasSuffix("/") ? $0 + fileName : $0 + "/" + fileName }
        guard let found = candidates.first(where: InputFile.isFile) else {
            path = fileName
            let list = directories.isEmpty ? "none" : directories.map { "'\($0)'" }.joined(separator: ", ")
            document = .failure(NibError(kind: .notFound(name: name, searched: directories), source: SourceError(
                path: fileName, message: "no nib named '\(name)' in the bundle's search paths (\(list)): add the directory that holds it to nibSearchPaths")))
            return
        }
        path = found
        do throws(SourceError) {
            document = .success(try Nib.read(InputFile.read(found), path: found))
        } catch {
            document = .failure(NibError(kind: .invalidFile, source: error))
        }
    }

    /// A nib from the text of a `.xib` (UIKit's `UINib(data:bundle:)`).
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - path: The path errors show.
    /// - Throws: ``NibError/Kind/invalidFile`` with the line and column of malformed XML, or
    ///   for a document that is not a `.xib` (a storyboard's scenes are not nibs).
    public init(text: String, path: String) throws(NibError) {
        self.path = path
        do throws(SourceError) {
            document = .success(try Nib.read(text, path: path))
        } catch {
            throw NibError(kind: .invalidFile, source: error)
        }
    }

    private static func read(_ text: String, path: String) throws(SourceError) -> Document {
        let root = try InterfaceBuilderFile.readDocument(text, path: path)
        if root["type"] == "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" {
            throw SourceError(path: path, line: root.line, column: root.column,
                              message: "is a storyboard: a nib is a .xib (give a storyboard scene's views a .xib of their own)",
                              sourceLine: nil)
        }
        return Document(text: text, root: root)
    }

    /// Makes the file's views and returns its top-level views, in file order (UIKit's
    /// `instantiate(withOwner:options:)`).
    ///
    /// Every view is made with what the file says of it: its class (or a custom class's view
    /// from `options`), frame, `translatesAutoresizingMaskIntoConstraints`, autoresizing mask,
    /// hugging and compression-resistance priorities, layout margins, hidden flag, accessibility
    /// identifier; a label's text, font size, lines, line break mode and alignment; a button's
    /// title; a stack view's arrangement. Each constraint is installed on the view whose
    /// `<constraints>` hold it, as UIKit's nib loading does, and activated in file order (a
    /// view's own constraints where its element stands, so a subview's come before its
    /// superview's when the file lists them so). Then the outlets are connected, in file order:
    /// the File's Owner's to `owner`, and those of views made from
    /// ``Options/customClasses`` that adopt ``NibOwner`` to those views.
    ///
    /// Nothing is laid out: add the views to a hierarchy and lay it out as usual. The safe area
    /// IB simulates for its canvas is not applied, nor are its design-time intrinsic sizes
    /// (placeholders, designables).
    ///
    /// - Parameters:
    ///   - owner: The File's Owner, which receives its outlets; nil: they are not connected.
    ///   - options: Custom classes and size classes; nil: none, and the base layout.
    /// - Returns: The top-level views, in file order (other top-level objects, such as gesture
    ///   recognizers, are not made).
    /// - Throws: ``NibError``: the file was not found or cannot be read; a custom class's view
    ///   is of the wrong class; an outlet names a property its owner does not have, an object
    ///   its property cannot hold, or an id the file does not have. Outlets to objects this
    ///   package does not make (gesture recognizers, constraints that `<variation>`s uninstall)
    ///   and outlets of views without a class of their own are left unconnected.
    /// - Complexity: O(*n* + *v*·*d*) to read *n* bytes and *v* views *d* levels deep, plus
    ///   the engine's work to add the constraints (solving waits for the next layout pass).
    public func instantiate(withOwner owner: (any NibOwner)?, options: Options? = nil) throws(NibError) -> [View] {
        var loader = try NibLoader(path: path, document: try document.get(), owner: owner, options: options ?? Options())
        return try loader.load()
    }
}

/// Why a nib could not be loaded: what went wrong, with the culprit, and where.
public struct NibError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Equatable, Sendable {
        /// No `name.xib` in the directories searched.
        case notFound(name: String, searched: [String])
        /// The file cannot be read, is not well-formed XML, or is not a `.xib` this package
        /// reads (a storyboard, a value it cannot read, a constraint UIKit would refuse).
        case invalidFile
        /// The object that takes the outlet (the owner's class, or a custom class's) has no
        /// outlet of that name, or does not adopt ``NibOwner``.
        case noSuchOutlet(outlet: String, owner: String)
        /// The outlet's property cannot hold the object the file connects it to.
        case wrongClass(outlet: String, expected: String, found: String)
        /// The outlet's destination is no object id of the file.
        case unknownDestination(outlet: String, destination: String)
        /// A view made for a custom class (``Nib/Options/customClasses``) is not of the
        /// class its element needs (a `<label>` needs a `Label`).
        case customClassMismatch(customClass: String, expected: String, found: String)
    }

    /// What went wrong.
    public var kind: Kind
    /// Where, and what to do: the file's path, the line and column of the element at fault
    /// (0 when the problem is with the whole file) and a message.
    public var source: SourceError

    /// An error of a kind at a place.
    public init(kind: Kind, source: SourceError) {
        self.kind = kind
        self.source = source
    }

    /// `path:line:col: error: message`, then the line and a caret, as compilers print errors.
    public var description: String { source.description }
}

/// An object a nib connects outlets to: the File's Owner, or a view of a custom class that
/// ``Nib/Options/customClasses`` makes.
///
/// `@IBOutlet` needs Objective-C, and setting a property from its name needs reflection; here
/// the owner connects its outlets itself, most simply from a table of key paths:
///
/// ```swift
/// final class NameView: View, NibOwner {
///     var containerView: View!
///     var nameLabel: Label!
///
///     func connect(outlet name: String, to object: AnyObject) throws(NibOutletError) {
///         try connect(outlet: name, to: object, among: ["containerView": .init(\.containerView), "nameLabel": .init(\.nameLabel)])
///     }
/// }
/// ```
public protocol NibOwner: AnyObject {
    /// Sets the property an outlet names to the object the file connects it to.
    ///
    /// An outlet collection calls this once for each of its objects, in file order.
    /// - Parameters:
    ///   - name: The outlet's name in the file (`<outlet property="nameLabel">`).
    ///   - object: A view, layout guide or constraint of the nib, or the File's Owner.
    /// - Throws: ``NibOutletError/noSuchOutlet`` for a name it has no property for, and
    ///   ``NibOutletError/wrongClass(expected:)`` for an object its property cannot hold; the
    ///   nib adds the file, line and names.
    func connect(outlet name: String, to object: AnyObject) throws(NibOutletError)
}

extension NibOwner {
    /// Connects an outlet through a table of the owner's outlet properties, by name.
    /// - Parameters:
    ///   - name: The outlet's name in the file.
    ///   - object: The object the file connects it to.
    ///   - outlets: Each outlet's property, by its name in the file.
    /// - Throws: ``NibOutletError/noSuchOutlet`` when `outlets` has no `name`;
    ///   ``NibOutletError/wrongClass(expected:)`` when its property cannot hold `object`.
    public func connect(outlet name: String, to object: AnyObject, among outlets: [String: NibOutlet<Self>]) throws(NibOutletError) {
        guard let outlet = outlets[name] else { throw .noSuchOutlet }
        try outlet.connect(self, object)
    }
}

/// One outlet of a ``NibOwner``: the property a nib sets, by key path.
public struct NibOutlet<Owner: AnyObject> {
    /// Sets the property of an owner to an object, or says why it cannot.
    let connect: (Owner, AnyObject) throws(NibOutletError) -> Void

    /// An outlet to one object, such as `var nameLabel: Label!`.
    /// - Parameter property: The property, which must be able to hold the object the file
    ///   connects (a `Label` property takes a `<label>`, a `View` property any view).
    public init<Object: AnyObject>(_ property: ReferenceWritableKeyPath<Owner, Object?>) {
        connect = { (owner, object) throws(NibOutletError) in
            guard let value = object as? Object else { throw .wrongClass(expected: String(describing: Object.self)) }
            owner[keyPath: property] = value
        }
    }

    /// An outlet collection, such as `var labels: [Label]!`: each object the file connects is
    /// appended, in file order.
    /// - Parameter property: The property, whose element class must be able to hold each object.
    public init<Object: AnyObject>(_ property: ReferenceWritableKeyPath<Owner, [Object]?>) {
        connect = { (owner, object) throws(NibOutletError) in
            guard let value = object as? Object else { throw .wrongClass(expected: String(describing: Object.self)) }
            // Appended in place: a copy per outlet would make a long collection quadratic.
            if owner[keyPath: property] == nil { owner[keyPath: property] = [] }
            owner[keyPath: property]!.append(value)
        }
    }
}

/// Why a ``NibOwner`` did not take an outlet; the nib adds which outlet, of which file and line.
public enum NibOutletError: Error, Equatable, Sendable {
    /// The owner has no outlet of that name.
    case noSuchOutlet
    /// The outlet's property cannot hold the object; `expected` names the property's class.
    case wrongClass(expected: String)
}
