#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The system calls under names that the types' own `read`/`write` do not shadow.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }

/// Standard output or standard error as a text stream (the CLI's default streams).
public struct StandardStream: TextOutputStream {
    private let descriptor: Int32

    /// The process's standard output.
    public static var output: StandardStream { StandardStream(descriptor: 1) }
    /// The process's standard error.
    public static var error: StandardStream { StandardStream(descriptor: 2) }

    /// Writes all of `string`, retrying short writes.
    public mutating func write(_ string: String) {
        var bytes = Array(string.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// Reading inputs whole, with a size limit, and writing outputs: files, or standard input as `-`.
enum InputFile {
    /// The largest input read: constraint files and logs are small; anything larger is refused
    /// before it fills memory.
    static let sizeLimit = 64 << 20

    /// The text of `path` (`-` reads standard input).
    /// - Throws: a `SourceError` naming the file when it cannot be opened, is a directory, is
    ///   larger than ``sizeLimit``, or is not UTF-8 text (NUL bytes, invalid sequences).
    static func read(_ path: String) throws(SourceError) -> String {
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

    /// Writes `text` to `path` (replacing it), or returns an error message.
    static func write(_ text: String, to path: String) -> String? {
        guard let file = fopen(path, "w") else { return "cannot write \(path): \(String(cString: strerror(errno)))" }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        if written != bytes.count || closed != 0 { return "cannot write \(path): \(String(cString: strerror(errno)))" }
        return nil
    }
}
