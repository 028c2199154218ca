import UnitpackCore
import UnitpackDatabase
import UnitpackSQLite
import UnitpackStore

/// The language a phrase is written in, as its words tell it: what decides
/// how `1.500` reads, which of two units of one spelling it means (`mil`:
/// the thousandth of an inch, the Polish genitive of `mila`), and which
/// language the answer is written in (docs/phrases.md, "The phrase's language").
extension PhraseReader {
    /// What the words of a phrase say of its language.
    struct PhraseLanguage {
        /// The asked languages that have every word of the phrase that
        /// belongs to some language: `1.500 Meter in Fuß` is de (`Fuß`), `1.500
        /// m in ft` is en, de and it (`in`; `m` and `ft` are every language's).
        /// Empty when the words are of no one language (`5 mètres in feet`).
        var languages: [String]
        /// The languages in which each unit was named by a word of the phrase.
        var named: [UnitID: Set<String>]
        /// The units each word of the phrase names, with the name's language
        /// (empty for a symbol of every language) and whether it is a symbol.
        var words: [[NameLanguage]]
        /// Whether each word names some unit in one of `languages`: most
        /// words do not (a symbol of every language), and a reading asks it
        /// of each word naming its units (`namedInPhraseLanguage`).
        var namesInLanguages: [Bool]

        /// Whether a word of the phrase named `unit` in one of `languages`.
        /// The codes compared as they are (a unit is named in a language or
        /// two, the phrase is of a few): `Set.isDisjoint` hashed each of
        /// `languages` at each ask (2,400 instructions of the 63,000 of a warm
        /// parse of `27 psi in bar`).
        func isNamedInItsLanguages(_ unit: UnitID) -> Bool {
            guard let named = named[unit] else { return false }
            return named.contains { languages.contains($0) }
        }
    }

    /// The phrase's language, from each word that is not a number: the
    /// languages of `words.tsv` that have it and those whose names or symbols
    /// it is (a symbol of every language says nothing), among `asked`; the
    /// languages every such word has, else (none has all) those the most
    /// words have, when that is more than one.
    /// Kept in the object cache by the asked languages and the folded words:
    /// a phrase is parsed again at each key typed and each target asked.
    func phraseLanguage(_ phrase: Phrase, words: NumberWords, asked: [String]) throws(UnitDatabaseError) -> PhraseLanguage {
        // Copied into one buffer: `String.append` of each word (a check of
        // the grapheme boundary at each) was a thirtieth of a parse.
        let prefix = database.languageKey(asked)
        let count = phrase.words.reduce(prefix.utf8.count + 1) { $0 + $1.folded.utf8.count + 1 }
        let text = Phrase.string(capacity: count) { buffer in
            var at = 0
            Phrase.copy(prefix, into: buffer, at: &at)
            buffer[at] = UInt8(ascii: "\t")
            at += 1
            for word in phrase.words {
                Phrase.copy(word.folded, into: buffer, at: &at)
                buffer[at] = 0x1F
                at += 1
            }
            return at
        }
        let key = ByteString(text)
        if let found = try database.withState({ state throws(UnitDatabaseError) in
            state.readerValue(kind: PhraseCacheKind.phraseLanguage.rawValue, key) as? PhraseLanguage
        }) {
            return found
        }
        let found = try readPhraseLanguage(phrase, words: words, asked: asked)
        try database.withState { state throws(UnitDatabaseError) in
            state.insertReaderValue(
                found, kind: PhraseCacheKind.phraseLanguage.rawValue, key, cost: ApproximateSize.ofPhraseLanguage(key, found))
        }
        return found
    }

