import UnitpackCore
import UnitpackSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything a built database says about its units, read in full: what
/// `dump` renders and `diff` compares. Independent of the runtime reader, so
/// that a review sees the rows as written, not as a front end would use them.
public struct DatabaseSnapshot: Sendable, Equatable {
    public struct Language: Sendable, Equatable {
        public var code: String
        public var name: String
        public var complete: Bool
        public var decimalSeparator: String
        public var groupSeparator: String
        public var pluralRules: String
    }

    public struct Category: Sendable, Equatable {
        public var key: String
        public var order: Int
        public var baseUnit: String
        public var dimension: String
    }

    /// A unit's words in one language.
    public struct Words: Sendable, Equatable {
        /// `display`, the plural categories in CLDR order, `symbol`: (form, text).
        public var forms: [Form] = []
        public var symbols: [String] = []
        public var synonyms: [String] = []

        public struct Form: Sendable, Equatable {
            public var form: String
            public var text: String
        }
    }

    public struct Unit: Sendable, Equatable {
        public var id: Int
        public var category: String
        public var name: String
        public var symbols: [String]
        public var factor: Double?
        public var toBase: String?
        public var fromBase: String?
        public var priority: Double
        public var system: String
        public var tier: Int
        public var isInverse: Bool
        /// By language code, in code order.
        public var words: [(language: String, words: Words)]
        /// The preference lists the unit is in, or is the first part of a mixed
        /// unit of: `default US #2, at least 10`, `person-height US #2
        /// foot+inch, at least 3`; by usage, region and rank.
        public var clusters: [String] = []

        public var key: String { category + "/" + name }

        public static func == (a: Unit, b: Unit) -> Bool {
            a.id == b.id && a.category == b.category && a.name == b.name && a.symbols == b.symbols
                && a.factor == b.factor && a.toBase == b.toBase && a.fromBase == b.fromBase
                && a.priority == b.priority && a.system == b.system && a.tier == b.tier && a.isInverse == b.isInverse
                && a.clusters == b.clusters
                && a.words.elementsEqual(b.words) { $0.language == $1.language && $0.words == $1.words }
        }
    }

    /// A row of `relations`, by keys rather than ids (category ids change
    /// with every regeneration).
    public struct Relation: Sendable, Equatable {
        public var kind: String
        /// Unit keys (`difference`, `also`) or category keys (`same`).
        public var first: String
        public var second: String
        public var factor: Double?

        /// `same rotation-speed -> frequency`: what identifies the row.
        public var pair: String { "\(kind) \(first) -> \(second)" }
    }

    public var path: String
    public var formatVersion: Int
    public var languages: [Language]
    /// In display order.
    public var categories: [Category]
    /// In category display order, then by id.
    public var units: [Unit]
    /// Sorted by kind, first, second (as text).
    public var relations: [Relation] = []

    public static func == (a: DatabaseSnapshot, b: DatabaseSnapshot) -> Bool {
        a.formatVersion == b.formatVersion && a.languages == b.languages && a.categories == b.categories
            && a.units == b.units && a.relations == b.relations
    }

    static let formOrder = ["display", "zero", "one", "two", "few", "many", "other", "symbol"]

    /// Reads `path`: a `dist/` directory (the database its `manifest.tsv`
    /// names) or a database file. Checks that it is a unitpack database of
    /// this format and that SQLite finds no damage.
    public static func read(_ path: String) throws(ReviewError) -> DatabaseSnapshot {
        var file = path
        var status = stat()
        guard stat(path, &status) == 0 else { throw .notFound(path: path) }
        if status.st_mode & S_IFMT == S_IFDIR {
            do {
                file = try Generation.read(directory: path).path(of: DatabaseFormat.fileName)
            } catch {
                throw .generation(error)
            }
            guard stat(file, &status) == 0 else { throw .notFound(path: file) }
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notFound(path: file) }
        do {
            return try readRows(file)
        } catch let error as ReviewError {
            throw error
        } catch let error as SQLiteError {
            switch error.primaryCode {
            case 26: throw .notAUnitDatabase(path: file)  // SQLITE_NOTADB
            default: throw .corrupt(path: file, detail: error.message)
            }
        } catch {
            throw .corrupt(path: file, detail: "\(error)")
        }
    }

