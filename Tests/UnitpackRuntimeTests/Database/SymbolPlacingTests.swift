import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// `UnitDatabase.placing` tells a unit without a symbol (whose `symbol` is
/// its display name, standing in) from a unit whose symbol equals its display
/// name (zh `ppm`): only the first writes its word in the short form.
@Suite struct SymbolPlacingTests {
    static var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    @Test func aSymbolEqualToTheDisplayNameIsStillASymbol() throws {
        let ppm = try Self.database.unit(key: "ratio/part per million")
        let names = try Self.database.names(of: ppm, in: "zh")
        // The case this guards: the same text twice.
        #expect(names.display == names.symbol)
        #expect(names.hasSymbol)
        let formatted = try Self.database.format(5, ppm, language: "zh")
        #expect(formatted.short == "5ppm")
        #expect(formatted.long == "百万分之5")
    }

    @Test func aUnitWithoutASymbolWritesItsWordInTheShortForm() throws {
        let century = try Self.database.unit(key: "time/century")
        let names = try Self.database.names(of: century, in: "en")
        #expect(!names.hasSymbol)
        #expect(try Self.database.format(1, century, language: "en").short == "1 century")
        #expect(try Self.database.format(5, century, language: "en").short == "5 centuries")
    }

    /// The same names, told apart by `hasSymbol` alone.
    @Test func placingFollowsHasSymbolNotTheTwoStrings() throws {
        let zh = try Self.database.language("zh")
        var names = LocalizedNames(language: "zh", display: "ppm", forms: [.other: "百万分之"], symbol: "ppm")
        // The initialiser's default keeps the old reading for names built by hand.
        #expect(!names.hasSymbol)
        #expect(UnitDatabase.placing("5", in: names, category: .other, isShort: true, language: zh) == "5百万分之")
        names.hasSymbol = true
        #expect(UnitDatabase.placing("5", in: names, category: .other, isShort: true, language: zh) == "5ppm")
        #expect(UnitDatabase.placing("5", in: names, category: .other, isShort: false, language: zh) == "5百万分之")
    }
}