    private func readPhraseLanguage(_ phrase: Phrase, words: NumberWords, asked: [String]) throws(UnitDatabaseError) -> PhraseLanguage {
        var common: Set<String>? = nil
        var named: [UnitID: Set<String>] = [:]
        var units: [[NameLanguage]] = []
        var votes: [String: Int] = [:]
        let askedSet = Set(asked)
        for word in phrase.words {
            units.append([])
            guard let first = word.text.unicodeScalars.first, NumberReader.digit(first) == nil else { continue }
            let folded = Self.trimmingPunctuation(word.folded)
            guard !folded.isEmpty else { continue }
            var found = Set(words.languages(folded: folded))
            if found.isEmpty, let pieces = words.split(folded: folded) {
                // einundzwanzig: the languages that have every piece.
                var pieceLanguages: Set<String>? = nil
                for piece in pieces {
                    let languages = Set(words.languages(folded: piece))
                    pieceLanguages = pieceLanguages.map { $0.intersection(languages) } ?? languages
                }
                found = pieceLanguages ?? []
            }
            let names = try nameLanguages(folded: folded)
            units[units.count - 1] = names
            for name in names where !name.language.isEmpty { named[name.unit, default: []].insert(name.language) }
            // A symbol of every language that is no phrase word says nothing
            // of the phrase's language, even where some languages also name a
            // unit by it (`g`: the gram's symbol, and German's and Ukrainian's
            // word for g-force). A phrase word keeps its say (`in`, a marker
            // and the inch; `mil`, Spanish for a thousand and Polish miles).
            if found.isEmpty, names.contains(where: { $0.isSymbol && $0.language.isEmpty }) { continue }
            // A name says which languages the word is of; a symbol says
            // nothing (`m`, `ft`: every language's, though some list them).
            for name in names where !name.isSymbol && !name.language.isEmpty { found.insert(name.language) }
            found.formIntersection(askedSet)
            guard !found.isEmpty else { continue }
            common = common.map { $0.intersection(found) } ?? found
            for language in found { votes[language, default: 0] += 1 }
        }
        // No language has every word (`o avião tá a 5.000 pés`: `o` is not
        // Portuguese's alone; `42,195 км у милях`: `у` Ukrainian's, `милях`
        // Russian's): the languages most of the words are of.
        if let none = common, none.isEmpty, let most = votes.values.max() {
            common = Set(votes.filter { $0.value == most }.keys)
        }
        let languages = asked.filter { common?.contains($0) ?? false }
        let inLanguages = units.map { names in names.contains { !$0.language.isEmpty && languages.contains($0.language) } }
        return PhraseLanguage(languages: languages, named: named, words: units, namesInLanguages: inLanguages)
    }

    /// A unit a word names, the language of the name (empty for a symbol
    /// of every language, from `units-src/`), and whether it is a symbol.
    struct NameLanguage {
        var unit: UnitID
        var language: String
        var isSymbol: Bool
        /// Another word for the unit (`names.kind` 2), often a short one (`ha`).
        var isSynonym = false
    }

    /// The units a folded word names, each with the language of the name;
    /// kept in the object cache, as `candidates` are (typing re-reads a phrase).
    func nameLanguages(folded: String) throws(UnitDatabaseError) -> [NameLanguage] {
        let key = ByteString(folded)
        return try database.withState { state throws(UnitDatabaseError) in
            if let names = state.readerValue(kind: PhraseCacheKind.nameLanguages.rawValue, key) as? [NameLanguage] { return names }
            var found: [NameLanguage] = []
            let path = database.path
            do {
                for entry in try state.names(of: folded, path: path) {
                    found.append(
                        NameLanguage(
                            unit: UnitID(rawValue: entry.unit), language: entry.language, isSymbol: entry.kind == NameKind.symbol.rawValue,
                            isSynonym: entry.kind == NameKind.synonym.rawValue))
                }
            } catch {
                throw UnitDatabase.typed(error, path: path)
            }
            state.insertReaderValue(
                found, kind: PhraseCacheKind.nameLanguages.rawValue, key, cost: ApproximateSize.ofNameLanguages(key, found))
            return found
        }
    }

