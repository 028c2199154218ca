import Foundation
import Testing
import UnitpackCheck
import UnitpackCore
import UnitpackRuntime
import UnitpackSource
import UnitpackTestSupport

@testable import UnitpackCompiler

/// Composed names (issue 20 §5, docs/source-format.md "Composed names") on
/// the repository's own sources: what the patterns of each language family
/// make, that a hand-written name wins, that a word of another unit drops a
/// composed name, that each partial language reaches half of the units, and
/// that the database marks what was composed.
@Suite struct NameCompositionTests {
    /// Reading and composing the repository takes seconds: once for the suite.
    struct Repository: Sendable {
        let tree: SourceTree
        let compositions: [String: LanguageComposition]

        init() {
            let root = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
            tree = SourceReader.read(directory: root)
            compositions = Dictionary(uniqueKeysWithValues: NameComposition.compose(tree).map { ($0.code, $0) })
        }

        func composed(_ language: String, _ unit: String) -> ComposedName? {
            compositions[language]?.names.first { $0.unit == unit }
        }
    }

    static let repository = Repository()

    /// The repository's database, written to a scratch file, opened (the file
    /// is unlinked at once: the open database keeps it).
    static func database() throws -> UnitDatabase {
        let model = try ModelCompiler.compile(repository.tree, diagnostics: [])
        let path = NSTemporaryDirectory() + "unitpack-composed-" + UUID().uuidString + ".sqlite"
        try DatabaseWriter.write(model, to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try UnitDatabase(path: path)
    }

    struct NotComposed: Error {
        var unit: String
    }

    func forms(_ language: String, _ unit: String) throws -> [PluralCategory: String] {
        guard let name = Self.repository.composed(language, unit) else { throw NotComposed(unit: language + " " + unit) }
        return name.forms
    }

    /// Romance: `{0} par {1}` with the second part singular, `{0} cube`
    /// agreeing in number, `kilo{0}` on a hand-written base name.
    @Test func frenchComposesQuotientsPowersAndPrefixes() throws {
        guard let density = Self.repository.composed("fr", "density/kilogram per cubic meter") else { throw NotComposed(unit: "density") }
        #expect(density.forms == [.one: "kilogramme par mètre cube", .many: "kilogrammes par mètre cube", .other: "kilogrammes par mètre cube"])
        #expect(density.display == "kilogrammes par mètre cube")
        #expect(density.structure == .expression(symbol: "kg/m³"))
        guard let kilogray = Self.repository.composed("fr", "absorbed-dose/kilogray") else { throw NotComposed(unit: "kilogray") }
        #expect(kilogray.forms[.one] == "kilogray" && kilogray.forms[.other] == "kilograys")
        #expect(kilogray.structure == .prefixed(prefix: "kilo", base: "absorbed-dose/gray"))
        #expect(try forms("fr", "acceleration/foot per second squared")[.other] == "pieds par seconde carrée")
    }

    /// Polish: `na` takes the accusative (`sekundę`, from the `case` rows),
    /// the power agrees with the unit's gender (`kwadratową`), and the first
    /// part takes each plural form (`stopa`, `stopy`, `stóp`).
    @Test func polishTakesCaseFormsAndGender() throws {
        #expect(try forms("pl", "acceleration/foot per second squared") == [
            .one: "stopa na sekundę kwadratową", .few: "stopy na sekundę kwadratową",
            .many: "stóp na sekundę kwadratową", .other: "stopy na sekundę kwadratową",
        ])
        #expect(try forms("pl", "absorbed-dose/kilogray") == [.one: "kilogrej", .few: "kilogreje", .many: "kilogrejów", .other: "kilogreja"])
        // The display name is the form Polish display names are (CLDR's: `few`).
        #expect(Self.repository.composed("pl", "absorbed-dose/kilogray")?.display == "kilogreje")
    }

    /// Japanese and Chinese patterns join without spaces (`{0}毎{1}`,
    /// `每{1}{0}`): a composed word has a space only inside a hand-written
    /// word that has one (CLDR's `時速 マイル`).
    @Test func japaneseAndChineseWriteNoSpaces() throws {
        #expect(try forms("ja", "density/kilogram per cubic meter") == [.other: "キログラム毎立方メートル"])
        #expect(try forms("ja", "absorbed-dose/kilogray") == [.other: "キログレイ"])
        #expect(try forms("zh", "density/kilogram per cubic meter") == [.other: "每立方米千克"])
        #expect(try forms("zh", "electric-charge/millicoulomb") == [.other: "毫库仑"])
        for code in ["ja", "zh"] {
            let language = try #require(Self.repository.tree.languages.first { $0.code == code })
            let spaced = language.nameFiles.flatMap(\.rows).flatMap(\.words).map(\.value).filter { $0.contains(" ") }
            let names = Self.repository.compositions[code]?.names ?? []
            #expect(names.count > 400)
            for name in names {
                for word in name.words where word.contains(" ") {
                    #expect(spaced.contains { word.contains($0) }, "\(code) \(name.unit): '\(word)'")
                }
            }
        }
    }

    /// A unit named by hand is never composed, though its symbol reads and
    /// the patterns would name it otherwise: Italian `chilometri orari`
    /// (CLDR's), not `chilometri per ora`.
    @Test func aHandWrittenNameWins() throws {
        for language in Self.repository.tree.languages {
            let hand = Set(language.nameFiles.flatMap { file in file.rows.map { file.category + "/" + $0.unit.value } })
            let composed = Self.repository.compositions[language.code]?.names.map(\.unit) ?? []
            #expect(composed.filter(hand.contains).isEmpty, "\(language.code)")
        }
        #expect(Self.repository.composed("it", "speed/kilometer per hour") == nil)
        let database = try Self.database()
        let speed = try database.unit(key: "speed/kilometer per hour")
        let names = try database.names(of: speed, in: "it")
        #expect(names.forms[.other] == "chilometri orari" && names.composedFrom == nil)
        let patterns = try database.compoundName(
            numerator: [CompoundNamePart(unit: try database.unit(key: "length/kilometer"))],
            denominator: [CompoundNamePart(unit: try database.unit(key: "time/hour"))], count: 5, language: "it")
        #expect(patterns == "chilometri per ora")
        // One row per unit and language in the model, hand-written or composed.
        let model = try ModelCompiler.compile(Self.repository.tree, diagnostics: [])
        for language in model.languages {
            #expect(Set(language.names.map(\.unit)).count == language.names.count, "\(language.code)")
        }
    }

    /// Japanese names the arcsecond `秒`, so `ミリ{0}` on it would be the
    /// millisecond's word: the composed name is dropped and reported.
    @Test func aWordOfAnotherUnitDropsTheComposedName() throws {
        #expect(Self.repository.composed("ja", "angle/milliarcsecond") == nil)
        let collisions = Self.repository.compositions["ja"]?.collisions ?? []
        #expect(collisions.contains { $0.unit == "angle/milliarcsecond" && $0.word == "ミリ秒" && $0.other == "time/millisecond" })
        // Units of one English name in two categories share their words.
        #expect(Self.repository.composed("fr", "density/kilogram per cubic meter") != nil)
        #expect(Self.repository.composed("fr", "mass-concentration/kilogram per cubic meter") != nil)
    }

    /// A language's own prefixed names that do not end in the base's word
    /// disprove the prefix pattern on that base: Arabic names the kilometre
    /// `كيلومتر` in every form (no `ديكاأمتار` then), Chinese `纳秒` (no
    /// `皮秒钟`); Italian `kilowatt` beside `chilo{0}` proves nothing against it.
    @Test func theLanguagesOwnPrefixedNamesTestThePattern() throws {
        #expect(Self.repository.composed("ar", "length/decameter") == nil)
        #expect(Self.repository.composed("zh", "time/picosecond") == nil)
        #expect(try forms("ar", "absorbed-dose/kilogray")[.few] == "كيلوغراي")
        #expect(try forms("it", "voltage/megavolt") == [.one: "megavolt", .many: "megavolt", .other: "megavolt"])
        #expect(try forms("fr", "length/decameter")[.other] == "décamètres")
    }

    /// Every partial language names at least half of the units, by hand or
    /// composed (issue 20 §5).
    @Test func eachPartialLanguageReachesHalfOfTheUnits() throws {
        let coverage = Dictionary(uniqueKeysWithValues: LanguageCoverage.report(Self.repository.tree).map { ($0.code, $0) })
        for code in ["ar", "es", "fr", "it", "ja", "pl", "pt", "zh"] {
            let language = try #require(coverage[code])
            #expect(language.percentWithComposed >= 50, "\(code): \(language.namedWithComposed)/\(language.totalUnits)")
            #expect(language.namedUnits < language.totalUnits / 2, "\(code) is not named by hand alone")
            #expect(language.missing.count == language.totalUnits - language.namedWithComposed)
        }
    }

    /// The database keeps composed words apart: `names.kind` 4, a
    /// `composed` row of `unit_names`, `LocalizedNames.composedFrom`; the
    /// runtime formats and finds them like hand-written words.
    @Test func theDatabaseMarksComposedNames() throws {
        let database = try Self.database()
        let kilogray = try database.unit(key: "absorbed-dose/kilogray")
        let names = try database.names(of: kilogray, in: "fr")
        #expect(names.language == "fr" && names.composedFrom == "kilo absorbed-dose/gray")
        #expect(try database.format(5, kilogray, language: "fr").long == "5\u{A0}kilograys", "French writes a no-break space between the number and the word (CLDR)")
        let hand = try database.names(of: try database.unit(key: "length/kilometer"), in: "fr")
        #expect(hand.composedFrom == nil && hand.forms[.other] == "kilomètres")
        let density = try database.unit(key: "density/kilogram per cubic meter")
        #expect(try database.format(2, density, language: "pl").long == "2 kilogramy na metr sześcienny")
    }

    /// Spanish and Portuguese change a prefixed name's spelling at the join,
    /// which a prefix pattern (`kilo{0}`) cannot do: an accent (CLDR's
    /// `kilómetro`, where `kilo{0}` on `metro` makes `kilometro`) or a doubled
    /// letter (`milissegundo`, where `mili{0}` makes `milisegundo`). Where one
    /// of the language's own names (CLDR's, or by hand) shows such a join on a
    /// base, no prefixed unit of that base is left to composition: each has a
    /// hand-written row (`decámetro`, `femtossegundo`). A prefix written with
    /// other letters (pt `kilobit` beside the pattern's `quilobit`) is another
    /// spelling of the prefix, not a join.
    @Test(arguments: ["es", "pt"]) func prefixedNamesWhoseJoinChangesSpellingAreWrittenByHand(_ code: String) throws {
        let tree = Self.repository.tree
        let language = try #require(tree.languages.first { $0.code == code })
        let prefixes = language.compoundPatterns.filter { $0.key.value == .prefix }.map { ($0.form.value, $0.pattern.value) }
        var rows: [String: NameRow] = [:]
        for file in language.nameFiles {
            for row in file.rows { rows[(file.category + "/" + row.unit.value).lowercased()] = row }
        }
        /// The letters alone: no accent, no case, a doubled letter written once.
        func letters(_ text: String) -> String {
            var result = ""
            for character in text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
            where character != result.last {
                result.append(character)
            }
            return result
        }
        var joins: [String: String] = [:]  // base -> the name that shows the join
        for (key, row) in rows.sorted(by: { $0.key < $1.key }) {
            let (category, unit) = (String(key.split(separator: "/")[0]), String(key.split(separator: "/")[1]))
            for (prefix, pattern) in prefixes where unit.hasPrefix(prefix) {
                let base = category + "/" + unit.dropFirst(prefix.count)
                guard let baseRow = rows[base] else { continue }
                let pairs = row.forms.compactMap { category, own in
                    baseRow.forms[category].map { (own.value, pattern.replacingOccurrences(of: "{0}", with: $0.value)) }
                }
                if pairs.contains(where: { $0.0 != $0.1 }), pairs.allSatisfy({ letters($0.0) == letters($0.1) }), joins[base] == nil {
                    joins[base] = row.forms[.one]?.value ?? row.unit.value
                }
            }
        }
        // The evidence the test rests on: CLDR's kilómetro, and milissegundo in Portuguese.
        #expect(joins["length/meter"] != nil, "\(code): \(joins)")
        if code == "pt" { #expect(joins["time/second"] != nil, "\(joins)") }
        let composition = try #require(Self.repository.compositions[code])
        let left = composition.names.compactMap { name -> String? in
            guard case .prefixed(_, let base) = name.structure, let shown = joins[base.lowercased()] else { return nil }
            return "\(name.unit) '\(name.forms[.one] ?? name.display)' (the join of '\(shown)')"
        }
        #expect(left.isEmpty, "\(code): composed where the join changes spelling: \(left)")
    }

    /// The build compiles beside the checks (`BuildPipeline.build`), so
    /// composing meets sources with errors: a part of an expression whose
    /// unit has no stable id yet (an error of the checks) makes no name
    /// (the unit's next reading is tried), where it once stopped the
    /// process (`check --coverage` too).
    @Test func aPartWithoutAStableIDMakesNoName() throws {
        var tree = Self.repository.tree
        // `kg/m³` reads as the kilogram over the cubic meter (or the meter cubed).
        tree.ids.removeAll { ["length/meter", "volume/cubic meter"].contains($0.key.lowercased()) }
        let french = try #require(NameComposition.compose(tree).first { $0.code == "fr" })
        // The next of the unit's symbols whose parts all have their ids names it.
        let density = french.names.first { $0.unit == "density/kilogram per cubic meter" }
        #expect(density?.structure == .expression(symbol: "g/L"), "\(String(describing: density))")
        #expect(Self.repository.composed("fr", "density/kilogram per cubic meter")?.structure == .expression(symbol: "kg/m³"))
    }
}
