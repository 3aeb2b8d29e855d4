import ConstraintFile

/// `autolayout explain [--format text|json] LOG`: explains each conflict message of a console
/// log as soon as the log has been read past it.
struct ExplainCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "explain",
            abstract: "Explain UIKit's \"Unable to simultaneously satisfy constraints\" messages.",
            summary: "Explain the \"Unable to simultaneously satisfy constraints\" messages in a pasted console log "
                + "('-' reads standard input).",
            discussion: [
                """
                LOG is a pasted console log ('-' reads standard input) holding one or more messages, from any iOS or \
                macOS version. Each listed constraint is rebuilt and the group solved again: whether it is really \
                unsatisfiable, a minimal conflicting subset with the arithmetic, what UIKit broke, what this tool's \
                policy would break, and the usual fix. The log is read a line at a time and each message is explained \
                as soon as it ends, so a long log or a live pipe works in little memory.
                """,
            ],
            exitStatuses: [(ExitStatus.success, "explained"),
                           (ExitStatus.badInput, "the log cannot be read, holds no message, or lists a constraint that cannot be read")],
            exitStatusNote: "Such a constraint's error goes to standard error and its message is skipped; the other messages are "
                + "still explained.")
    }

    static var declarations: [ArgumentDeclaration<Self>] {
        [.option(\.format, names: "--format", value: .oneOf(), help: "Output format"),
         .argument(\.log, name: "LOG", noun: "log file, or '-' for standard input")]
    }

    var format = OutputFormat.text
    var log = ""

    /// Explains each message as soon as the log has been read past it: the log is read a line
    /// at a time and never held whole. A message whose list cannot be read is reported on
    /// `stderr` and skipped; the others are still explained, and the exit status is then 65.
    func run<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32 {
        let json = format == .json
        var count = 0, unreadable = 0, redacted = false
        func emit(_ message: LogMessage, name: String) {
            let e = LogExplainer.explain(message)
            if json {
                stdout.write((count == 0 ? "{\"messages\":[" : ",") + ExplainReport.json(e).rendered())
            } else {
                stdout.write(ExplainReport.text(e, path: name))
            }
            count += 1
        }
        func close() { if json && count > 0 { stdout.write("]}\n") } }
        var name = log
        do {
            let lines = try LineReader(path: log)
            name = lines.name
            var reader = UIKitLog.Reader(path: name)
            while let line = try lines.next() {
                do {
                    if let m = try reader.read(line) { emit(m, name: name) }
                } catch {
                    // The reader has dropped that message; read on.
                    stderr.write("\(error)\n")
                    unreadable += 1
                }
            }
            if let m = reader.finish() { emit(m, name: name) }
            redacted = reader.sawRedactedConstraints
        } catch {
            close()
            stderr.write("\(error)\n")
            return ExitStatus.badInput
        }
        close()
        if unreadable > 0 { return ExitStatus.badInput }
        guard count > 0 else {
            let message = redacted
                ? "no constraint list found: os_log privacy redacted the constraints (they print as <private>); copy the message from Xcode's console while debugging, or capture the log with private data enabled (a logging profile with Enable-Private-Data)"
                : "no constraint list found: paste the lines from \"Unable to simultaneously satisfy constraints\" to \"Will attempt to recover by breaking constraint\""
            stderr.write("\(SourceError(path: name, message: message))\n")
            return ExitStatus.badInput
        }
        return ExitStatus.success
    }
}