    /// The readings in the order the phrase's language gives them, each with
    /// the languages that read its number so and the language to answer in:
    /// - a number that reads two ways (`1.500`) takes the reading of the
    ///   phrase's languages (all asked when its words decide nothing); when
    ///   they read it both ways, both stay, marked (`PhraseResult.ambiguity`);
    /// - a reading whose units the phrase's words name in its language comes
    ///   before one whose units they name only in another (`10 mil na
    ///   kilometry`: the Polish mile before the mil);
    /// - the language of the names read is the phrase's when its words
    ///   decide one (`10 libras em quilogramas`: pt, not es).
    func ordered(_ readings: consuming [PhraseReading], _ phrase: Phrase, words: NumberWords, asked: [String])
        throws(UnitDatabaseError) -> [PhraseReading]
    {
        // Symbols alone (`27 psi in bar`) in one language leave nothing to decide.
        guard asked.count > 1 || readings.contains(where: { $0.separator != nil || $0.language != nil }) else { return readings }
        let found = try phraseLanguage(phrase, words: words, asked: asked)
        let deciding = found.languages.isEmpty ? asked : found.languages
        // Only a number that reads two ways asks for the languages' separators.
        var decimals: [String: Character] = [:]
        if readings.contains(where: { $0.separator != nil }) {
            for code in deciding { decimals[code] = try database.language(code).numbers.decimal.first ?? "." }
        }
        if !found.languages.isEmpty {
            // Made only when a reading has another (most have none).
            var all: [PhraseReading]?
            // Readings share their units: each unit's answer is found once.
            // A list: a parse has a few readings of a few units, and a
            // Dictionary's first insert (its storage's generic metadata
            // looked up) cost more than the search.
            var named: [(id: UnitID, answer: (unit: MeasureUnit, language: String)?)] = []
            // Room for a reading's unit and target at once (grown twice a parse).
            named.reserveCapacity(4)
            // The unit named in the phrase's language before the one named in another.
            for (index, reading) in readings.enumerated() {
                if let other = try inPhraseLanguage(reading, found, phrase, &named) {
                    if all == nil {
                        all = Array(readings[..<index])
                        all?.reserveCapacity(2 * readings.count)
                    }
                    all?.append(other)
                }
                all?.append(reading)
            }
            if let all { readings = all }
        }
        // Each reading marked in place, its rank kept beside it: a copy of
        // each reading in and out of a list of ranks (tuples, copied by the
        // runtime's generic witnesses) was a twentieth of a warm parse.
        var ranked: [(rank: (Int, Int, Int, Int, Int), index: Int)] = []
        ranked.reserveCapacity(readings.count)
        for index in readings.indices {
            var separatorRank = 0
            if let separator = readings[index].separator {
                readings[index].separatorLanguages = deciding.filter { decimals[$0].map(separator.agrees(withDecimal:)) ?? false }
                // Read so by no language of the phrase: kept, last.
                let agreeing = readings[index].separatorLanguages
                separatorRank = agreeing.isEmpty ? asked.count : asked.firstIndex(of: agreeing[0]) ?? 0
            }
            var namedRank = 0
            if !found.languages.isEmpty, found.languages.count < asked.count {
                // The units the phrase's languages do not name (counted, no list made).
                func unnamed(_ unit: MeasureUnit) -> Int { found.isNamedInItsLanguages(unit.id) ? 0 : 1 }
                namedRank = readings[index].targets.reduce(unnamed(readings[index].from)) { $0 + unnamed($1) }
            }
            // `libras` is Spanish and Portuguese; with `em` the phrase is Portuguese.
            // Symbols alone name no language (`5 km in m`), whatever the markers.
            if let language = readings[index].language, !found.languages.isEmpty, !found.languages.contains(language) {
                readings[index].language = found.languages[0]
            }
            // Readings as written stay before readings fitted to the other unit.
            let fit = readings[index].fit
            let fitRank = fit == .asWritten || fit == .difference ? 0 : 1
            // A unit converted to itself is no question anyone asks: `1升は何リットル`
            // is the shō in litres (ja), not the litre (zh 升) in litres.
            let selfRank = readings[index].targets == [readings[index].from] ? 1 : 0
            // Fewer guesses: more of the text read as written.
            ranked.append(((fitRank, selfRank, readings[index].guesses.count, separatorRank, namedRank), index))
        }
        // One reading (most phrases): nothing to sort, its list given back.
        if readings.count == 1 { return readings }
        ranked.sort {
            ($0.rank.0, $0.rank.1, $0.rank.2, $0.rank.3, $0.rank.4, $0.index) < ($1.rank.0, $1.rank.1, $1.rank.2, $1.rank.3, $1.rank.4, $1.index)
        }
        return ranked.map { readings[$0.index] }
    }

