import Foundation
import Testing
import UnitpackCore
import UnitpackRuntime
import UnitpackTestSupport

@testable import UnitpackCompiler

/// `unitpack build --languages/--categories` (docs/database.md, "Slices"):
/// the repository built whole and sliced. For what a slice holds it answers
/// exactly as the whole data: every unit, every name in every language it
/// has, a formatting of every unit in every language at values that reach
/// the plural forms, each unit to and from its base, the preferred target
/// for regions and usages, candidates for every word, a seeded set of
/// searches, and the phrases of the corpora. What it does not hold is
/// refused (no such unit, no such language), never answered otherwise.
@Suite struct SliceTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repository = here.deletingLastPathComponent().deletingLastPathComponent().path
    static let corpora = here.deletingLastPathComponent().appendingPathComponent("UnitpackRuntimeTests/Phrases/Corpora").path

    struct Built: @unchecked Sendable {
        let directory: String
        let database: UnitDatabase
        let pack: SearchPack
        let model: CompiledModel

        /// `slice` built into a temporary directory (removed by the test).
        init(slice: DataSlice) throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unitpack-slice-\(UUID().uuidString)").path
            let outcome = try BuildPipeline.build(source: SliceTests.repository, output: directory, slice: slice)
            guard outcome.summary != nil else {
                throw CompileError.sourcesHaveErrors(count: outcome.diagnostics.filter { $0.severity == .error }.count)
            }
            try self.init(directory: directory, model: try slice.apply(to: try RepositoryModel.model()))
        }

        init(directory: String, model: CompiledModel) throws {
            self.directory = directory
            database = try UnitDatabase(directory: directory)
            pack = try SearchPack(directory: directory, budget: 1 << 20)
            self.model = model
        }
    }

    static let slices: [DataSlice] = [
        DataSlice(languages: ["en"]),
        DataSlice(languages: ["en", "ru"]),
        // An app about cooking: temperature brings temperature-difference.
        DataSlice(languages: ["en", "de", "ja"], categories: ["volume", "mass", "temperature"]),
    ]

    /// The whole data: the repository's build and model every suite of the
    /// process shares (RepositoryBuild, RepositoryModel: read only); a
    /// slice's model is cut from the same one.
    static let whole = Result<Built, any Error> {
        try Built(directory: try RepositoryBuild.directory(), model: try DataSlice().apply(to: try RepositoryModel.model()))
    }

    /// A case for every slice (Swift Testing runs them side by side); the
    /// whole data is shared.
    @Test(arguments: slices)
    func slicesAnswerAsTheWholeData(_ slice: DataSlice) throws {
        let whole = try Self.whole.get()
        let part = try Built(slice: slice)
        defer { try? FileManager.default.removeItem(atPath: part.directory) }
        try check(slice, part: part, whole: whole)
    }

    func check(_ slice: DataSlice, part: Built, whole: Built) throws {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        let note = "slice \(BuildPipeline.sliceText(slice)), seed \(seed) (rerun with UNITPACK_SEED=\(seed))"

        let heldUnits = Set(part.model.units.map(\.id))
        let heldLanguages = part.model.languages.map(\.code)
        #expect(heldLanguages == (slice.languages ?? whole.model.languages.map(\.code)), "\(note)")
        #expect(heldUnits.count < whole.model.units.count || slice.categories == nil, "\(note)")

        // Units: the held ones as the whole data has them, the others unknown.
        for unit in whole.model.units {
            let id = UnitID(rawValue: unit.id)
            if heldUnits.contains(unit.id) {
                #expect(try part.database.unit(id) == whole.database.unit(id), "\(note): unit \(unit.key)")
            } else {
                #expect(throws: UnitDatabaseError.unknownUnit(unit.key)) { try part.database.unit(key: unit.key) }
            }
        }
        // Languages: the others refused, naming what the slice has.
        for language in whole.model.languages.map(\.code) where !heldLanguages.contains(language) {
            #expect(throws: UnitDatabaseError.unknownLanguage(language, available: heldLanguages)) {
                try part.database.language(language)
            }
        }

        // Every held unit: names and formatting in every held language, to and from its base.
        let values: [Double] = [0, 1, 2, 3, 5, 11, 21, 22, 101, 1.5, 0.1, 1234.5, 1e7]
        for unit in part.model.units {
            let id = UnitID(rawValue: unit.id)
            let a = try whole.database.unit(id), b = try part.database.unit(id)
            for language in heldLanguages {
                #expect(try part.database.names(of: b, in: language) == whole.database.names(of: a, in: language), "\(note): \(unit.key) \(language)")
                let value = values.randomElement(using: &random)!
                #expect(
                    try part.database.format(value, b, language: language) == whole.database.format(value, a, language: language),
                    "\(note): \(value) \(unit.key) in \(language)")
            }
            let base = try whole.database.unit(UnitID(rawValue: try #require(whole.model.categories.first { $0.key == unit.category }).baseUnit))
            let value = Double.random(in: -1000...1000, using: &random)
            #expect(same(try? part.database.convert(value, from: b, to: base), try? whole.database.convert(value, from: a, to: base)), "\(note): \(unit.key) to base")
            #expect(same(try? part.database.convert(value, from: base, to: b), try? whole.database.convert(value, from: base, to: a)), "\(note): \(unit.key) from base")
            for region in ["US", "GB", "DE", "001"] {
                let request = TargetRequest(region: region)
                #expect(
                    try part.database.expectedTarget(for: value, in: b, request: request)
                        == whole.database.expectedTarget(for: value, in: a, request: request),
                    "\(note): target of \(value) \(unit.key) for \(region)")
            }
        }
        // Seeded pairs of one category.
        let byCategory = Dictionary(grouping: part.model.units, by: \.category)
        for _ in 0..<500 {
            let units = byCategory.values.randomElement(using: &random)!
            let from = units.randomElement(using: &random)!, to = units.randomElement(using: &random)!
            let value = Double.random(in: -1e6...1e6, using: &random)
            let f = UnitID(rawValue: from.id), t = UnitID(rawValue: to.id)
            #expect(
                same(
                    try? part.database.convert(value, from: part.database.unit(f), to: part.database.unit(t)),
                    try? whole.database.convert(value, from: whole.database.unit(f), to: whole.database.unit(t))),
                "\(note): \(value) \(from.key) in \(to.key)")
        }

        // Every word of every unit, held or not. A word whose rows the
        // slice keeps all of gives the whole data's candidates; a word with
        // rows of dropped units or languages gives only held units that have
        // it in the slice (the case-exact rows that ranked first may be gone:
        // `cv`, exact in Italian, is `CV` of metric horsepower in English).
        let heldWords = Self.words(of: part.model)
        let allWords = Self.words(of: whole.model)
        var exact = 0
        for word in allWords.keys.sorted() {
            let found = try part.database.candidates(for: word)
            if heldWords[word] == allWords[word] {
                let expected = try whole.database.candidates(for: word)
                #expect(found == expected, "\(note): candidates for '\(word)': \(found.map(\.key)) for \(expected.map(\.key))")
                exact += 1
            } else {
                let rows = heldWords[word] ?? []
                #expect(
                    found.allSatisfy { unit in rows.contains { $0.unit == unit.id.rawValue } },
                    "\(note): candidates for '\(word)': \(found.map(\.key)), by no word of the slice")
            }
        }
        // Most of a slice's words are untouched by what it drops.
        #expect(exact * 4 > heldWords.count, "\(note): \(exact) of the slice's \(heldWords.count) words compared exactly")
        print("\(note): \(exact) of the slice's \(heldWords.count) words compared exactly")
        try checkLeftOutWords(slice, part: part, whole: whole, random: &random, note: note)

        // Searches: prefixes of the words of held and dropped units alike.
        try checkSearches(whole: whole, part: part, words: allWords.keys.sorted(), held: heldUnits, languages: heldLanguages, random: &random, note: note)
        // Phrases of the corpora.
        try checkPhrases(slice, whole: whole, part: part, held: heldUnits, languages: heldLanguages, note: note)
    }

    /// A word the whole data reads as named units (not an expression) is
    /// never read by a slice as a prefix and a held unit: `ft`, the foot, is
    /// not f (femto) + t (tonne) in a slice without length; it is refused
    /// (`notHeld`, from `left_out_names`), read as a held unit that has the
    /// word, or, written with operators or spaces, as an expression of held
    /// units (docs/database.md, "Slices").
    func checkLeftOutWords(
        _ slice: DataSlice, part: Built, whole: Built, random: inout SeededGenerator, note: String
    ) throws {
        var refused = 0
        let sliceWords = Self.words(of: part.model)
        var missing = Self.words(of: whole.model).filter { sliceWords[$0.key] == nil }.sorted(by: { $0.key < $1.key })
        // Each word is read twice with expressions tried: every one in the
        // slice by category, a seeded sample where only languages are cut.
        if slice.categories == nil && missing.count > 4000 {
            missing.shuffle(using: &random)
            missing = Array(missing.prefix(4000))
        }
        for (word, rows) in missing {
            guard let wholeUnits = try? whole.database.candidatesOrExpression(word), wholeUnits.allSatisfy({ !$0.isExpression })
            else { continue }
            let found: [UnitpackRuntime.MeasureUnit]
            do {
                found = try part.database.candidatesOrExpression(word)
            } catch {
                if case .badExpression(_, let expression) = error, case .notHeld = expression.reason { refused += 1 }
                continue
            }
            // A product or quotient of held units (`mg/dL` without
            // mass-concentration) is the documented reading of a word with
            // operators, spaces or powers; a lone word is never a prefix and
            // a held unit.
            let compound = word.unicodeScalars.contains {
                UnitExpressionGrammar.isOperator($0) || "^²³⁻ -".unicodeScalars.contains($0)
            }
            #expect(
                found.allSatisfy { unit in
                    unit.isExpression ? compound : rows.contains { $0.unit == unit.id.rawValue }
                },
                "\(note): '\(word)' (\(wholeUnits.map(\.key))) reads as \(found.map(\.key))")
        }
        print("\(note): \(refused) words of left-out units refused as not held")
        if part.model.categories.allSatisfy({ $0.key != "length" }) && part.model.units.contains(where: { $0.key == "mass/tonne" }) {
            #expect(refused > 0, "\(note)")
            #expect(throws: UnitDatabaseError.self) { try part.database.convert(3, from: "ft", to: "kg") }
            let phrase = try part.database.parse("3 ft", languages: ["en"])
            #expect(phrase.readings.isEmpty, "\(note): '3 ft' read as \(phrase.readings.map(\.from.key))")
        }
    }

    func checkSearches(
        whole: Built, part: Built, words: [String], held: Set<Int>, languages: [String], random: inout SeededGenerator, note: String
    ) throws {
        for _ in 0..<400 {
            let word = words.randomElement(using: &random)!
            let query = String(word.prefix(Int.random(in: 1...max(1, min(6, word.count)), using: &random)))
            // Both asked in languages of the slice: the whole pack's best
            // word of a unit may be in a dropped language, no word of the slice.
            let asked = Bool.random(using: &random) ? languages : [languages.randomElement(using: &random)!]
            let expected = try whole.pack.search(query, languages: asked, limit: 5000).filter {
                held.contains($0.unit.rawValue)
            }
            let found = try part.pack.search(query, languages: asked, limit: 5000)
            if expected.allSatisfy(\.isCorrected) {
                // Nothing held answers the query as typed: at most corrected
                // matches, which read the typing through the keyboards and
                // transliterations of the languages held, never a match as typed.
                #expect(found.allSatisfy { $0.isCorrected }, "\(note): search '\(query)' \(asked): \(found.map(\.key))")
            } else {
                #expect(found == expected, "\(note): search '\(query)' \(asked)")
            }
        }
    }

    /// Each phrase asked in the slice's languages (those of its case the
    /// slice has). A case whose languages the slice has whole, read by
    /// the whole data into units the slice holds, reads the same; any other
    /// the slice reads the same or not at all, never otherwise.
    func checkPhrases(_ slice: DataSlice, whole: Built, part: Built, held: Set<Int>, languages: [String], note: String) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpora).filter { $0.hasSuffix(".tsv") }.sorted()
        var compared = 0, refused = 0, expressions = 0
        for file in files {
            let text = try String(contentsOfFile: Self.corpora + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count >= 2 else { continue }
                let phrase = fields[0]
                let cased = fields[1].split(separator: ",").map(String.init)
                let asked = cased.filter(languages.contains)
                guard !asked.isEmpty else { continue }
                let wholeReadings = try whole.database.parse(phrase, languages: asked).readings
                let partReadings = try part.database.parse(phrase, languages: asked).readings
                let expected = wholeReadings.map(Shape.init), found = partReadings.map(Shape.init)
                let answerable = asked.count == cased.count && !expected.isEmpty
                    && expected.allSatisfy { $0.units.allSatisfy(held.contains) }
                if found == expected {
                    compared += 1
                } else if found.isEmpty {
                    #expect(!answerable, "\(note): '\(phrase)' in \(asked) refused, read by the whole data as \(expected)")
                    refused += 1
                } else {
                    // An expression of held units (`g/mL`) where the whole data
                    // has a unit of a dropped category or a word of a dropped
                    // language (density's gram per millilitre, de's `lbf ft`):
                    // another name for the same conversion, with the same result.
                    // Or the same units read as written where the whole data fitted
                    // another meaning: a unit of a dropped category had the word first
                    // (`F` is the farad, then the degree Fahrenheit; issue 36).
                    let same = try Self.sameResult(partReadings.first, part.database, wholeReadings.first, whole.database)
                    let freed = found.first.map { first in
                        expected.first.map { $0.units == first.units && first.fit == .asWritten && $0.fit != .asWritten } ?? false
                    } ?? false
                    // Or a guess the whole data did not need, shown: a word of a
                    // dropped language left out or cut (`−40 °C в °F` in English
                    // only: `в`, the Russian volt's symbol, left out as context;
                    // `15,6 pouces` as the French inch, whose English name is `pouce`).
                    let guessed = partReadings.first.map { first in
                        first.guesses.contains { guess in !(wholeReadings.first?.guesses.contains(guess) ?? false) }
                    } ?? false
                    #expect(
                        guessed || (found.contains { $0.units.contains { $0 < 0 } } || freed) && same,
                        "\(note): '\(phrase)' in \(asked): \(found) for \(expected)")
                    expressions += 1
                }
            }
        }
        #expect(compared > 100, "\(note): \(compared) phrases compared, \(refused) refused")
        print("\(note): \(compared) phrases read alike, \(refused) refused, \(expressions) as expressions")
    }

    /// Whether two readings convert their value to their first target alike
    /// (to 1e-12 relative: an expression multiplies its parts' factors).
    static func sameResult(_ a: PhraseReading?, _ da: UnitDatabase, _ b: PhraseReading?, _ db: UnitDatabase) throws -> Bool {
        guard let a, let b, let ta = a.to, let tb = b.to else { return false }
        let x = try da.convert(a.value, from: a.from, to: ta), y = try db.convert(b.value, from: b.from, to: tb)
        return abs(x - y) <= 1e-12 * max(abs(x), abs(y))
    }

    struct WordRow: Hashable {
        var unit: Int
        var language: String
        var text: String
    }

    /// Every word a model gives its units, by folded key (`names.folded`):
    /// the English names and symbols of `units-src/` (symbols of no
    /// language), and each language's words.
    static func words(of model: CompiledModel) -> [String: Set<WordRow>] {
        var words: [String: Set<WordRow>] = [:]
        func add(_ text: String, _ unit: Int, _ language: String) {
            words[TextFolding.fold(text), default: []].insert(WordRow(unit: unit, language: language, text: text))
        }
        for unit in model.units {
            add(unit.name, unit.id, "en")
            for symbol in unit.symbols { add(symbol, unit.id, "") }
        }
        for language in model.languages {
            for names in language.names {
                for word in [names.display] + names.forms.values + names.symbols + names.synonyms {
                    add(word, names.unit, language.code)
                }
            }
            for form in language.caseForms { add(form.text, form.unit, language.code) }
        }
        return words
    }

    /// What a reading says, comparable.
    struct Shape: Hashable, CustomStringConvertible {
        var value: UInt64
        var parts: [String]
        var targets: [String]
        var language: String?
        var fit: PhraseFit
        var separator: NumberReader.Separator?
        var separatorLanguages: [String]
        /// Ids of the units read; an expression's is negative.
        var units: [Int]

        init(_ reading: PhraseReading) {
            units = ([reading.from] + reading.parts.map(\.unit) + reading.targets).map(\.id.rawValue)
            value = reading.value.bitPattern
            parts = reading.parts.map { "\($0.value) \($0.unit.key) \($0.significantDigits ?? -1)" }
            targets = reading.targets.map(\.key)
            language = reading.language
            fit = reading.fit
            separator = reading.separator
            separatorLanguages = reading.separatorLanguages
        }

        var description: String { "\(Double(bitPattern: value)) \(parts) -> \(targets) (\(language ?? "-"))" }
    }

    func same(_ a: Double?, _ b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        default: false
        }
    }
}
