// `autolayout-bench scaling`: how the cost of a constraint grows with the size of the system,
// ours and kiwi's, written as JSON and drawn as an SVG chart.
import Foundation

/// A family of workloads that grows with one size: the systems of ../shared/bench/gen_workloads.py,
/// generated here at any size.
enum WorkloadFamily: String, CaseIterable {
    /// `n` independent views (x, y, width, height); each width is half a strong container width.
    case indep
    /// `x[i+1] == x[i] + 10` for `n` variables; x0 is a strong edit variable.
    case chain

    /// The workload's text (../shared/bench/README.md's format).
    func text(size n: Int) -> String {
        var lines = ["name \(rawValue)-\(n)"]
        switch self {
        case .indep:
            lines += ["vars \(4 * n + 1)", "edit 0 strong", "suggest 0 320"]
            for i in 0..<n {
                let x = 4 * i + 1
                lines += ["c required == \(-((8 * i) % 400)) 1 \(x)", "c required == -20 1 \(x + 1)",
                          "c required == 0 1 \(x + 2) -0.5 0", "c medium == -44 1 \(x + 3)"]
            }
            lines += [320, 768, 1024, 414].map { "step 0=\($0)" }
        case .chain:
            lines += ["vars \(n)", "edit 0 strong", "suggest 0 100"]
            for i in 0..<n - 1 { lines.append("c required == -10 1 \(i + 1) -1 \(i)") }
            lines += [100, 250, 400, 55].map { "step 0=\($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// One measurement: a family at a size, on one engine.
struct ScalingPoint {
    var family: WorkloadFamily
    var size: Int
    var engine: String
    var constraints: Int
    var addMilliseconds: Double
    var stepMicroseconds: Double?
    var bytesPerConstraint: Double?

    var addMicrosecondsPerConstraint: Double { addMilliseconds * 1e3 / Double(max(constraints, 1)) }

    var json: String {
        "{\"family\":\"\(family.rawValue)\",\"size\":\(size),\"engine\":\"\(engine)\",\"constraints\":\(constraints),"
            + "\"add_ms\":\(jsonNumber(addMilliseconds)),\"add_us_per_constraint\":\(jsonNumber(addMicrosecondsPerConstraint)),"
            + "\"step_us\":\(stepMicroseconds.map(jsonNumber) ?? "null"),"
            + "\"bytes_per_constraint\":\(bytesPerConstraint.map(jsonNumber) ?? "null")}"
    }
}

/// Runs kiwi's harness (../shared/bench/kiwi_harness.cpp, as compare.py builds it) on one workload.
private func runKiwi(_ harness: String, text: String, name: String, repeatCount: Int) -> [String: Any]? {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("autolayout-bench-\(getpid())-\(name).wl")
    defer { try? FileManager.default.removeItem(at: file) }
    do { try text.write(to: file, atomically: true, encoding: .utf8) } catch { fail("cannot write \(file.path): \(error)", status: 1) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: harness)
    process.arguments = [file.path, "--repeat", String(repeatCount)]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { fail("cannot run kiwi's harness \(harness): \(error)", status: 64) }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
          let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last(where: { $0.hasPrefix("{") }),
          let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
    return object
}

/// Measures every family at every size (kiwi up to `kiwiLimit`), prints one JSON line per
/// point, and writes the JSON document and the chart when asked.
func runScalingBenchmark(sizes: [Int], repeatCount: Int, kiwi: String?, kiwiLimit: Int, jsonPath: String?, svgPath: String?) {
    var points: [ScalingPoint] = []
    for family in WorkloadFamily.allCases {
        for n in sizes {
            let text = family.text(size: n)
            let workload: Workload
            do { workload = try Workload(text: text) } catch { fail("internal error: \(family) \(n): \(error)", status: 1) }
            let ours = run(workload, repeatCount: repeatCount)
            if ours.violations > 0 { fail("\(workload.name): \(ours.violations) required constraints violated", status: 1) }
            points.append(ScalingPoint(family: family, size: n, engine: "autolayout", constraints: ours.accepted,
                                       addMilliseconds: ours.addSeconds * 1e3, stepMicroseconds: ours.stepMicroseconds,
                                       bytesPerConstraint: ours.heapBytes.isNaN ? nil : ours.bytesPerConstraint))
            print(points.last!.json)
            guard let kiwi, n <= kiwiLimit else { continue }
            guard let k = runKiwi(kiwi, text: text, name: workload.name, repeatCount: repeatCount),
                  let add = k["add_ms"] as? Double, let accepted = k["accepted"] as? Int else {
                fail("kiwi's harness failed on \(workload.name)", status: 1)
            }
            points.append(ScalingPoint(family: family, size: n, engine: "kiwi", constraints: accepted, addMilliseconds: add,
                                       stepMicroseconds: k["step_us"] as? Double, bytesPerConstraint: nil))
            print(points.last!.json)
        }
    }
    if let jsonPath {
        let document = "{\"benchmark\":\"scaling\",\"repeat\":\(repeatCount),\"points\":[\n"
            + points.map(\.json).joined(separator: ",\n") + "\n]}\n"
        write(document, to: jsonPath)
    }
    if let svgPath { write(scalingChart(points), to: svgPath) }
}

private func write(_ text: String, to path: String) {
    do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch { fail("cannot write \(path): \(error)", status: 1) }
}

/// A log-log chart of microseconds per added constraint against the system's size: one line per
/// family and engine, kiwi's dashed.
func scalingChart(_ points: [ScalingPoint]) -> String {
    let width = 720.0, height = 440.0, left = 70.0, right = 170.0, top = 40.0, bottom = 50.0
    let sizes = points.map { Double($0.size) }, costs = points.map(\.addMicrosecondsPerConstraint).filter { $0 > 0 }
    guard let minSize = sizes.min(), let maxSize = sizes.max(), let minCost = costs.min(), let maxCost = costs.max() else {
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\"/>\n"
    }
    let x0 = floor(log10(minSize)), x1 = max(ceil(log10(maxSize)), x0 + 1)
    let y0 = floor(log10(minCost)), y1 = max(ceil(log10(maxCost)), y0 + 1)
    func px(_ size: Double) -> Double { left + (log10(size) - x0) / (x1 - x0) * (width - left - right) }
    func py(_ cost: Double) -> Double { height - bottom - (log10(cost) - y0) / (y1 - y0) * (height - top - bottom) }
    func f(_ v: Double) -> String { String(format: "%.1f", v) }
    func decade(_ e: Double) -> String {
        let v = pow(10, e)
        return v >= 1 ? String(Int(v.rounded())) : String(format: "%g", v)
    }
    var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(f(left))" y="22" font-size="14" font-weight="bold">Adding a constraint: microseconds each, against the system's size</text>

        """
    for e in stride(from: x0, through: x1, by: 1) {
        svg += "<line x1=\"\(f(px(pow(10, e))))\" y1=\"\(f(top))\" x2=\"\(f(px(pow(10, e))))\" y2=\"\(f(height - bottom))\" stroke=\"#ddd\"/>\n"
        svg += "<text x=\"\(f(px(pow(10, e))))\" y=\"\(f(height - bottom + 18))\" text-anchor=\"middle\">\(decade(e))</text>\n"
    }
    for e in stride(from: y0, through: y1, by: 1) {
        svg += "<line x1=\"\(f(left))\" y1=\"\(f(py(pow(10, e))))\" x2=\"\(f(width - right))\" y2=\"\(f(py(pow(10, e))))\" stroke=\"#ddd\"/>\n"
        svg += "<text x=\"\(f(left - 8))\" y=\"\(f(py(pow(10, e)) + 4))\" text-anchor=\"end\">\(decade(e))</text>\n"
    }
    svg += "<text x=\"\(f((left + width - right) / 2))\" y=\"\(f(height - 12))\" text-anchor=\"middle\">size (views for indep, variables for chain)</text>\n"
    svg += "<text x=\"18\" y=\"\(f((top + height - bottom) / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 18 \(f((top + height - bottom) / 2)))\">µs per constraint</text>\n"
    let colors: [WorkloadFamily: String] = [.indep: "#1f77b4", .chain: "#2ca02c"]
    var legendY = top + 10
    for family in WorkloadFamily.allCases {
        for engine in ["autolayout", "kiwi"] {
            let line = points.filter { $0.family == family && $0.engine == engine }.sorted { $0.size < $1.size }
            guard !line.isEmpty else { continue }
            let dash = engine == "kiwi" ? " stroke-dasharray=\"6 4\"" : ""
            let coordinates = line.map { "\(f(px(Double($0.size)))),\(f(py($0.addMicrosecondsPerConstraint)))" }
            svg += "<polyline fill=\"none\" stroke=\"\(colors[family]!)\" stroke-width=\"2\"\(dash) points=\"\(coordinates.joined(separator: " "))\"/>\n"
            for c in coordinates {
                let xy = c.split(separator: ",")
                svg += "<circle cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"3\" fill=\"\(colors[family]!)\"/>\n"
            }
            let label = "\(family.rawValue), \(engine == "kiwi" ? "kiwi 1.5.1" : "ours")"
            svg += "<line x1=\"\(f(width - right + 14))\" y1=\"\(f(legendY))\" x2=\"\(f(width - right + 44))\" y2=\"\(f(legendY))\" stroke=\"\(colors[family]!)\" stroke-width=\"2\"\(dash)/>\n"
            svg += "<text x=\"\(f(width - right + 50))\" y=\"\(f(legendY + 4))\">\(label)</text>\n"
            legendY += 20
        }
    }
    return svg + "</svg>\n"
}
