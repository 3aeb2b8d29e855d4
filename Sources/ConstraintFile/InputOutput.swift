#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The system call under a name that the types' own `read` does not shadow.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }

/// Reading inputs whole, with a size limit, and writing outputs: files, or standard input as `-`.
/// The package's other modules (the CLI) read their inputs with it too.
package enum InputFile {
    /// The largest input read: constraint files and logs are small; anything larger is refused
    /// before it fills memory.
    static let sizeLimit = 64 << 20

    /// The text of `path` (`-` reads standard input).
    /// - Throws: a `SourceError` naming the file when it cannot be opened, is a directory, is
    ///   larger than ``sizeLimit``, or is not UTF-8 text (NUL bytes, invalid sequences).
    package static func read(_ path: String) throws(SourceError) -> String {
        let bytes: [UInt8]
        if path == "-" {
            bytes = try readAll(descriptor: 0, path: "<stdin>")
        } else {
            let fd = open(path, O_RDONLY)
            if fd < 0 { throw SourceError(path: path, message: "cannot open the file: \(String(cString: strerror(errno)))") }
            defer { close(fd) }
            var info = stat()
            if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                throw SourceError(path: path, message: "is a directory, not a file")
            }
            if fstat(fd, &info) == 0, info.st_size > sizeLimit {
                throw SourceError(path: path, message: "is \(info.st_size) bytes; inputs larger than \(sizeLimit >> 20) MB are refused")
            }
            bytes = try readAll(descriptor: fd, path: path)
        }
        let name = path == "-" ? "<stdin>" : path
        if let nul = bytes.firstIndex(of: 0) {
            throw SourceError(path: name, message: "is not a text file (a NUL byte at offset \(nul))")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SourceError(path: name, message: "is not UTF-8 text")
        }
        return text
    }

    private static func readAll(descriptor fd: Int32, path: String) throws(SourceError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SourceError(path: path, message: "cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > sizeLimit {
                throw SourceError(path: path, message: "is larger than \(sizeLimit >> 20) MB; larger inputs are refused")
            }
        }
    }

    /// Whether `path` names a regular file (or a link to one).
    static func isFile(_ path: String) -> Bool { fileType(path) == S_IFREG }

    /// Whether `path` names a directory (or a link to one).
    static func isDirectory(_ path: String) -> Bool { fileType(path) == S_IFDIR }

    private static func fileType(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// Writes `text` to `path` (replacing it), or returns an error message.
    package static func write(_ text: String, to path: String) -> String? {
        guard let file = fopen(path, "w") else { return "cannot write \(path): \(String(cString: strerror(errno)))" }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        if written != bytes.count || closed != 0 { return "cannot write \(path): \(String(cString: strerror(errno)))" }
        return nil
    }
}

/// Reads a file or standard input (`-`) a line at a time in bounded memory: only the line being
/// read is held, and a line longer than ``lineLimit`` bytes is refused, so a log of any length,
/// or an endless pipe, is read without filling memory.
package final class LineReader {
    /// The longest line read: console lines, even with long descriptions, are far shorter.
    static let lineLimit = 1 << 20
    /// The name errors use: the path, or `<stdin>`.
    package let name: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0        // where the next line begins in `buffer`
    private var scanned = 0      // bytes before this hold no newline
    private var atEnd = false
    private var lineNumber = 0

    /// Opens `path` (`-` is standard input).
    /// - Throws: a `SourceError` when it cannot be opened or is a directory.
    package init(path: String) throws(SourceError) {
        if path == "-" {
            name = "<stdin>"
            descriptor = 0
            return
        }
        name = path
        descriptor = open(path, O_RDONLY)
        if descriptor < 0 { throw SourceError(path: path, message: "cannot open the file: \(String(cString: strerror(errno)))") }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw SourceError(path: path, message: "is a directory, not a file")
        }
    }

    deinit { if descriptor > 0 { close(descriptor) } }

    /// The next line without its newline, nil after the last.
    /// - Throws: a `SourceError` at the line when it cannot be read, holds a NUL byte, is not
    ///   UTF-8 or is longer than ``lineLimit``.
    package func next() throws(SourceError) -> Substring? {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 10) {
                defer { start = newline + 1; scanned = start }
                return try text(buffer[start..<newline])
            }
            scanned = buffer.count
            if buffer.count - start > Self.lineLimit {
                throw SourceError(path: name, line: lineNumber + 1, column: Self.lineLimit + 1,
                                  message: "line is longer than \(Self.lineLimit >> 20) MB; is this a console log?", sourceLine: nil)
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count; scanned = start }
                return try text(buffer[start...])
            }
            if start > 0 {
                buffer.removeSubrange(0..<start)
                scanned -= start
                start = 0
            }
            try fill()
        }
    }

    private func text(_ bytes: ArraySlice<UInt8>) throws(SourceError) -> Substring {
        lineNumber += 1
        if let nul = bytes.firstIndex(of: 0) {
            throw SourceError(path: name, line: lineNumber, column: nul - bytes.startIndex + 1,
                              message: "is not a text file (a NUL byte)", sourceLine: nil)
        }
        guard let line = String(validating: bytes, as: UTF8.self) else {
            throw SourceError(path: name, line: lineNumber, column: 1, message: "is not UTF-8 text", sourceLine: nil)
        }
        return Substring(line)
    }

    private func fill() throws(SourceError) {
        let chunk = 1 << 16
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + old, chunk) }
            if count < 0 && errno == EINTR { continue }
            buffer.removeLast(chunk - max(count, 0))
            if count < 0 { throw SourceError(path: name, message: "cannot be read: \(String(cString: strerror(errno)))") }
            if count == 0 { atEnd = true }
            return
        }
    }
}
