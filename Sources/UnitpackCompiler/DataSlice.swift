import UnitpackCore

/// What a sliced build keeps (`unitpack build --languages en,ru
/// --categories length,mass`): a front end that speaks two languages, or an
/// app about cooking, ships only those. A slice is cut from the compiled
/// model of the whole sources, never from the sources themselves, so every
/// row it keeps is the row the full build writes (the same ids, names,
/// factors, composed names and preference lists) and the slice answers as
/// the full data does for what it holds (docs/database.md, "Slices").
public struct DataSlice: Sendable, Hashable {
    /// The language every slice keeps: the names of `units-src/` are English
    /// (`names` rows of language `en` exist for every unit whatever the
    /// languages), and the runtime falls back to it for a unit a language
    /// does not name and for output when no language is asked.
    public static let requiredLanguage = "en"

    /// Language codes as asked, sorted; nil: every language of the sources.
    public var languages: [String]?
    /// Category keys as asked, sorted; nil: every category.
    public var categories: [String]?

    public init(languages: [String]? = nil, categories: [String]? = nil) {
        self.languages = languages.map { Array(Set($0)).sorted() }
        self.categories = categories.map { Array(Set($0)).sorted() }
    }

    /// The whole data: nothing dropped.
    public var isWhole: Bool { languages == nil && categories == nil }

    /// `en,ru` and `length,mass` as the command line gives them: names
    /// separated by commas, spaces around them ignored, none empty.
    public static func list(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map {
            trimmed(String($0))
        }
    }

    /// Why a slice cannot be cut from a model.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case emptyName(option: String)
        case unknownLanguage(String, available: [String])
        case unknownCategory(String, available: [String])
        case missingRequiredLanguage(asked: [String])

        public var description: String {
            switch self {
            case .emptyName(let option):
                return "\(option) has an empty name: write names separated by commas, e.g. \(option) "
                    + (option == "--languages" ? "en,ru" : "length,mass")
            case .unknownLanguage(let code, let available):
                return "no language '\(TextEscaping.visible(code))' in the sources; they have \(available.joined(separator: ", "))"
            case .unknownCategory(let key, let available):
                return "no category '\(TextEscaping.visible(key))' in the sources; they have \(available.joined(separator: ", "))"
            case .missingRequiredLanguage(let asked):
                return "a slice must hold '\(DataSlice.requiredLanguage)' (the names of units-src/ are English and the runtime "
                    + "falls back to them): write --languages \(([DataSlice.requiredLanguage] + asked).joined(separator: ","))"
            }
        }
    }

    /// Checks the names against the model's before anything is written.
    public func validate(against model: CompiledModel) throws(Problem) {
        if let languages {
            // English is there without locales/ too: the names of units-src/.
            let available = Array(Set(model.languages.map(\.code) + [Self.requiredLanguage])).sorted()
            for code in languages {
                guard !code.isEmpty else { throw .emptyName(option: "--languages") }
                guard available.contains(code) else { throw .unknownLanguage(code, available: available) }
            }
            guard languages.contains(Self.requiredLanguage) else { throw .missingRequiredLanguage(asked: languages) }
        }
        if let categories {
            let available = model.categories.map(\.key)
            for key in categories {
                guard !key.isEmpty else { throw .emptyName(option: "--categories") }
                guard available.contains(key) else { throw .unknownCategory(key, available: available.sorted()) }
            }
        }
    }

    /// The categories a slice of `asked` holds: those asked and the category
    /// of each `difference` unit of a unit they hold (a temperature needs its
    /// difference unit to read "a rise of 10 °F"; E934 gives every
    /// temperature one). Other relations pull nothing in: an `also` or
    /// `same` reading is an alternative, kept when both sides are in the slice.
    public static func closure(of asked: [String], in model: CompiledModel) -> [String] {
        var held = Set(asked)
        let categoryOf = Dictionary(model.units.map { ($0.id, $0.category) }, uniquingKeysWith: { a, _ in a })
        var changed = true
        while changed {
            changed = false
            for relation in model.relations where relation.kind == .difference {
                guard let first = categoryOf[relation.first], let second = categoryOf[relation.second],
                    held.contains(first), !held.contains(second)
                else { continue }
                held.insert(second)
                changed = true
            }
        }
        return model.categories.map(\.key).filter(held.contains)
    }

    /// The model with only the slice's languages and categories, and every
    /// row that refers to them alone. Ids (units' and categories') are kept,
    /// so a unit's key and id are the full data's.
    public func apply(to model: CompiledModel) throws(Problem) -> CompiledModel {
        try validate(against: model)
        guard !isWhole else { return model }
        var sliced = model
        if let categories {
            let held = Set(Self.closure(of: categories, in: model))
            sliced.categories = model.categories.filter { held.contains($0.key) }
            sliced.units = model.units.filter { held.contains($0.category) }
            sliced.clusters = model.clusters.filter { held.contains($0.category) }
        }
        let units = Set(sliced.units.map(\.id))
        let categoryIDs = Set(sliced.categories.map(\.id))
        sliced.relations = model.relations.filter { relation in
            relation.kind.relatesCategories
                ? categoryIDs.contains(relation.first) && categoryIDs.contains(relation.second)
                : units.contains(relation.first) && units.contains(relation.second)
        }
        // A preference list names units of its own category only (its units
        // are `category/part` keys), so the category filter keeps lists whole.
        let languages = self.languages.map(Set.init)
        sliced.languages = model.languages.compactMap { language in
            guard languages?.contains(language.code) ?? true else { return nil }
            var kept = language
            kept.names = language.names.filter { units.contains($0.unit) }
            kept.caseForms = language.caseForms.filter { units.contains($0.unit) }
            kept.compounds = language.compounds.filter { pattern in
                guard let id = Self.unitReference(pattern) else { return true }
                return units.contains(id)
            }
            return kept
        }
        sliced.leftOutNames = Self.leftOutNames(whole: model, slice: sliced)
        return sliced
    }

    /// The unit a `gender` or `case` row of `compounds` belongs to (its form
    /// starts with the unit's id, `412/accusative/one`); nil for the rows of
    /// the other keys, which belong to the language.
    static func unitReference(_ pattern: CompiledModel.CompoundPattern) -> Int? {
        guard pattern.key == .gender || pattern.key == .grammaticalCase else { return nil }
        return pattern.form.split(separator: "/", maxSplits: 1).first.flatMap { Int($0) }
    }
}

/// `text` without the spaces and tabs around it.
private func trimmed(_ text: String) -> String {
    var slice = Substring(text)
    while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
    while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
    return String(slice)
}
