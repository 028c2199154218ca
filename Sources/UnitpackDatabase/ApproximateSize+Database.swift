import UnitpackCore
import UnitpackStore

/// The database's cached values, costed as `ApproximateSize` (UnitpackCore) says.
extension ApproximateSize {
    /// The stored fields of a unit (`MeasureUnit`'s shared object), as a
    /// struct of the same fields lays them out.
    static let unitFieldsStride = MemoryLayout<(UnitID, String, String, [String], Conversion, Double, MeasurementSystem, Int, UnitFlags, String?)>.stride

    static func of(_ unit: MeasureUnit) -> Int {
        // The value boxed in CachedObject (a reference) and the object it
        // refers to: the fields (`MeasureUnit.Storage`) behind a header.
        var bytes = allocation(objectHeader + MemoryLayout<MeasureUnit>.stride) + allocation(objectHeader + unitFieldsStride)
            + of(unit.name) + of(unit.category)
            + of(unit.symbols)
        if case .formulas(let toBase, let fromBase) = unit.conversion {
            bytes += of(toBase.expression) + of(fromBase.expression)
        }
        return bytes
    }

    static func of(_ names: LocalizedNames) -> Int {
        let forms = dictionary(count: names.forms.count, keyStride: 1, valueStride: 16)
            + names.forms.values.reduce(0) { $0 + of($1) }
        let patterns = names.patterns.isEmpty ? 0 : dictionary(count: names.patterns.count, keyStride: 2, valueStride: 16)
            + names.patterns.values.reduce(0) { $0 + of($1) }
        return allocation(objectHeader + MemoryLayout<LocalizedNames>.stride) + of(names.language)
            + of(names.display) + of(names.symbol) + forms + patterns + (names.composedFrom.map { of($0) } ?? 0)
            + dictionary(count: names.countedCaseForms.count, keyStride: 1, valueStride: 8)
            + names.countedCaseForms.values.reduce(0) { $0 + of($1) }
    }

    static func of(_ language: Language) -> Int {
        var rules = allocation(objectHeader + MemoryLayout<PluralRules.Rule>.stride * language.plurals.rules.count)
        for rule in language.plurals.rules {
            rules += allocation(objectHeader + 8 * rule.condition.count)
            for conjunction in rule.condition {
                rules += allocation(objectHeader + MemoryLayout<PluralRules.Relation>.stride * conjunction.count)
                for relation in conjunction {
                    rules += allocation(objectHeader + 16 * relation.ranges.count)
                }
            }
        }
        // The numbering systems: latn's and a native one's symbols, digits and regions.
        var numbering = of(language.numbering.latn.minusSign) + of(language.longPattern) + of(language.shortPattern)
        if let native = language.numbering.native {
            numbering += of(native.name) + of(native.symbols.decimal) + of(native.symbols.group)
                + of(native.symbols.minusSign) + allocation(objectHeader + 16 * 10)
                + allocation(objectHeader + 16 * language.numbering.latnRegions.count)
                + dictionary(count: language.numbering.regionSeparators.count, keyStride: 16, valueStride: 32)
        }
        numbering += dictionary(count: language.numbering.regionGrouping.count, keyStride: 16, valueStride: 24)
        return allocation(objectHeader + MemoryLayout<Language>.stride) + of(language.code) + of(language.name) + of(language.numbers.decimal)
            + of(language.numbers.group) + rules + numbering
    }

    static func of(_ words: NumberWords) -> Int {
        let table = words.table
        var bytes = MemoryLayout<NumberWords>.stride + allocation(objectHeader + MemoryLayout<NumberWords.Tables>.stride)
            + allocation(objectHeader + table.bytes.count)
            + allocation(objectHeader + MemoryLayout<WordTable.Entry>.stride * table.entries.count)
            + allocation(objectHeader + MemoryLayout<NumberWords.Meaning>.stride * table.meanings.count)
            + allocation(objectHeader + 8 * table.languageSets.count)
            + allocation(objectHeader + 4 * table.slots.count)
        if !words.prefixes.isEmpty {
            bytes += allocation(objectHeader + MemoryLayout<(String, Double)>.stride * words.prefixes.count)
            for prefix in words.prefixes { bytes += of(prefix.word) }
        }
        if !words.attached.isEmpty { bytes += of(words.attached) }
        // The sets of folded words, each a small table of its own.
        bytes += words.prefixWords.approximateBytes + words.contextOpenings.approximateBytes + words.minusOpenings.approximateBytes
        // Which token starts may split into numbers (two scalars packed, or one).
        bytes += allocation(objectHeader + 8 * words.splitStarts.count)
            + dictionary(count: words.splittableScalars.count, keyStride: 4, valueStride: 0)
        bytes += of(words.languageCodes)
        // The expression words: a set and two dictionaries of a few words.
        let expression = words.expression
        bytes += dictionary(count: expression.per.count, keyStride: 16, valueStride: 0)
            + dictionary(count: expression.powerBefore.count, keyStride: 16, valueStride: 8)
            + dictionary(count: expression.powerAfter.count, keyStride: 16, valueStride: 8)
        for word in Array(expression.per) + Array(expression.powerBefore.keys) + Array(expression.powerAfter.keys) {
            bytes += of(word)
        }
        return bytes
    }

