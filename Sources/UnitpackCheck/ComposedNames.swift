import UnitpackCore
import UnitpackSource

/// A name the build composes for a unit a language does not name by hand:
/// the language's CLDR patterns (`locales/<lang>/compounds.tsv`) applied to
/// the words it has for the unit's parts (`kilo{0}` and `gray`, `{0} par {1}`
/// and `kilogramme` and `mètre cube`), by `CompoundComposer`, the code the
/// runtime names expressions with.
public struct ComposedName: Sendable, Hashable {
    /// `category/name`.
    public var unit: String
    public var display: String
    /// One per plural category of the language.
    public var forms: [PluralCategory: String]
    /// How the name was found: a prefix on a unit (E502's pairing), or a
    /// symbol read as an expression whose factor is the unit's (E501's).
    public var structure: Structure

    public enum Structure: Sendable, Hashable {
        case prefixed(prefix: String, base: String)
        case expression(symbol: String)
    }

    /// The display name and every form, without repeats.
    public var words: [String] {
        // A handful of words: compared in a list, not hashed into a Set.
        var words = [display]
        for category in PluralCategory.allCases {
            if let form = forms[category], !words.contains(form) { words.append(form) }
        }
        return words
    }
}

/// A composed name dropped because one of its words is already another
/// unit's word in the language (or another composed name's): a search by it
/// would find two units.
public struct ComposedNameCollision: Sendable, Hashable {
    public var unit: String
    public var word: String
    /// `category/name` of the unit that has the word.
    public var other: String
}

/// The composed names of one language.
public struct LanguageComposition: Sendable {
    public var code: String
    /// In the order of `tree.units`.
    public var names: [ComposedName]
    public var collisions: [ComposedNameCollision]
}

/// Composes, for every language and every unit it does not name by hand,
/// the name its patterns give (docs/source-format.md, "Composed names").
///
/// A unit's structure is only taken where the sources prove it, as the
/// checks do: a prefixed unit (`kilogray`) is its name spelled as a prefix
/// and a unit that takes that kind of prefix, worth exactly the prefix times
/// that unit (PrefixRule, E502); a compound (`foot per second squared`) is a
/// symbol of the unit read by the expression grammar (as the runtime and
/// E501 read it) into units whose product is worth exactly the unit's own
/// factor. A name is never derived from English words alone. Units whose
/// parts a language does not name, or whose pattern, derivation, gender or
/// case it lacks, stay unnamed (English at run time), never half-named.
///
/// A hand-written name always wins: a unit with a row in the language is
/// never composed. A composed name one of whose words is another unit's
/// word in the language is dropped, and reported (`check --coverage`).
public enum NameComposition {
    static let tolerance = 1e-9

    public static func compose(_ tree: SourceTree) -> [LanguageComposition] {
        let structures = BuildTimings.measure("compose names: structures") { Structures(tree) }
        // Each language on its own: side by side.
        return Parallel.map(tree.languages) { language in
            BuildTimings.measure("compose names, " + language.code) { compose(language, tree: tree, structures: structures) }
        }
    }

    /// A unit as the composer sees it.
    struct SourceUnit: CompoundNameUnit, Hashable {
        var compoundNameID: Int
        var compoundNameCategory: String
        /// `category/name` lower-cased: the key of names by unit.
        var key: String
    }

