import AutoLayout

/// Turns an IB document's elements into the declarations of a ``LayoutModel``: one view per view
/// element, named by its object id, and one constraint per `<constraint>` that the chosen size
/// classes install, so that the `.layout` runner builds, solves and reports them.
///
/// Read for a nib (``Nib``), the document is what the app runs rather than what IB drew: top-level
/// views keep their `translatesAutoresizingMaskIntoConstraints` and autoresizing mask, no safe
/// area is simulated, design-time intrinsic sizes (placeholders, designables) and placeholder
/// constraints are ignored, and
/// custom classes are named with their modules, as UIKit prints them.
/// The navigation bar a controller is shown under: where its stored bar ends (nil: the
/// standard bar below the status bar), and whether it is opaque (`translucent="NO"`).
struct NavigationBarPlacement: Equatable {
    var bottom: Double?
    var isOpaque = false
    /// Where the bar ends above the controllers pushed onto its stack, when that differs (a
    /// large-title bar, drawn expanded above them).
    var pushedBottom: Double? = nil
    /// The width IB stored the bar at: a root of another width was drawn under a bar of its
    /// own, not under this stale one.
    var width: Double? = nil
}

struct InterfaceBuilderBuilder {
    let path: String
    let sourceLines: [Substring]
    let options: InterfaceBuilderFile.Options
    /// Whether the file is read for a nib rather than for a check.
    let forNib: Bool
    var out: InterfaceBuilderFile
    var device = SimulatedDevice.named(nil, landscape: false)
    /// The size classes whose `<variation>`s apply (nil: the base layout).
    var traits: InterfaceBuilderFile.Traits?
    /// Views, content views and guides by object id.
    var items: [String: ItemRef] = [:]
    /// The `<constraints>` met, with the view that installs them, read once every id is known.
    var pending: [(element: MarkupElement, host: ViewRef)] = []
    /// Constraints and subviews the chosen size classes uninstall.
    var excluded: Set<String> = []
    /// Constants the chosen size classes override, by constraint id.
    var constants: [String: Double] = [:]
    /// `<resources>` images' sizes and `<designables>`' measured sizes, by name and by id.
    var images: [String: Size] = [:]
    var designables: [String: Size] = [:]
    /// Scroll views' content layout guides, by the scroll view's index.
    var contentGuides: [Int: Int] = [:]
    /// The Xcode that saved the file.
    var tools = ToolsGeneration(build: 0)
    /// Controllers shown under a navigation bar, by id; controllers shown above a tab bar.
    var navigationBars: [String: NavigationBarPlacement] = [:]
    var aboveTabBar: Set<String> = []
    /// Views whose margins take their superview's into account (`preservesSuperviewLayoutMargins`).
    var preservesMargins: [Int] = []
    /// Containers and the controllers they show (a navigation controller's root, a tab bar
    /// controller's tabs).
    var containment: [(container: String, child: String)] = []

    init(path: String, lines: String, options: InterfaceBuilderFile.Options, forNib: Bool = false) {
        self.path = path
        sourceLines = lines.split(separator: "\n", omittingEmptySubsequences: false)
        self.options = options
        self.forNib = forNib
        out = InterfaceBuilderFile(path: path)
    }

    mutating func build(_ document: MarkupElement) throws(SourceError) -> InterfaceBuilderFile {
        guard document.name == "document", document["type"]?.hasPrefix("com.apple.InterfaceBuilder3.CocoaTouch") == true else {
            throw error("not an iOS Interface Builder document: expected <document type=\"com.apple.InterfaceBuilder3.CocoaTouch…\">, found <\(document.name)>",
                        at: document)
        }
        let deviceElement = document.child("device")
        tools = ToolsGeneration(document["toolsVersion"])
        device = SimulatedDevice.named(deviceElement?["id"], landscape: deviceElement?["orientation"] == "landscape", tools: tools)
        // IB stores the frames of the device it shows, with that device's size classes; a file
        // naming no device was drawn in the base layout (Xcode 6 and 7's "Any" canvas). A nib's
        // traits are the app's business.
        traits = options.traits ?? (forNib || deviceElement == nil ? nil : device.traits)
        for image in document.child("resources")?.children("image") ?? [] {
            if let name = image["name"], let w = finite(image["width"]), let h = finite(image["height"]), w >= 0, h >= 0 {
                images[name] = Size(width: w, height: h)
            }
        }
        for designable in document.child("designables")?.children("designable") ?? [] {
            if let name = designable["name"], let size = designable.child("size", key: "intrinsicContentSize"),
               let w = finite(size["width"]), let h = finite(size["height"]) {
                designables[name] = Size(width: w, height: h)
            }
        }
        readVariations(document)
        for child in document.children {
            switch child.name {
            case "objects": try readObjects(child)
            case "scenes":
                for scene in child.children("scene") { readRelationships(scene) }
                inheritNavigationBars(child.children("scene"))
                for scene in child.children("scene") {
                    for object in scene.child("objects")?.children ?? [] { try readSceneObject(object) }
                }
            case "device", "dependencies", "resources", "designables", "simulatedMetricsContainer", "inferredMetricsTieBreakers",
                 "classes":
                continue
            default: note("skipped <\(child.name)>", at: child)
            }
        }
        try readConstraints()
        if !forNib { applyPreservedMargins() }
        out.objects = items
        out.sizesCustomViewsFromFrames = !forNib && options.intrinsicSizes == .fromFrames
        return out
    }

    // MARK: Reporting

    mutating func note(_ message: String, at e: MarkupElement) {
        out.notes.append("line \(e.line): \(message)")
    }

    func error(_ message: String, at e: MarkupElement) -> SourceError {
        error(message, line: e.line, column: e.column)
    }

    /// An error at a line and column of the file, shown under the message.
    func error(_ message: String, line: Int, column: Int) -> SourceError {
        let text = line >= 1 && line <= sourceLines.count ? String(sourceLines[line - 1]) : nil
        return SourceError(path: path, line: line, column: column, message: message, sourceLine: text)
    }
}
