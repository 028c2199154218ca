import ArgumentParser
import Foundation
import UnitpackCore
import UnitpackReview
import UnitpackRuntime

/// `unitpack vectors`: what the runtime answers on a built generation, as
/// JSON that a reader in another language checks itself against
/// (docs/vectors.md; `Readers/python/check_vectors.py`). Everything is
/// enumerated in a fixed order and every random choice comes from one
/// seeded generator, so two runs on the same data write the same bytes.
struct VectorsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vectors",
        abstract: "Write JSON test vectors from dist/'s current generation, for readers in other languages.",
        discussion: """
            Writes conversions.json, plurals.json, formatting.json, targets.json, phrases.json and \
            search.json into --output: the runtime's answers on the built data (the manifest's files), \
            for a reader written from docs/ to compare with. The schema is docs/vectors.md. Two runs on \
            the same data and seed write identical bytes.
            """)

    @OptionGroup var data: DataOptions

    @Option(name: .long, help: ArgumentHelp("Directory to write the vector files into (created if missing).", valueName: "dir"))
    var output: String

    @Option(name: .long, help: ArgumentHelp(
        "Directory of phrase corpora (*.tsv: phrase<TAB>languages<TAB>...) to read for phrases.json.", valueName: "dir"))
    var phrases = "Tests/UnitpackRuntimeTests/Phrases"

    @Option(name: .long, help: "Seed of the choices (values, sample units, prefixes).")
    var seed: UInt64 = 22

    func run() throws {
        let files: [(name: String, text: String)]
        do {
            let generation = try Generation.read(directory: data.data)
            let snapshot = try DatabaseSnapshot.read(data.data)
            let library = try UnitLibrary(directory: data.data, budget: 1 << 20)
            let corpora = try Self.corpora(in: phrases)
            var vectors = Vectors(
                snapshot: snapshot, database: library.database, search: library.search,
                source: generation.manifest.sourceSHA256, seed: seed)
            files = [
                ("conversions.json", try vectors.conversions()),
                ("plurals.json", try vectors.plurals()),
                ("formatting.json", try vectors.formatting()),
                ("targets.json", try vectors.targets()),
                ("phrases.json", try vectors.phrases(corpora)),
                ("search.json", try vectors.searches()),
            ]
        } catch let error as CorpusProblem {
            printError(error.description)
            throw ExitCode.failure
        } catch let error as any Error & CustomStringConvertible {
            printError("error: \(error.description)")
            throw ExitCode.failure
        }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            printError("error: " + FileProblem.sentence(error, doing: "create the vectors directory", path: output, option: "--output"))
            throw ExitCode.failure
        }
        for file in files {
            let path = output + "/" + file.name
            do {
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                printError("error: " + FileProblem.sentence(error, doing: "write \(file.name)", path: path, option: "--output"))
                throw ExitCode.failure
            }
        }
        print("ok: \(files.count) vector files in \(output)")
    }

    /// A phrase corpus line that cannot be read: located, as a source error is.
    struct CorpusProblem: Error, CustomStringConvertible {
        var path: String
        var line: Int
        var message: String
        var description: String { "\(path):\(line):1: error: \(message)" }
    }

    /// Each phrase of the corpora with the languages it is read in, by file
    /// name then line.
    static func corpora(in directory: String) throws -> [(file: String, line: Int, phrase: String, languages: [String])] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tsv") }.sorted()
        } catch {
            throw CorpusProblem(path: directory, line: 1, message: "no phrase corpora here (--phrases names a directory of *.tsv)")
        }
        var cases: [(file: String, line: Int, phrase: String, languages: [String])] = []
        for name in names {
            let path = directory + "/" + name
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw CorpusProblem(path: path, line: 1, message: "cannot read the corpus as UTF-8")
            }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.isEmpty || line.hasPrefix("#") { continue }
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count >= 2, !fields[0].isEmpty, !fields[1].isEmpty else {
                    throw CorpusProblem(path: path, line: index + 1, message: "expected phrase<TAB>languages<TAB>...")
                }
                cases.append((name, index + 1, String(fields[0]), fields[1].split(separator: ",").map(String.init)))
            }
        }
        return cases
    }
}

