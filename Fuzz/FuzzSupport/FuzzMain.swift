// The `main` every fuzz target shares: libFuzzer's driver in fuzz builds, a replay of input
// files otherwise.
#if FUZZING
import CLibFuzzer
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The check libFuzzer calls: a C callback cannot capture it, so it waits here.
nonisolated(unsafe) private var check: ((UnsafeBufferPointer<UInt8>) -> Void)?

/// Runs a fuzz target's check and exits.
///
/// Built with `-DFUZZING` (and `-sanitize=fuzzer`), this hands `body` to libFuzzer, which reads
/// its options and corpus directories from the command line (`-max_total_time=15 corpus/`).
/// Otherwise it runs `body` once on the bytes of each file named on the command line, as
/// libFuzzer runs one input: `swift run SolverFuzz crash-…` replays a crash in a plain build.
/// A failing input traps in both.
///
/// Exits 0 when every file ran, 64 without arguments, 66 when a file cannot be read.
public func fuzzMain(_ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
    #if FUZZING
    check = body
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzerTestOneInput))
    #else
    let paths = CommandLine.arguments.dropFirst()
    guard !paths.isEmpty else {
        writeError("usage: \(CommandLine.arguments[0]) INPUT...\nRuns the fuzz target once on each input file.\n")
        exit(64)
    }
    for path in paths {
        guard let bytes = contents(of: path) else {
            writeError("error: cannot read \(path)\n")
            exit(66)
        }
        bytes.withUnsafeBufferPointer(body)
        print("ok   \(path) (\(bytes.count) bytes)")
    }
    exit(0)
    #endif
}

#if FUZZING
/// One input for the check. libFuzzer's own `main`, which `-sanitize=fuzzer` links whole but
/// SwiftPM's `main` (the target's) replaces, refers to this symbol, so it must exist.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    check!(UnsafeBufferPointer(start: data, count: size))
    return 0
}
#endif

/// The bytes of a file, or nil when it cannot be read.
private func contents(of path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        bytes += buffer[..<n]
        if n < buffer.count { return ferror(file) == 0 ? bytes : nil }
    }
}

private func writeError(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