    private static func readRows(_ file: String) throws -> DatabaseSnapshot {
        let connection = try Connection(path: file, mode: .readOnlyImmutable)
        guard try connection.scalarInt("PRAGMA application_id") == Int64(DatabaseFormat.applicationID) else {
            throw ReviewError.notAUnitDatabase(path: file)
        }
        let version = Int(try connection.scalarInt("PRAGMA user_version") ?? 0)
        guard version == Int(DatabaseFormat.version) else {
            throw ReviewError.unsupportedFormatVersion(path: file, found: version, supported: Int(DatabaseFormat.version))
        }
        // A damaged page could otherwise read as plausible rows.
        let check = try connection.prepare("PRAGMA quick_check")
        while try check.step() {
            let line = check.text(at: 0) ?? ""
            guard line == "ok" else { throw ReviewError.corrupt(path: file, detail: line) }
        }

        var languages: [Language] = []
        let languageRows = try connection.prepare(
            "SELECT code, name, complete, decimal_separator, group_separator, plural_rules FROM languages ORDER BY code")
        while try languageRows.step() {
            languages.append(
                Language(
                    code: languageRows.text(at: 0) ?? "", name: languageRows.text(at: 1) ?? "",
                    complete: languageRows.int(at: 2) != 0, decimalSeparator: languageRows.text(at: 3) ?? "",
                    groupSeparator: languageRows.text(at: 4) ?? "", pluralRules: languageRows.text(at: 5) ?? ""))
        }

        var categories: [Category] = []
        var categoryKeys: [Int: String] = [:]
        let categoryRows = try connection.prepare(
            """
            SELECT c.id, c.key, c.display_order, u.name, c.dimension
            FROM categories c LEFT JOIN units u ON u.id = c.base_unit ORDER BY c.display_order, c.key
            """)
        while try categoryRows.step() {
            let key = categoryRows.text(at: 1) ?? ""
            categoryKeys[categoryRows.int(at: 0)] = key
            categories.append(
                Category(
                    key: key, order: categoryRows.int(at: 2), baseUnit: categoryRows.text(at: 3) ?? "",
                    dimension: categoryRows.text(at: 4) ?? ""))
        }

        var words: [Int: [String: Words]] = [:]
        let formRows = try connection.prepare("SELECT unit, lang, form, text FROM unit_names")
        while try formRows.step() {
            words[formRows.int(at: 0), default: [:]][formRows.text(at: 1) ?? "", default: Words()].forms.append(
                Words.Form(form: formRows.text(at: 2) ?? "", text: formRows.text(at: 3) ?? ""))
        }
        // Localized symbols (kind 1 with a language) and synonyms (kind 2); the
        // names of kind 0 repeat the forms above.
        let nameRows = try connection.prepare(
            "SELECT unit, kind, lang, text FROM names WHERE kind IN (1, 2) AND lang <> '' ORDER BY unit, lang, kind, text")
        while try nameRows.step() {
            let unit = nameRows.int(at: 0), language = nameRows.text(at: 2) ?? "", text = nameRows.text(at: 3) ?? ""
            if nameRows.int(at: 1) == 1 {
                words[unit, default: [:]][language, default: Words()].symbols.append(text)
            } else {
                words[unit, default: [:]][language, default: Words()].synonyms.append(text)
            }
        }

        // A mixed unit (foot+inch) is written by its parts' names under its
        // first part, so a review sees `person-height US #2 foot+inch`.
        var unitNames: [Int: String] = [:]
        let unitNameRows = try connection.prepare("SELECT id, name FROM units")
        while try unitNameRows.step() { unitNames[unitNameRows.int(at: 0)] = unitNameRows.text(at: 1) ?? "" }
        var clusters: [Int: [String]] = [:]
        let clusterRows = try connection.prepare(
            "SELECT unit, usage, region, rank, at_least, parts FROM clusters ORDER BY usage, region, rank")
        while try clusterRows.step() {
            let unit = clusterRows.int(at: 0)
            let atLeast = clusterRows.double(at: 4)
            let parts = (clusterRows.text(at: 5) ?? "").split(separator: " ").map { id in
                Int(id).flatMap { unitNames[$0] } ?? "#\(id)"
            }
            let mixed = parts.isEmpty ? "" : " " + ([unitNames[unit] ?? "#\(unit)"] + parts).joined(separator: "+")
            clusters[unit, default: []].append(
                "\(clusterRows.text(at: 1) ?? "") \(clusterRows.text(at: 2) ?? "") #\(clusterRows.int(at: 3) + 1)" + mixed
                    + (atLeast == 1 ? "" : ", at least \(Dump.number(atLeast))"))
        }

        var units: [Unit] = []
        let unitRows = try connection.prepare(
            """
            SELECT u.id, u.category, u.name, u.symbols, u.factor, u.to_base, u.from_base, u.priority, u.system,
                   u.tier, u.flags
            FROM units u JOIN categories c ON c.id = u.category ORDER BY c.display_order, c.key, u.id
            """)
        while try unitRows.step() {
            let id = unitRows.int(at: 0)
            let symbols = unitRows.text(at: 3) ?? ""
            let byLanguage = (words[id] ?? [:]).sorted { $0.key < $1.key }.map { language, words in
                var words = words
                words.forms.sort { formRank($0.form) < formRank($1.form) }
                return (language: language, words: words)
            }
            units.append(
                Unit(
                    id: id, category: categoryKeys[unitRows.int(at: 1)] ?? "?", name: unitRows.text(at: 2) ?? "",
                    symbols: symbols.isEmpty ? [] : symbols.split(separator: "\t", omittingEmptySubsequences: false).map(String.init),
                    factor: unitRows.isNull(at: 4) ? nil : unitRows.double(at: 4),
                    toBase: unitRows.isNull(at: 5) ? nil : unitRows.text(at: 5),
                    fromBase: unitRows.isNull(at: 6) ? nil : unitRows.text(at: 6),
                    priority: unitRows.double(at: 7), system: unitRows.text(at: 8) ?? "", tier: unitRows.int(at: 9),
                    isInverse: unitRows.int(at: 10) & 1 != 0, words: byLanguage, clusters: clusters[id] ?? []))
        }
        let unitKeys = Dictionary(units.map { ($0.id, $0.key) }, uniquingKeysWith: { a, _ in a })
        var relations: [Relation] = []
        let relationRows = try connection.prepare("SELECT kind, first, second, factor FROM relations")
        while try relationRows.step() {
            let kind = relationRows.text(at: 0) ?? ""
            // `same` relates categories; the other kinds, units. An id that
            // names nothing shows as #id rather than failing the review.
            let keys = kind == "same" ? categoryKeys : unitKeys
            let first = relationRows.int(at: 1), second = relationRows.int(at: 2)
            relations.append(
                Relation(
                    kind: kind, first: keys[first] ?? "#\(first)", second: keys[second] ?? "#\(second)",
                    factor: relationRows.isNull(at: 3) ? nil : relationRows.double(at: 3)))
        }
        relations.sort { ($0.kind, $0.first, $0.second) < ($1.kind, $1.first, $1.second) }
        return DatabaseSnapshot(
            path: file, formatVersion: version, languages: languages, categories: categories, units: units,
            relations: relations)
    }

    private static func formRank(_ form: String) -> Int { formOrder.firstIndex(of: form) ?? formOrder.count }
}
