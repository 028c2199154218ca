/// What changed between two builds, unit by unit, and which changes break the
/// promise made to front ends: a unit's id never changes and is never given
/// to another unit (front ends store ids in favourites and history).
public struct SnapshotDiff: Sendable {
    public enum Change: Sendable, Equatable {
        case added(id: Int, key: String)
        case removed(id: Int, key: String)
        /// One field of a unit present in both, e.g. `factor`, `ru few`, `symbols`.
        case changed(id: Int, key: String, field: String, old: String, new: String)
        /// Same id, same category and conversion, a new name: the same unit renamed.
        case renamed(id: Int, oldKey: String, newKey: String)
        case language(code: String, detail: String)
        case category(key: String, detail: String)
        /// A row of `relations` added, removed, or with another factor or
        /// regions; `pair` is `kind first -> second`, by keys.
        case relation(pair: String, detail: String)
        /// A row of `left_out_names` added or removed; `pair` is the word,
        /// quoted, and the unit's key.
        case leftOut(pair: String, detail: String)
    }

    public enum Violation: Sendable, Equatable {
        /// The same unit (by key) has another id.
        case changedID(key: String, old: Int, new: Int)
        /// An id now names another unit.
        case reusedID(id: Int, oldKey: String, newKey: String)
    }

    public private(set) var changes: [Change] = []
    public private(set) var violations: [Violation] = []

