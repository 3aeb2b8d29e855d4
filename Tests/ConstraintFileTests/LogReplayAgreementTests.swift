import Foundation
import Testing
@testable import AutoLayout
@testable import ConstraintFile

/// A logged group rebuilt in a layout engine (views and guides of the logged classes, each
/// constraint with its printed maker, activated in list order) breaks the constraint
/// `autolayout explain` says it would: the two share the conflict search and ``ConflictPolicy``.
@Suite struct LogReplayAgreementTests {
    /// The package's Playground/Logs and the shared corpus of real logs (when it is beside the package).
    static func logs() -> [(name: String, text: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folders = [root.appendingPathComponent("Playground/Logs"), corpusDirectory]
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == "txt" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
                .compactMap { url in (try? String(contentsOf: url, encoding: .utf8)).map { (url.lastPathComponent, $0) } }
        }
    }

    /// Rebuilds `list` under a fresh root, activates it and lays it out: the index of the
    /// constraint the engine broke first, nil when nothing conflicted.
    static func engineChoice(_ list: [LogConstraint], makers: [ConflictPolicy.Maker]) -> Int? {
        let root = View(frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
        root.layoutEngine.onUnsatisfiable = { _ in }
        var items: [String: LayoutItem] = [:]
        func item(_ logged: LogItem) -> LayoutItem {
            if let found = items[logged.identity] { return found }
            let made: LayoutItem
            if logged.isLayoutGuide {
                let guide = LayoutGuide()
                root.addLayoutGuide(guide)
                made = guide
            } else {
                let view = View()
                view.translatesAutoresizingMaskIntoConstraints = false
                view.descriptionClassName = logged.className
                root.addSubview(view)
                made = view
            }
            items[logged.identity] = made
            return made
        }
        var rebuilt: [LayoutConstraint] = []
        for (c, maker) in zip(list, makers) {
            let origin: LayoutConstraint.Origin
            if let mask = c.autoresizingMask {
                origin = .autoresizing(mask: mask)
            } else if let h = c.hugging, let r = c.compressionResistance {
                origin = .contentSize(hugging: LayoutPriority(Float(h)), compression: LayoutPriority(Float(r)))
            } else {
                origin = maker == .app ? .user : .system
            }
            let relation: LayoutConstraint.Relation = switch c.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
            let first = item(c.firstItem)
            let second = c.secondItem.map(item)
            rebuilt.append(LayoutConstraint(
                first, LayoutConstraint.Attribute(printedName: c.firstAttribute)!, relation, second,
                c.secondAttribute.flatMap { LayoutConstraint.Attribute(printedName: $0) } ?? .notAnAttribute,
                multiplier: c.multiplier, constant: c.constant, priority: LayoutPriority(Float(min(1000, max(1, c.priority)))),
                origin: origin, identifier: c.identifier))
        }
        LayoutConstraint.activate(rebuilt)
        root.layoutIfNeeded()
        guard let broken = root.layoutEngine.conflicts.first?.broken else { return nil }
        return rebuilt.firstIndex { $0 === broken }
    }

    @Test func theEngineBreaksWhatTheExplainerSaysForEveryLog() throws {
        let logs = Self.logs()
        var compared = 0
        for (name, text) in logs {
            for message in try UIKitLog.parse(text, path: name) {
                let explained = LogExplainer.explain(message)
                guard explained.unsatisfiable else { continue }
                let makers = message.conflictCandidates.map(\.maker)
                // The explainer's reading of an unnamed '|': one superview per item, or one for all.
                let choice = [false, true].lazy.compactMap {
                    Self.engineChoice(LogExplainer.resolvingSuperviews(message.constraints, shared: $0), makers: makers)
                }.first
                #expect(choice == explained.wouldBreak, "\(name): the engine broke \(choice.map { "[\($0)]" } ?? "nothing"), the explainer says [\(explained.wouldBreak ?? -1)]")
                compared += 1
            }
        }
        print("LogReplayAgreementTests: \(compared) conflicting logs of \(logs.count), rebuilt in an engine")
        #expect(compared >= 1)
    }
}