/// SplitMix64: the generator of docs/vectors.md, written out so that the
/// choices do not depend on how a Swift version maps random bits to a range.
struct VectorRandom {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<count` (the modulo's bias is immaterial here).
    mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }
}

/// The vector files' contents, one method a file.
struct Vectors {
    let snapshot: DatabaseSnapshot
    let database: UnitDatabase
    let search: SearchPack
    let source: String
    var random: VectorRandom

    init(snapshot: DatabaseSnapshot, database: UnitDatabase, search: SearchPack, source: String, seed: UInt64) {
        self.snapshot = snapshot
        self.database = database
        self.search = search
        self.source = source
        random = VectorRandom(state: seed)
    }

    /// Significant digits of the formatting vectors: the runtime's default.
    static let significantDigits = 6

    /// A file: a header naming the data, then one case a line.
    func file(_ kind: String, _ cases: [JSONValue], extra: [(String, JSONValue)] = []) -> String {
        var text = "{\"format\": \"unitpack-vectors\", \"version\": 1, \"kind\": " + JSONValue.string(kind).text
        text += ", \"source_sha256\": " + JSONValue.string(source).text
        text += ", \"database_format\": \(snapshot.formatVersion)"
        for (key, value) in extra { text += ", " + JSONValue.string(key).text + ": " + value.text }
        text += ",\n\"cases\": ["
        for (index, value) in cases.enumerated() { text += (index == 0 ? "\n" : ",\n") + value.text }
        return text + "\n]}\n"
    }

    // MARK: conversions

    /// A seeded value: four significant digits, from 10^-3 to 10^4.
    mutating func seededValue() -> Double {
        let mantissa = 1000 + random.below(9000)
        let exponent = random.below(8) - 3
        let text = "\(mantissa)e\(exponent - 3)"
        return Double(text) ?? 1
    }

    mutating func conversions() throws -> String {
        var cases: [JSONValue] = []
        let bases = Dictionary(uniqueKeysWithValues: snapshot.categories.map { ($0.key, UnitKey.make(category: $0.key, name: $0.baseUnit)) })
        for row in snapshot.units {
            let unit = try database.unit(key: row.key)
            let base = try database.unit(key: bases[row.category] ?? row.key)
            var values: [Double] = [1]
            for _ in 0..<3 { values.append(seededValue()) }
            for value in values {
                cases.append(.object([
                    ("unit", .string(unit.key)), ("id", .int(unit.id.rawValue)), ("base", .string(base.key)),
                    ("value", .number(value)),
                    ("to_base", Self.converted { () throws(UnitDatabaseError) in try database.convert(value, from: unit, to: base) }),
                    ("from_base", Self.converted { () throws(UnitDatabaseError) in try database.convert(value, from: base, to: unit) }),
                ]))
            }
        }
        return file("conversions", cases)
    }

    /// A converted value, or `{"error": kind}` when the runtime refuses it.
    static func converted(_ body: () throws(UnitDatabaseError) -> Double) -> JSONValue {
        do {
            return .number(try body())
        } catch .conversionFailed(let failure) {
            let kind: String
            switch failure {
            case .divisionByZero: kind = "division-by-zero"
            case .overflow: kind = "overflow"
            case .domain: kind = "domain"
            case .notFinite: kind = "not-finite"
            }
            return .object([("error", .string(kind))])
        } catch {
            return .object([("error", .string("other"))])
        }
    }

    // MARK: plurals

    /// The numbers E705 tries (docs/plural-rules.md), small ones first: the
    /// integers 0 to 1000, the decimals up to 100 with one then two fraction
    /// digits, the round numbers d·10^k up to 9·10^17. Every category a
    /// language's rules have is reached by one of them (E705 refuses rules
    /// with a category none reaches).
    static let pluralCandidates: [String] = {
        var numbers = (0...1000).map(String.init)
        for tenths in 0...1000 { numbers.append("\(tenths / 10).\(tenths % 10)") }
        for hundredths in 0...10000 {
            let fraction = hundredths % 100
            numbers.append("\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)")
        }
        for exponent in 4...17 {
            for digit in 1...9 { numbers.append(String(digit) + String(repeating: "0", count: exponent)) }
        }
        return numbers
    }()

    /// Numbers every language is checked with, whatever its categories.
    static let commonNumbers = ["0", "1", "2", "3", "5", "11", "21", "22", "25", "101", "1000", "1000000", "0.5", "1.0", "1.5", "2.5", "1.50", "0.05"]

    /// Where each number first comes: the common numbers, then the candidates.
    static let candidateOrder: [String: Int] = {
        var order: [String: Int] = [:]
        for (index, number) in (commonNumbers + pluralCandidates).enumerated() where order[number] == nil { order[number] = index }
        return order
    }()

    /// For each language: the common numbers and the first three of the
    /// candidates that reach each of its categories, in candidate order.
    func pluralNumbers() throws -> [(language: String, rules: PluralRules, numbers: [(String, PluralCategory)])] {
        try snapshot.languages.map { language in
            let rules = try PluralRules(canonicalText: language.pluralRules)
            var chosen: Set<String> = Set(Self.commonNumbers)
            var reached: [PluralCategory: Int] = [:]
            for number in Self.pluralCandidates {
                guard let category = rules.category(for: number) else { continue }
                if reached[category, default: 0] < 3 {
                    reached[category, default: 0] += 1
                    chosen.insert(number)
                }
                if reached.count == rules.categories.count, reached.values.allSatisfy({ $0 >= 3 }) { break }
            }
            let order = Self.candidateOrder
            let numbers = chosen.sorted { order[$0, default: 0] < order[$1, default: 0] }.compactMap { number in
                rules.category(for: number).map { (number, $0) }
            }
            return (language.code, rules, numbers)
        }
    }

    func plurals() throws -> String {
        var cases: [JSONValue] = []
        for (language, rules, numbers) in try pluralNumbers() {
            let categories = rules.categories.map { JSONValue.string($0.rawValue) }
            for (number, category) in numbers {
                cases.append(.object([
                    ("language", .string(language)), ("number", .string(number)), ("category", .string(category.rawValue)),
                    ("categories", .array(categories)),
                ]))
            }
        }
        return file("plurals", cases)
    }

    // MARK: formatting

    /// One unit a category, chosen by the seed, in category display order;
    /// then the units that take the other paths of placing a number: for
    /// each language, the first unit with a CLDR `long:` pattern and the
    /// first with a `short:` one; the units whose symbol is one mark (`°`);
    /// the first unit without a symbol.
    mutating func sampleUnits() -> [DatabaseSnapshot.Unit] {
        var sample: [DatabaseSnapshot.Unit] = []
        for category in snapshot.categories {
            let units = snapshot.units.filter { $0.category == category.key }
            guard !units.isEmpty else { continue }
            sample.append(units[random.below(units.count)])
        }
        var more: [DatabaseSnapshot.Unit] = []
        for language in snapshot.languages.map(\.code) {
            for prefix in ["long:", "short:"] {
                let first = snapshot.units.first { unit in
                    unit.words.contains { $0.language == language && $0.words.forms.contains { $0.form.hasPrefix(prefix) } }
                }
                if let first { more.append(first) }
            }
        }
        more += snapshot.units.filter { ["°", "′", "″", "'", "\""].contains($0.symbols.first ?? "") }
        if let bare = snapshot.units.first(where: { $0.symbols.isEmpty }) { more.append(bare) }
        for unit in more where !sample.contains(where: { $0.id == unit.id }) { sample.append(unit) }
        return sample
    }

    /// Values beyond the plural numbers, written with no fraction digits
    /// asked for: rounding to six significant digits (a tie included),
    /// grouping, the scientific forms, a negative number.
    static let formattingExtras = [
        "1234567.891", "0.000123456789", "1.5e20", "2.5e-8", "-3.25", "1234.5", "0.30000000000000004", "99999.95",
        "2.0000005", "123456.5", "-0.0001",
    ]

    mutating func formatting() throws -> String {
        var cases: [JSONValue] = []
        let units = sampleUnits()
        var tags: [(tag: String, numbers: [(String, PluralCategory)], units: ArraySlice<DatabaseSnapshot.Unit>)] = []
        for (language, _, numbers) in try pluralNumbers() {
            tags.append((language, numbers, units[...]))
            // Each region that writes numbers otherwise than the language
            // (`ar-MA` latn digits, `de-CH` `’`, `en-IN` 12,34,567), with a
            // few of the units: the words are the language's.
            let numbering = try database.language(language).numbering
            let regions = Set(numbering.latnRegions + numbering.regionSeparators.keys + numbering.regionGrouping.keys)
            for region in regions.sorted() { tags.append((language + "-" + region, numbers, units.prefix(3))) }
        }
        for (language, numbers, units) in tags {
            for row in units {
                let unit = try database.unit(key: row.key)
                for number in numbers.map(\.0) + Self.formattingExtras {
                    guard let value = Double(number) else { continue }
                    let fractionDigits = Self.formattingExtras.contains(number) ? 0 : number.split(separator: ".").dropFirst().first?.count ?? 0
                    let options = LocalizedNumberFormatting.Options(
                        significantDigits: Self.significantDigits, minimumFractionDigits: fractionDigits, grouping: true)
                    let formatted = try database.format(value, unit, language: language, options: options)
                    cases.append(.object([
                        ("language", .string(language)), ("unit", .string(unit.key)), ("value", .number(value)),
                        ("significant_digits", .int(Self.significantDigits)),
                        ("minimum_fraction_digits", .int(fractionDigits)), ("grouping", .bool(true)),
                        ("number", .string(formatted.number)), ("category", .string(formatted.pluralCategory.rawValue)),
                        ("name_language", .string(formatted.nameLanguage)),
                        ("long", .string(formatted.long)), ("short", .string(formatted.short)),
                    ]))
                }
            }
        }
        return file("formatting", cases)
    }

    // MARK: targets

    mutating func targets() throws -> String {
        // (category, usage, region) of every list as written, from the
        // snapshot's `usage region #rank` lines; a system's own list
        // (`metric`, `us`, `imperial`) is read through its system.
        var lists: Set<[String]> = []
        for unit in snapshot.units {
            for line in unit.clusters {
                let words = line.split(separator: " ").map(String.init)
                guard words.count >= 3, words[2] != "completed" else { continue }
                lists.insert([unit.category, words[0], words[1]])
            }
        }
        let bases = Dictionary(uniqueKeysWithValues: snapshot.categories.map { ($0.key, UnitKey.make(category: $0.key, name: $0.baseUnit)) })
        var cases: [JSONValue] = []
        for list in lists.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let (category, usage, region) = (list[0], list[1], list[2])
            let base = try database.unit(key: bases[category] ?? "")
            var values: [Double] = [1]
            for _ in 0..<2 { values.append(seededValue()) }
            for value in values {
                let target: PreferredTarget?
                switch region {
                case "metric": target = try database.bestTarget(for: value, in: base, system: .metric, usage: usage)
                case "us": target = try database.bestTarget(for: value, in: base, system: .us, usage: usage)
                case "imperial": target = try database.bestTarget(for: value, in: base, system: .imperial, usage: usage)
                default: target = try database.bestTarget(for: value, in: base, region: region, usage: usage)
                }
                var fields: [(String, JSONValue)] = [
                    ("category", .string(category)), ("usage", .string(usage)),
                    (["metric", "us", "imperial"].contains(region) ? "system" : "region", .string(region)),
                    ("unit", .string(base.key)), ("value", .number(value)),
                ]
                if let target {
                    fields.append(("target", .array(target.units.map { .string($0.key) })))
                    fields.append(("target_value", .number(target.value)))
                } else {
                    fields.append(("target", .null))
                }
                cases.append(.object(fields))
            }
        }
        return file("targets", cases)
    }

    // MARK: phrases

    func phrases(_ corpora: [(file: String, line: Int, phrase: String, languages: [String])]) throws -> String {
        var cases: [JSONValue] = []
        for entry in corpora {
            var fields: [(String, JSONValue)] = [
                ("source", .string("\(entry.file):\(entry.line)")), ("phrase", .string(entry.phrase)),
                ("languages", .array(entry.languages.map { .string($0) })),
            ]
            switch try database.parse(entry.phrase, languages: entry.languages) {
            case .understood(let readings):
                let reading = readings[0]
                fields += [
                    ("understood", .bool(true)), ("value", .number(reading.value)), ("unit", .string(reading.from.key)),
                    ("targets", .array(reading.targets.map { .string($0.key) })),
                    ("readings", .int(readings.count)),
                ]
            case .notUnderstood:
                fields.append(("understood", .bool(false)))
            }
            cases.append(.object(fields))
        }
        return file("phrases", cases)
    }

    // MARK: search

    static let searchLimit = 10

    /// Queries for each language: prefixes of one to three characters and
    /// whole words of seeded words of the language (its units' display
    /// names, plural forms and symbols), and a few `units-src/` symbols;
    /// each searched in the language alone and with English after it.
    mutating func searches() throws -> String {
        var cases: [JSONValue] = []
        var symbols: [String] = []
        for unit in snapshot.units { symbols += unit.symbols }
        for language in snapshot.languages.map(\.code) {
            var words: [String] = []
            for unit in snapshot.units {
                for entry in unit.words where entry.language == language {
                    words += entry.words.forms.filter { $0.form != "composed" && !$0.form.contains(":") }.map(\.text)
                    words += entry.words.symbols
                }
            }
            guard !words.isEmpty else { continue }
            var queries: [String] = []
            for _ in 0..<12 {
                let word = words[random.below(words.count)]
                let length = 1 + random.below(3)
                queries.append(String(word.prefix(length)))
            }
            for _ in 0..<4 { queries.append(words[random.below(words.count)]) }
            if !symbols.isEmpty { for _ in 0..<2 { queries.append(symbols[random.below(symbols.count)]) } }
            var seen: Set<String> = []
            for query in queries where seen.insert(query).inserted {
                for asked in language == "en" ? [["en"]] : [[language], [language, "en"]] {
                    let matches = try search.search(query, languages: asked, limit: Self.searchLimit)
                    let results: [JSONValue] = try matches.map { match in
                        .object([
                            ("unit", .string(try database.unit(match.unit).key)), ("key", .string(match.key)),
                            ("exact", .bool(match.isExact)), ("language", match.language.map { .string($0) } ?? .null),
                            ("distance", .int(match.distance)),
                        ])
                    }
                    cases.append(.object([
                        ("query", .string(query)), ("languages", .array(asked.map { .string($0) })),
                        ("limit", .int(Self.searchLimit)), ("results", .array(results)),
                    ]))
                }
            }
        }
        return file("search", cases)
    }
}

/// Just enough JSON to write the vectors: objects keep their keys' order,
/// numbers are written as Swift's shortest round-trip text.
indirect enum JSONValue {
    case string(String)
    case number(Double)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    var text: String {
        switch self {
        case .string(let string): return Self.quoted(string)
        case .number(let value): return value.isFinite ? "\(value)" : "null"
        case .int(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let values): return "[" + values.map(\.text).joined(separator: ", ") + "]"
        case .object(let fields):
            return "{" + fields.map { Self.quoted($0.0) + ": " + $0.1.text }.joined(separator: ", ") + "}"
        }
    }

    /// RFC 8259: `"` and `\` escaped, control characters as `\u00XX`, the
    /// rest as UTF-8.
    static func quoted(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }
}
