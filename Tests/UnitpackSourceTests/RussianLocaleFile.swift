import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackSource

/// The Russian language of `SourceFixture.validFilesWithLocales` read with
/// `text` as its file `path` (`locales/ru/cases.tsv`), and the tree's
/// diagnostics. The names files must read as before: a file of rows beside
/// them is no category's names file.
func readRussian(withFile path: String, _ text: String) throws -> (language: LanguageSource, diagnostics: [Diagnostic]) {
    let files = SourceFixture.validFilesWithLocales.merging([path: text]) { _, new in new }
    let fixture = try SourceFixture(files)
    defer { fixture.remove() }
    let tree = SourceReader.read(directory: fixture.root)
    let ru = try #require(tree.languages.first { $0.code == "ru" })
    #expect(ru.nameFiles.map(\.category) == ["length", "speed"])
    return (ru, tree.diagnostics)
}