    public init(old: DatabaseSnapshot, new: DatabaseSnapshot) {
        compareLanguages(old.languages, new.languages)
        compareCategories(old.categories, new.categories)
        compareRelations(old.relations, new.relations)
        compareCompounds(old.compounds, new.compounds)
        comparePhraseWords(old.phraseWords, new.phraseWords)
        compareLeftOutNames(old.leftOutNames, new.leftOutNames)

        let oldByID = Dictionary(old.units.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let newByID = Dictionary(new.units.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let oldByKey = Dictionary(old.units.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let newByKey = Dictionary(new.units.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })

        for unit in new.units {
            if let before = oldByKey[unit.key], before.id != unit.id {
                violations.append(.changedID(key: unit.key, old: before.id, new: unit.id))
            }
            guard let before = oldByID[unit.id] else {
                if oldByKey[unit.key] == nil { changes.append(.added(id: unit.id, key: unit.key)) }
                continue
            }
            if before.key != unit.key {
                if before.category == unit.category && Dump.definition(before) == Dump.definition(unit)
                    && newByKey[before.key] == nil
                {
                    changes.append(.renamed(id: unit.id, oldKey: before.key, newKey: unit.key))
                } else {
                    violations.append(.reusedID(id: unit.id, oldKey: before.key, newKey: unit.key))
                    continue
                }
            }
            compareUnit(before, unit)
        }
        for unit in old.units where newByID[unit.id] == nil && newByKey[unit.key] == nil {
            changes.append(.removed(id: unit.id, key: unit.key))
        }
    }

    public var hasViolations: Bool { !violations.isEmpty }

    private mutating func compareUnit(_ a: DatabaseSnapshot.Unit, _ b: DatabaseSnapshot.Unit) {
        func note(_ field: String, _ old: String, _ new: String) {
            if old != new { changes.append(.changed(id: b.id, key: b.key, field: field, old: old, new: new)) }
        }
        note("definition", Dump.definition(a).joined(separator: "; "), Dump.definition(b).joined(separator: "; "))
        note("priority", Dump.number(a.priority), Dump.number(b.priority))
        note("system", "\(a.system) tier \(a.tier)", "\(b.system) tier \(b.tier)")
        note("symbols", a.symbols.joined(separator: ", "), b.symbols.joined(separator: ", "))
        note("prefixes", a.prefixes.joined(separator: ", "), b.prefixes.joined(separator: ", "))
        note("clusters", a.clusters.joined(separator: "; "), b.clusters.joined(separator: "; "))
        note("usage", a.usage, b.usage)
        let languages = Set(a.words.map(\.language)).union(b.words.map(\.language)).sorted()
        for language in languages {
            let x = a.words.first { $0.language == language }?.words ?? .init()
            let y = b.words.first { $0.language == language }?.words ?? .init()
            let forms = DatabaseSnapshot.formOrder.filter { form in
                x.forms.contains { $0.form == form } || y.forms.contains { $0.form == form }
            }
            for form in forms {
                note("\(language) \(form)", x.forms.first { $0.form == form }?.text ?? "", y.forms.first { $0.form == form }?.text ?? "")
            }
            note("\(language) symbols", x.symbols.joined(separator: ", "), y.symbols.joined(separator: ", "))
            note("\(language) synonyms", x.synonyms.joined(separator: ", "), y.synonyms.joined(separator: ", "))
            note("\(language) cases", x.cases.joined(separator: ", "), y.cases.joined(separator: ", "))
        }
    }

    private mutating func compareLanguages(_ a: [DatabaseSnapshot.Language], _ b: [DatabaseSnapshot.Language]) {
        for language in b where !a.contains(where: { $0.code == language.code }) {
            changes.append(.language(code: language.code, detail: "added (\(language.complete ? "complete" : "partial"))"))
        }
        for language in a where !b.contains(where: { $0.code == language.code }) {
            changes.append(.language(code: language.code, detail: "removed"))
        }
        for x in a {
            guard let y = b.first(where: { $0.code == x.code }) else { continue }
            if x.complete != y.complete { changes.append(.language(code: x.code, detail: y.complete ? "now complete" : "now partial")) }
            if x.pluralRules != y.pluralRules { changes.append(.language(code: x.code, detail: "plural rules changed")) }
            if x.decimalSeparator != y.decimalSeparator || x.groupSeparator != y.groupSeparator || x.name != y.name {
                changes.append(.language(code: x.code, detail: "name or number symbols changed"))
            }
            // The newer columns, each named with its old and new value as the dump writes it.
            let columns: [(String, (DatabaseSnapshot.Language) -> String)] = [
                ("grouping", { "\($0.primaryGrouping), \($0.secondaryGrouping), minimum \($0.minimumGroupingDigits)" }),
                ("minus", { Dump.quoted($0.minusSign) }),
                ("long pattern", { Dump.quoted($0.longPattern) }), ("short pattern", { Dump.quoted($0.shortPattern) }),
                ("numbering", { Dump.numbering($0) ?? "latn" }), ("latn regions", { $0.latnRegions.isEmpty ? "none" : $0.latnRegions }),
                ("region separators", { Dump.quoted($0.regionSeparators) }),
                ("region grouping", { $0.regionGrouping.isEmpty ? "none" : $0.regionGrouping }),
            ]
            for (column, value) in columns where value(x) != value(y) {
                changes.append(.language(code: x.code, detail: "\(column) changed: \(value(x)) -> \(value(y))"))
            }
        }
    }

    /// A compound pattern added, removed or changed: a change of the language.
    private mutating func compareCompounds(_ a: [DatabaseSnapshot.Compound], _ b: [DatabaseSnapshot.Compound]) {
        let old = Dictionary(a.map { ($0.name, $0) }, uniquingKeysWith: { x, _ in x })
        let new = Dictionary(b.map { ($0.name, $0) }, uniquingKeysWith: { x, _ in x })
        for x in b {
            let detail = "compound \(x.key) \(x.form)"
            if let y = old[x.name] {
                if y.pattern != x.pattern { changes.append(.language(code: x.language, detail: "\(detail): '\(y.pattern)' -> '\(x.pattern)'")) }
            } else {
                changes.append(.language(code: x.language, detail: "\(detail) added: '\(x.pattern)'"))
            }
        }
        for x in a where new[x.name] == nil {
            changes.append(.language(code: x.language, detail: "compound \(x.key) \(x.form) removed"))
        }
    }

    private mutating func compareCategories(_ a: [DatabaseSnapshot.Category], _ b: [DatabaseSnapshot.Category]) {
        for category in b where !a.contains(where: { $0.key == category.key }) {
            changes.append(.category(key: category.key, detail: "added (base \(category.baseUnit))"))
        }
        for category in a where !b.contains(where: { $0.key == category.key }) {
            changes.append(.category(key: category.key, detail: "removed"))
        }
        for x in a {
            guard let y = b.first(where: { $0.key == x.key }) else { continue }
            if x.baseUnit != y.baseUnit { changes.append(.category(key: x.key, detail: "base \(x.baseUnit) -> \(y.baseUnit)")) }
            if x.order != y.order { changes.append(.category(key: x.key, detail: "order \(x.order) -> \(y.order)")) }
            if x.dimension != y.dimension {
                changes.append(.category(key: x.key, detail: "dimension \(x.dimension) -> \(y.dimension)"))
            }
        }
    }

    private mutating func compareRelations(_ a: [DatabaseSnapshot.Relation], _ b: [DatabaseSnapshot.Relation]) {
        for relation in b where !a.contains(where: { $0.pair == relation.pair }) {
            changes.append(.relation(pair: relation.pair, detail: "added" + Dump.factor(relation)))
        }
        for relation in a where !b.contains(where: { $0.pair == relation.pair }) {
            changes.append(.relation(pair: relation.pair, detail: "removed"))
        }
        for x in a {
            guard let y = b.first(where: { $0.pair == x.pair }) else { continue }
            if x.factor != y.factor {
                let show = { (factor: Double?) in factor.map(Dump.number) ?? "none" }
                changes.append(.relation(pair: x.pair, detail: "factor \(show(x.factor)) -> \(show(y.factor))"))
            }
            if x.regions != y.regions {
                let show = { (regions: String) in regions.isEmpty ? "none" : regions }
                changes.append(.relation(pair: x.pair, detail: "regions \(show(x.regions)) -> \(show(y.regions))"))
            }
        }
    }

    /// A phrase word added, removed or with another value: a change of the language.
    private mutating func comparePhraseWords(_ a: [DatabaseSnapshot.PhraseWord], _ b: [DatabaseSnapshot.PhraseWord]) {
        let old = Dictionary(a.map { ($0.name, $0) }, uniquingKeysWith: { x, _ in x })
        let new = Dictionary(b.map { ($0.name, $0) }, uniquingKeysWith: { x, _ in x })
        let show = { (value: Double?) in value.map(Dump.number) ?? "none" }
        for x in b {
            let detail = "phrase word \(x.kind) \(Dump.quoted(x.word))"
            if let y = old[x.name] {
                if y.value != x.value { changes.append(.language(code: x.language, detail: "\(detail): \(show(y.value)) -> \(show(x.value))")) }
            } else {
                changes.append(.language(code: x.language, detail: "\(detail) added" + (x.value.map { ": " + Dump.number($0) } ?? "")))
            }
        }
        for x in a where new[x.name] == nil {
            changes.append(.language(code: x.language, detail: "phrase word \(x.kind) \(Dump.quoted(x.word)) removed"))
        }
    }

    /// A word a slice leaves out, added or removed.
    private mutating func compareLeftOutNames(_ a: [DatabaseSnapshot.LeftOutName], _ b: [DatabaseSnapshot.LeftOutName]) {
        let old = Set(a), new = Set(b)
        for x in b where !old.contains(x) { changes.append(.leftOut(pair: x.pair, detail: "added")) }
        for x in a where !new.contains(x) { changes.append(.leftOut(pair: x.pair, detail: "removed")) }
    }

    /// The report `unitpack diff` prints: one line a change, violations last.
    public func render() -> String {
        var out = ""
        for change in changes {
            switch change {
            case .added(let id, let key): out += "+ unit \(id) \(key)\n"
            case .removed(let id, let key): out += "- unit \(id) \(key)\n"
            case .changed(let id, let key, let field, let old, let new):
                out += "~ unit \(id) \(key): \(field) \(Dump.quoted(old)) -> \(Dump.quoted(new))\n"
            case .renamed(let id, let oldKey, let newKey): out += "~ unit \(id) renamed \(oldKey) -> \(newKey)\n"
            case .language(let code, let detail): out += "~ language \(code): \(detail)\n"
            case .category(let key, let detail): out += "~ category \(key): \(detail)\n"
            case .relation(let pair, let detail): out += "~ relation \(pair): \(detail)\n"
            case .leftOut(let pair, let detail): out += "~ left out \(pair): \(detail)\n"
            }
        }
        for violation in violations {
            switch violation {
            case .changedID(let key, let old, let new):
                out += "error: \(key) had id \(old), now \(new): a unit's id never changes (restore it in units-src/ids.tsv)\n"
            case .reusedID(let id, let oldKey, let newKey):
                out += "error: id \(id) was \(oldKey), now \(newKey): an id is never given to another unit (run 'unitpack assign-ids' for a new one)\n"
            }
        }
        let counts = changes.reduce(into: [0, 0, 0]) { counts, change in
            switch change {
            case .added: counts[0] += 1
            case .removed: counts[1] += 1
            default: counts[2] += 1
            }
        }
        out += "\(counts[0]) added, \(counts[1]) removed, \(counts[2]) changed, \(violations.count) id errors\n"
        return out
    }
}
