import UnitpackCore

/// Names that mean other units in other countries (`units-src/relations.tsv`,
/// kind `regional`): in Britain a pint is the imperial pint, 20 % larger than
/// the US pint that the bare English word names everywhere else.
extension UnitDatabase {
    /// The unit that `unit`, read from `words`, means to a reader in
    /// `region`: the `regional` relation's other unit when one names the
    /// region and the words do not say what sets `unit` apart; nil when the
    /// unit reads the same there.
    ///
    /// What sets a unit apart is a word of its display name that the other
    /// unit's display name lacks (`US` in `US pint` against `imperial pint`),
    /// in English and in `language`: `2 pints` in GB is imperial, `2 US
    /// pints` stays US. Words are compared folded; an inflected form counts
    /// when it shares all but the last three letters and at least four
    /// (`американские` for `американская`).
    public func regionalReading(of unit: MeasureUnit, words: String, region: String, language: String? = nil)
        throws(UnitDatabaseError) -> MeasureUnit?
    {
        guard let row = try relations().regional.first(where: { $0.unit == unit.id && $0.regions.contains(region) })
        else { return nil }
        let reading = try relatedUnit(row.reading)
        let typed = Self.words(of: words)
        for code in Set([Self.fallbackLanguage] + (language.map { [$0] } ?? [])) {
            let own = try displayWords(of: unit, in: code)
            let other = try displayWords(of: reading, in: code)
            let qualifiers = own.filter { word in !other.contains(word) }
            if qualifiers.contains(where: { qualifier in typed.contains { Self.sameWord($0, qualifier) } }) { return nil }
        }
        return reading
    }

    /// The folded words of `unit`'s display name in `language` (English: the
    /// unit's name), nil-safe for a language that does not name it.
    private func displayWords(of unit: MeasureUnit, in language: String) throws(UnitDatabaseError) -> [String] {
        let display: String
        if language == Self.fallbackLanguage {
            display = unit.name
        } else {
            do {
                display = try names(of: unit, in: language).display
            } catch .unknownLanguage {
                return []
            }
        }
        return Self.words(of: display)
    }

    static func words(of text: String) -> [String] {
        TextFolding.fold(text).split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// `typed` is `qualifier` or an inflected form of it: equal, or sharing a
    /// prefix of all but the qualifier's last three letters, at least four.
    static func sameWord(_ typed: String, _ qualifier: String) -> Bool {
        if typed == qualifier { return true }
        let need = max(4, qualifier.count - 3)
        guard typed.count >= need, qualifier.count >= need else { return false }
        return typed.prefix(need) == qualifier.prefix(need)
    }
}

extension UnitDatabase {
    /// The unit `unit`'s own words name in everyday phrases (`relations.tsv`,
    /// `everyday`: the food calorie for the calorie), and the languages whose
    /// words are read so (empty: every language); nil when none does.
    public func everydayReading(of unit: MeasureUnit) throws(UnitDatabaseError) -> (unit: MeasureUnit, languages: [String])? {
        guard let row = try relations().everyday.first(where: { $0.unit == unit.id }) else { return nil }
        return (try relatedUnit(row.reading), row.languages)
    }

    /// Every `everyday` row: the unit, the unit its words read as, and the
    /// languages of those words (empty: every language). One read of the
    /// relations a parse, which then asks the rows, not the database.
    package func everydayRows() throws(UnitDatabaseError) -> [EverydayRow] {
        try relations().everyday
    }
}
