import Foundation
import Testing

/// A sparse file of `size` bytes (nothing is written) in a fresh temporary directory: the path.
func temporarySparseFile(named name: String, size: Int) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("autolayout-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(name).path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(size))
    try handle.close()
    return path
}
