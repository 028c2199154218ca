import Foundation

/// Where the runtime's tests find their data and the repository, from this
/// file's place: the suites sit a folder deeper, in folders that mirror the
/// runtime's modules (Store/, Database/, Search/, Phrases/, Library/), with
/// their data beside them (Phrases/Corpora, Search/Corpora, Database/CLDR,
/// Database/Targets).
enum TestPaths {
    /// Tests/UnitpackRuntimeTests.
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The repository's root.
    static let repository = tests.deletingLastPathComponent().deletingLastPathComponent()
    /// The phrase corpora (docs/phrases.md), which `unitpack vectors` and SliceTests read too.
    static let phraseCorpora = tests.appendingPathComponent("Phrases/Corpora")
}