    static func compose(_ language: LanguageSource, tree: SourceTree, structures: Structures) -> LanguageComposition {
        guard let categories = language.plurals?.categories, !categories.isEmpty else {
            return LanguageComposition(code: language.code, names: [], collisions: [])
        }
        // Hand-written names: complete rows only (as coverage counts them).
        var hand: [String: [PluralCategory: String]] = [:]
        var displayMatches: [PluralCategory: Int] = [:]
        for file in language.nameFiles {
            for row in file.rows {
                guard let display = row.display, categories.allSatisfy({ row.forms[$0] != nil }) else { continue }
                let forms = row.forms.mapValues(\.value)
                hand[(file.category + "/" + row.unit.value).lowercased()] = forms
                for category in categories where forms[category] == display.value { displayMatches[category, default: 0] += 1 }
            }
        }
        // The display name of a composed unit is the form the language's own
        // display names are most often equal to (CLDR's display name is the
        // `other` form in French, `few` in Polish): the data says which.
        let displayCategory = categories.max { (displayMatches[$0] ?? 0, $0 == .other ? 1 : 0) < (displayMatches[$1] ?? 0, $1 == .other ? 1 : 0) } ?? .other
        let patterns = CompoundPatterns(
            language.compoundPatterns.compactMap { row -> (key: CompoundPatternKey, form: String, pattern: String)? in
                var form = row.form.value
                if let (category, unit) = row.unitReference {
                    guard let id = structures.ids[(category + "/" + unit).lowercased()] else { return nil }
                    form = ([String(id)] + form.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2).map(String.init))
                        .joined(separator: "/")
                }
                return (row.key.value, form, row.pattern.value)
            })
        var composed: [String: [PluralCategory: String]] = [:]
        let composer = CompoundComposer<SourceUnit, Never>(categories: Set(categories), patterns: patterns) { unit in
            hand[unit.key] ?? composed[unit.key]
        }
        func forms(_ numerator: [CompoundPart<SourceUnit>], _ denominator: [CompoundPart<SourceUnit>]) -> [PluralCategory: String]? {
            var forms: [PluralCategory: String] = [:]
            for category in categories {
                guard let word = composer.name(numerator: numerator, denominator: denominator, plural: category) else { return nil }
                forms[category] = word
            }
            return forms
        }
        // The language's own names of prefixed units test the prefix
        // pattern on each base: where one does not end in the base's word
        // that the pattern puts after the prefix (Arabic `كيلومتر` in every
        // form, where `كيلو{0}` on the `few` form of `متر` makes `كيلوأمتار`;
        // Chinese `千焦`, not `千焦耳`), no prefixed name is composed on that
        // base. A prefix written otherwise before an intact base word
        // (Italian `kilowatt` beside the pattern's `chilowatt`, Arabic
        // `كيلو جول` with a space) is a spelling the language allows too.
        var disproven: Set<String> = []
        for (_, key) in structures.keyedUnits {
            guard let hand = hand[key], let (prefix, base) = structures.prefixed[key],
                let baseUnit = structures.unit(base), let derived = patterns.derivation(.plural, .prefix),
                patterns.prefixes[prefix.name] != nil, hand != forms([CompoundPart(unit: baseUnit, prefix: prefix.name)], [])
            else { continue }
            for category in categories {
                guard let word = composer.unitWord(baseUnit, plural: composer.plural(derived.second, category), grammaticalCase: nil),
                    hand[category]?.hasSuffix(word) == true
                else {
                    disproven.insert(base)
                    break
                }
            }
        }
        var names: [ComposedName] = []
        // Prefixed units first: a compound may be made of them (`kilogray per hour`).
        for (unit, key) in structures.keyedUnits where hand[key] == nil {
            guard let (prefix, base) = structures.prefixed[key], !disproven.contains(base),
                let baseUnit = structures.unit(base), let found = forms([CompoundPart(unit: baseUnit, prefix: prefix.name)], [])
            else { continue }
            composed[key] = found
            names.append(
                ComposedName(
                    unit: unit.key, display: found[displayCategory] ?? found[.other] ?? "", forms: found,
                    structure: .prefixed(prefix: prefix.name, base: base)))
        }
        for (unit, key) in structures.keyedUnits where hand[key] == nil && composed[key] == nil {
            for reading in structures.expressions[key] ?? []
            where !reading.parts.contains(where: { $0.prefix != nil && disproven.contains($0.unit) }) {
                // A part without a unit of its own (no stable id yet: an
                // error the checks report) makes no name.
                let parts = reading.parts.compactMap { part in
                    structures.unit(part.unit).map { CompoundPart(unit: $0, prefix: part.prefix?.name, power: abs(part.power)) }
                }
                guard parts.count == reading.parts.count, let found = forms(
                    zip(parts, reading.parts).filter { $0.1.power > 0 }.map(\.0),
                    zip(parts, reading.parts).filter { $0.1.power < 0 }.map(\.0))
                else { continue }
                composed[key] = found
                names.append(
                    ComposedName(
                        unit: unit.key, display: found[displayCategory] ?? found[.other] ?? "", forms: found,
                        structure: .expression(symbol: reading.symbol)))
                break
            }
        }
        let order = Dictionary(structures.keyedUnits.enumerated().map { ($1.unit.key, $0) }, uniquingKeysWith: { a, _ in a })
        names.sort { (order[$0.unit] ?? 0) < (order[$1.unit] ?? 0) }
        return dropCollisions(names, language: language)
    }

    /// Drops every composed name with a word (folded) that another unit has
    /// in the language: a hand-written word, symbol or synonym, or a word of
    /// another composed name (both are dropped then: neither is more right).
    static func dropCollisions(_ names: [ComposedName], language: LanguageSource) -> LanguageComposition {
        var owners: [UTF8Key: Owners] = [:]
        // In place where the word has owners already (the optional chain is nil where it has none).
        func own(_ word: UTF8Key, _ unit: String) {
            if owners[word]?.insert(unit) == nil { owners[word] = Owners(first: unit) }
        }
        for file in language.nameFiles {
            for row in file.rows {
                let key = file.category + "/" + row.unit.value
                for word in row.words { own(UTF8Key(BuildFolding.fold(word.value)), key) }
            }
        }
        // Each name's words and their keys, made once for both passes.
        let words = names.map { name in name.words.map { (word: $0, key: UTF8Key(BuildFolding.fold($0))) } }
        for (name, words) in zip(names, words) {
            for word in words { own(word.key, name.unit) }
        }
        var kept: [ComposedName] = []
        var collisions: [ComposedNameCollision] = []
        for (name, words) in zip(names, words) {
            // Units of one name in several categories (`kilogram per
            // cubic meter` of density and of mass concentration) share
            // their words in English already: no collision between them.
            let named = Self.unitName(name.unit)
            let clash = words.lazy.compactMap { word -> ComposedNameCollision? in
                guard let owners = owners[word.key], owners.count > 1 || !owners.contains(name.unit),
                    let other = owners.all.filter({ Self.unitName($0) != named }).sorted().first
                else { return nil }
                return ComposedNameCollision(unit: name.unit, word: word.word, other: other)
            }.first
            if let clash { collisions.append(clash) } else { kept.append(name) }
        }
        return LanguageComposition(code: language.code, names: kept, collisions: collisions)
    }

    /// The units (`category/name`) that have a word, each once: nearly
    /// always one, which a Set of its own per word allocated and hashed.
    struct Owners {
        var first: String
        var more: [String] = []

        mutating func insert(_ unit: String) {
            if unit != first, !more.contains(unit) { more.append(unit) }
        }

        var count: Int { 1 + more.count }
        func contains(_ unit: String) -> Bool { unit == first || more.contains(unit) }
        var all: [String] { [first] + more }
    }

    /// The name part of `category/name`, lower-cased.
    static func unitName(_ key: String) -> String {
        String(key.drop { $0 != "/" }.dropFirst()).lowercased()
    }

    /// The structures of the units, the same for every language.
    struct Structures: Sendable {
        struct Part: Sendable {
            /// The unit's key, lower-cased.
            var unit: String
            var prefix: UnitPrefix?
            var power: Int
        }

        struct Reading: Sendable {
            var symbol: String
            var parts: [Part]
        }

        var ids: [String: Int] = [:]
        /// `tree.units` and their keys lower-cased, made once for every language.
        var keyedUnits: [(unit: UnitRow, key: String)] = []
        var units: [String: SourceUnit] = [:]
        /// Unit key -> its prefix and its base's key (lower-cased).
        var prefixed: [String: (UnitPrefix, String)] = [:]
        /// Unit key -> its symbols read as expressions of the right factor, the
    /// fewest parts first, then in symbol order.
        var expressions: [String: [Reading]] = [:]

        func unit(_ key: String) -> SourceUnit? { units[key] }

        init(_ tree: SourceTree) {
            ids = Dictionary(
                tree.ids.filter { !$0.isRetired }.map { ($0.key.lowercased(), $0.id.value) }, uniquingKeysWith: { a, _ in a })
            keyedUnits = tree.units.map { ($0, $0.key.lowercased()) }
            for (unit, key) in keyedUnits {
                guard let id = ids[key] else { continue }
                units[key] = SourceUnit(compoundNameID: id, compoundNameCategory: unit.category, key: key)
            }
            let bases = BaseDimension.table(tree)
            // Prefixed units, paired as PrefixRule (E502) pairs them, and worth what the pair says.
            for file in tree.categoryFiles {
                let takers = file.units.compactMap { unit -> (UnitRow, Double)? in
                    guard !unit.prefixes.isEmpty, let factor = PrefixRule.factor(unit) else { return nil }
                    return (unit, factor)
                }
                for unit in file.units {
                    guard let declared = PrefixRule.factor(unit) else { continue }
                    let name = unit.name.value.lowercased()
                    for (base, factor) in takers {
                        let baseName = base.name.value.lowercased()
                        guard name.count > baseName.count, name.hasSuffix(baseName),
                            let prefix = UnitPrefix.named(String(name.dropLast(baseName.count))),
                            base.prefixes.contains(where: { $0.value == prefix.kind }),
                            abs(declared - prefix.factor * factor) <= NameComposition.tolerance * declared
                        else { continue }
                        prefixed[unit.key.lowercased()] = (prefix, base.key.lowercased())
                    }
                }
            }
            // Symbols read as expressions, as E501 reads them.
            let atoms = AtomUnits(tree)
            for unit in tree.units {
                // A unit of a one-word name (`dyne`, `poundal`) has a name of
                // its own, and a symbol spelling its definition (`g·cm/s²`) is
                // no name of it: English names only compounds as compounds.
                guard !unit.isInverse, unit.name.value.contains(where: { $0 == " " || $0 == "-" }),
                    let declared = PrefixRule.factor(unit), let base = bases[unit.category]
                else { continue }
                var readings: [Reading] = []
                for symbol in unit.symbols where AtomTable.spellsExpression(symbol.value) {
                    guard let expression = try? UnitExpression<String>.parse(symbol.value, resolve: { atoms.atoms[$0] != nil ? $0 : nil })
                    else { continue }
                    var factor = 1.0
                    var dimension = QuantityDimension.none
                    var parts: [Part] = []
                    var readable = true
                    for term in expression.canonicalTerms {
                        guard case .atom(let atom) = term.factor, let found = atoms.atoms[atom] else {
                            readable = false
                            break
                        }
                        factor *= UnitExpressionGrammar.power(found.factor, term.power)
                        dimension = dimension.multiplied(by: found.dimension, power: term.power)
                        parts.append(Part(unit: found.unit, prefix: found.prefix, power: term.power))
                    }
                    guard readable, parts.count > 1 || parts.first.map({ $0.power != 1 }) == true, dimension == base.dimension,
                        abs(declared - factor / base.scale) <= NameComposition.tolerance * declared
                    else { continue }
                    readings.append(Reading(symbol: symbol.value, parts: parts))
                }
                // The reading of fewest parts first: a unit the language names
                // as one (`acre-ft/d`: French `acres-pieds par jour`) before its
                // parts (`ac⋅ft/d`: `acres anglo-saxonnes-pieds par jour`), as the
                // runtime names the unit's parts.
                let ordered = readings.enumerated().sorted { ($0.element.parts.count, $0.offset) < ($1.element.parts.count, $1.offset) }
                if !ordered.isEmpty { expressions[unit.key.lowercased()] = ordered.map(\.element) }
            }
        }
    }

    /// Symbols as units (AtomTable's readings, with the unit each names): a
    /// symbol several units share is the highest priority's (then the lowest
    /// id's), a point on a scale is named as written (`°F` in
    /// `BTU/(h·ft·°F)`) and worth its difference unit, and a prefixed symbol
    /// no unit owns is the prefix on the unit that takes it.
    struct AtomUnits {
        struct Atom {
            var unit: String
            var prefix: UnitPrefix?
            var factor: Double
            var dimension: QuantityDimension
        }

        var atoms: [String: Atom] = [:]
        /// Prefixed spellings that two units' prefixed forms share with one
        /// value (no unit reading, but a factor and dimension E501 can use).
        var sharedValues: [String: (factor: Double, dimension: QuantityDimension)] = [:]

        init(_ tree: SourceTree) {
            let ids = Dictionary(tree.ids.map { ($0.key.lowercased(), $0.id.value) }, uniquingKeysWith: { a, _ in a })
            var values: [String: (Double, QuantityDimension)] = [:]
            for category in tree.categories {
                guard let base = BaseDimension.parse(category.dimension.value),
                    let file = tree.categoryFiles.first(where: { $0.key == category.key.value })
                else { continue }
                for unit in file.units {
                    if let factor = PrefixRule.factor(unit) { values[unit.key.lowercased()] = (factor * base.scale, base.dimension) }
                }
            }
            for relation in tree.relations where relation.kind.value == .difference {
                let point = relation.first.value.lowercased()
                if values[point] == nil, let difference = values[relation.second.value.lowercased()] { values[point] = difference }
            }
            var readings: [String: (atom: Atom, priority: Double, id: Int)] = [:]
            var prefixable: [(String, Atom, [UnitPrefix.Kind])] = []
            for unit in tree.units {
                let key = unit.key.lowercased()
                guard let (factor, dimension) = values[key] else { continue }
                let atom = Atom(unit: key, prefix: nil, factor: factor, dimension: dimension)
                let priority = unit.priority?.value ?? 0
                let id = ids[key] ?? Int.max
                for symbol in unit.symbols where !AtomTable.looksLikeExpression(symbol.value) {
                    if let kept = readings[symbol.value], (kept.priority, -kept.id) >= (priority, -id) { continue }
                    readings[symbol.value] = (atom, priority, id)
                    if !unit.prefixes.isEmpty, PrefixRule.factor(unit) != nil {
                        prefixable.append((symbol.value, atom, unit.prefixes.map(\.value)))
                    }
                }
            }
            for (symbol, reading) in readings { atoms[symbol] = reading.atom }
            var prefixed: [String: Atom?] = [:]
            // Of the spellings several prefixed forms share, those worth one value.
            var sameValue: [String: (factor: Double, dimension: QuantityDimension)] = [:]
            var valueDiffers: Set<String> = []
            for (symbol, atom, kinds) in prefixable {
                for prefix in UnitPrefix.all where prefix.isTaken(byKinds: Set(kinds)) {
                    for written in prefix.symbols where readings[written + symbol] == nil {
                        let value = Atom(unit: atom.unit, prefix: prefix, factor: atom.factor * prefix.factor, dimension: atom.dimension)
                        if let existing = prefixed[written + symbol] {
                            // Two units under one prefixed spelling: no reading.
                            if existing?.unit != value.unit || existing?.prefix != value.prefix {
                                if let first = existing ?? nil { sameValue[written + symbol] = (first.factor, first.dimension) }
                                if let kept = sameValue[written + symbol],
                                    kept.dimension != value.dimension || abs(kept.factor - value.factor) > 1e-12 * kept.factor
                                {
                                    valueDiffers.insert(written + symbol)
                                }
                                prefixed[written + symbol] = .some(nil)
                            }
                        } else {
                            prefixed[written + symbol] = value
                        }
                    }
                }
            }
            for (symbol, atom) in prefixed {
                if let atom {
                    atoms[symbol] = atom
                } else if let value = sameValue[symbol], !valueDiffers.contains(symbol) {
                    sharedValues[symbol] = value
                }
            }
        }
    }
}
