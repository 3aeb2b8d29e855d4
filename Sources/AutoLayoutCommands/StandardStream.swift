#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The system call under a name that the stream's own `write` does not shadow.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }

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