    static func of(_ patterns: CompoundPatterns) -> Int {
        var bytes = allocation(objectHeader + MemoryLayout<CompoundPatterns>.stride)
        for rows in Array(patterns.inflected.values) + Array(patterns.perByCategory.values) {
            bytes += dictionary(count: rows.count, keyStride: MemoryLayout<CompoundPatternForm>.stride, valueStride: 16)
            for (form, pattern) in rows { bytes += of(pattern) + of(form.gender ?? "") + of(form.grammaticalCase ?? "") }
        }
        bytes += dictionary(count: patterns.prefixes.count, keyStride: 16, valueStride: 16)
        for (name, pattern) in patterns.prefixes { bytes += of(name) + of(pattern) }
        bytes += dictionary(count: patterns.derivations.count, keyStride: 16, valueStride: MemoryLayout<CompoundDerivation>.stride)
        bytes += dictionary(count: patterns.genders.count, keyStride: 8, valueStride: 16)
        for gender in patterns.genders.values { bytes += of(gender) }
        bytes += dictionary(count: patterns.cases.count, keyStride: 16, valueStride: 16)
        for (key, word) in patterns.cases { bytes += of(key) + of(word) }
        return bytes
    }

    static func of(_ table: DimensionTable) -> Int {
        // Each entry: its key, and a dictionary of a few bases; the index by key.
        allocation(objectHeader + MemoryLayout<DimensionTable.Entry>.stride * table.entries.count)
            + table.entries.reduce(0) { total, entry in
                total + of(entry.category)
                    + allocation(objectHeader + 48 * max(entry.dimension.exponents.count, 1))
                    + entry.dimension.exponents.keys.reduce(0) { $0 + of($1) }
            }
            + allocation(objectHeader + 48 * table.entries.count)
    }

    /// A cached expression: its key's string, the boxed optional array and its units.
    static func ofExpression(_ key: CachedKey, _ units: [MeasureUnit]?) -> Int {
        guard case .expression(let text) = key else { return 0 }
        return of(text.string) + allocation(objectHeader + 16)
            + (units.map { $0.reduce(allocation(objectHeader + MemoryLayout<MeasureUnit>.stride * $0.count)) { $0 + of($1) } } ?? 0)
    }

    /// A category's cached `clusters` rows: the array, each row's usage and
    /// region strings and parts, and the key.
    static func of(_ rows: [ClusterRow], key: String) -> Int {
        allocation(objectHeader + MemoryLayout<ClusterRow>.stride * rows.capacity) + of(key)
            + rows.reduce(0) { total, row in
                total + of(row.usage) + of(row.region)
                    + (row.parts.isEmpty ? 0 : allocation(objectHeader + MemoryLayout<UnitID>.stride * row.parts.capacity))
            }
    }

    static func of(_ table: RelationTable) -> Int {
        func array<Element>(_ elements: [Element]) -> Int {
            elements.isEmpty ? 0 : allocation(objectHeader + MemoryLayout<Element>.stride * elements.capacity)
        }
        return allocation(objectHeader + MemoryLayout<RelationTable>.stride) + array(table.differences)
            + array(table.differenceSides) + array(table.also) + array(table.same) + array(table.regional) + array(table.everyday)
            + table.differenceSides.reduce(0) { $0 + of($1.absolute) + of($1.difference) }
            + table.same.reduce(0) { $0 + of($1.first) + of($1.second) }
    }

    /// A cached lookup: its key's string, the boxed value and its id array
    /// (the language code is short enough to be inline).
    /// A cached answer of whether a name starts with some words: its key's
    /// string and the boxed flag.
    static func ofNameStart(_ words: ByteString) -> Int {
        of(words.string) + allocation(objectHeader + MemoryLayout<Bool>.stride)
    }

    /// A block of names: its text and its index of keys (two arrays), its
    /// bounds and the boxed value.
    static func of(_ block: NameBlock) -> Int {
        allocation(objectHeader + MemoryLayout<NameBlock>.stride) + of(block.first) + (block.next.map { of($0) } ?? 0)
            + allocation(objectHeader + block.arrayBytes.text) + allocation(objectHeader + block.arrayBytes.index)
    }

    /// `left_out_names` as a dictionary of folded words to unit keys.
    static func ofLeftOutNames(_ names: [String: [String]]) -> Int {
        var size = allocation(objectHeader + 3 * 8 * max(names.count, 1) * 2)
        for (word, keys) in names {
            size += of(word) + allocation(objectHeader + 16 * keys.count) + keys.reduce(0) { $0 + of($1) }
        }
        return size
    }

    static func ofPrefixWords(_ key: CachedKey, _ words: [UnitDatabase.PrefixWord]) -> Int {
        guard case .prefixWords(let languages) = key else { return 0 }
        var size = of(languages) + allocation(objectHeader + MemoryLayout<UnitDatabase.PrefixWord>.stride * max(words.count, 1))
        for word in words { size += of(word.word) }
        return size
    }

    static func ofCandidates(_ key: CachedKey, count: Int) -> Int {
        guard case .candidates(let text) = key else { return 0 }
        // The units' texts are the units' own (shared with their entries):
        // a unit costs its inline bytes here.
        return of(text.string) + allocation(objectHeader + MemoryLayout<([MeasureUnit], String?, Bool, String?)>.stride)
            + (count == 0 ? 0 : allocation(objectHeader + MemoryLayout<MeasureUnit>.stride * count))
    }
}