    /// `reading` with its units read in the phrase's language, where a word
    /// names one only in another language: `mil` in `10 mil na kilometry`
    /// and `5 km do mil` is the mil (a symbol of every language, which
    /// outranks names) and the Polish mile, and the phrase is Polish. Nil when
    /// no word gives such a unit of the same category; a value of several
    /// parts keeps its units.
    private func inPhraseLanguage(
        _ reading: PhraseReading, _ found: PhraseLanguage, _ phrase: Phrase,
        _ named: inout [(id: UnitID, answer: (unit: MeasureUnit, language: String)?)]
    ) throws(UnitDatabaseError) -> PhraseReading? {
        func inLanguage(_ unit: MeasureUnit) throws(UnitDatabaseError) -> (unit: MeasureUnit, language: String)? {
            if let known = named.first(where: { $0.id == unit.id }) { return known.answer }
            let answer = try namedInPhraseLanguage(unit, found, phrase)
            named.append((unit.id, answer))
            return answer
        }
        // What changes, found before the reading is copied (most readings: nothing).
        let source = reading.parts.count == 1 ? try inLanguage(reading.from) : nil
        var target: (unit: MeasureUnit, language: String)?
        if reading.targets.count == 1, let unit = try inLanguage(reading.targets[0]),
            unit.unit.category == (source?.unit ?? reading.from).category
        {
            target = unit
        }
        guard source != nil || target != nil else { return nil }
        var other = reading
        if let source {
            other.from = source.unit
            other.parts = [PhraseQuantity(value: reading.value, unit: source.unit, significantDigits: reading.parts[0].significantDigits)]
            other.language = source.language
        }
        if let target {
            other.targets = [target.unit]
            other.language = other.language ?? target.language
        }
        return other
    }

    /// The unit of `unit`'s category that a word naming `unit` names in the
    /// phrase's language, when `unit` is named in none of its languages.
    private func namedInPhraseLanguage(_ unit: MeasureUnit, _ found: PhraseLanguage, _ phrase: Phrase) throws(UnitDatabaseError)
        -> (unit: MeasureUnit, language: String)?
    {
        guard !found.isNamedInItsLanguages(unit.id) else { return nil }
        // Most units have no such other unit: known before the longer names
        // around each word are looked up (a fifth of a parse when asked first).
        func other(at index: Int) throws(UnitDatabaseError) -> (unit: MeasureUnit, language: String)? {
            guard found.namesInLanguages[index] else { return nil }
            // A symbol written exactly (`m`) is not another unit's symbol in
            // the phrase's language matched ignoring case (`M`, the Spanish
            // nautical mile): `1.70 m en pies` is metres.
            let exact = unit.symbols.contains(Self.trimmingPunctuation(phrase.words[index].text))
            for name in found.words[index] where name.unit != unit.id && found.languages.contains(name.language) && !(exact && name.isSymbol) {
                let other = try database.unit(name.unit)
                if other.category == unit.category { return (other, name.language) }
            }
            return nil
        }
        var any = false
        for (index, names) in found.words.enumerated() where names.contains(where: { $0.unit == unit.id }) {
            if try other(at: index) != nil {
                any = true
                break
            }
        }
        guard any else { return nil }
        for (index, names) in found.words.enumerated() where names.contains(where: { $0.unit == unit.id }) {
            // `1 metric ton in kg`: `ton` is the Polish genitive of the tonne
            // and the English short ton, but the tonne was read from `metric
            // ton`, an English name: the phrase's language names it already.
            if try namedByLongerName(unit, around: index, phrase, found) { return nil }
            if let found = try other(at: index) { return found }
        }
        return nil
    }
}

extension PhraseReader {
    /// Whether a run of two or three of the phrase's words around the word at
    /// `index` is a name of `unit` in one of the phrase's languages
    /// (`found.languages`, which counts single words only).
    func namedByLongerName(_ unit: MeasureUnit, around index: Int, _ phrase: Phrase, _ found: PhraseLanguage) throws(UnitDatabaseError)
        -> Bool
    {
        let words = phrase.words
        for start in max(0, index - 2)...index {
            for end in (index + 1)...min(words.count, start + 3) where end - start >= 2 {
                let folded = Self.trimmingPunctuation(Phrase.joined(words[start..<end], folded: true))
                for name in try nameLanguages(folded: folded) where name.unit == unit.id && found.languages.contains(name.language) {
                    return true
                }
            }
        }
        return false
    }
}

/// The phrase reader's entries in the database's object cache
/// (`CachedKey.reader`), each with its own key space.
enum PhraseCacheKind: UInt8 {
    /// What a phrase's words say of its language, by the asked languages and the folded words.
    case phraseLanguage = 1
    /// The languages of the names a folded word is.
    case nameLanguages = 2
    /// The scales' symbols (`PhraseReader.scaleSymbols()`), under the empty key.
    case scaleSymbols = 3
}
