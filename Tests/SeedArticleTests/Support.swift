import Foundation

/// The package's root directory (this file is `Tests/SeedArticleTests/Support.swift`).
let packageRoot: String = {
    let file = "\(#filePath)"
    return String(file[..<file.lastIndex(of: "/")!].dropLast("/Tests/SeedArticleTests".count))
}()

/// An article of `../shared/seeds` beside the package, or nil (with the reason printed) when
/// `../shared` is not there, as in a user's clone.
func seed(_ name: String) -> String? {
    let path = packageRoot + "/../shared/seeds/" + name
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        print("SeedArticleTests: \(path) is not there; the test that compares with it is skipped")
        return nil
    }
    return text
}
