import UnitpackCore
import UnitpackSQLite
import UnitpackStore

/// One unit of a compound unit's name: the unit, an SI or binary prefix
/// (its name: `kilo`, `kibi`) and a power from 1 to 3. The naming itself is
/// `CompoundComposer` (UnitpackCore), which the compiler shares.
public typealias CompoundNamePart = CompoundPart<MeasureUnit>

extension MeasureUnit: CompoundNameUnit {
    /// The unit's id, by which composed names are keyed.
    public var compoundNameID: Int { id.rawValue }
    /// The unit's category key.
    public var compoundNameCategory: String { category }
}

extension CompoundPatterns {
    init(_ rows: [CompoundRow]) {
        self.init(rows.map { (key: $0.key, form: $0.form, pattern: $0.pattern) })
    }
}

extension UnitDatabase {
    /// The name of the compound unit `numerator` / `denominator` after the
    /// number `count`, in `language`, built from its units' names and the
    /// language's patterns (`compounds.tsv`) as CLDR's compound units are
    /// (UTS #35 part 6, "Compound Units"): `50 pound-force feet`,
    /// `2 kilograms per cubic meter`, `1 watt per meter kelvin`,
    /// `3 грамма на литр`. The plural category is that of `count` as
    /// `format` shows it (six significant digits); the derivations say which
    /// category and case each part takes (the first part of a quotient the
    /// count's, the second the singular; in Russian the second is in the
    /// accusative after `на`), and a power's word agrees with its unit's
    /// gender.
    ///
    /// - Returns: nil when the language lacks a pattern, a derivation, a
    ///   unit's gender or a word form the name needs (a partial language
    ///   that does not name a unit, a case CLDR does not give): the caller
    ///   then writes symbols. Never a word of another language or a guessed
    ///   form. Nil too for an empty numerator, a power outside 1...3 and an
    ///   unknown prefix.
    /// - Throws: `.unknownLanguage`, and `.damaged` when the language's rows
    ///   are damaged or fewer than its `languages` row states.
    public func compoundName(
        numerator: [CompoundNamePart], denominator: [CompoundNamePart] = [], count: Double, language code: String
    ) throws(UnitDatabaseError) -> String? {
        try withState { state throws(UnitDatabaseError) in
            let language = try loadLanguage(code, state)
            guard !numerator.isEmpty, (numerator + denominator).allSatisfy({ (1...3).contains($0.power) }) else { return nil }
            let patterns = try compoundPatterns(language.code, state)
            let number = LocalizedNumberFormatting.format(count, symbols: language.numbers)
            let composer = CompoundComposer<MeasureUnit, UnitDatabaseError>(
                categories: Set(language.plurals.categories), patterns: patterns
            ) { unit throws(UnitDatabaseError) in
                guard let names = try self.loadNames(unit, language.code, state), names.language == language.code else { return nil }
                return names.forms
            }
            return try composer.name(
                numerator: numerator, denominator: denominator, plural: language.pluralCategory(of: number))
        }
    }

    /// The `compounds` rows of a language, with its `languages` row, which
    /// counts them: a row lost to damage is an error, not a name left out.
    func compoundPatterns(_ code: String, _ state: State) throws(UnitDatabaseError) -> CompoundPatterns {
        if case .compounds(let patterns)? = state.objects.value(for: .compounds(code)) { return patterns }
        let path = path
        var rows: [CompoundRow] = []
        do {
            let query = try state.prepare(
                """
                SELECT \(DatabaseFormat.selectList(of: "languages", as: "l")), \(DatabaseFormat.selectList(of: "compounds", as: "c"))
                FROM languages l LEFT JOIN compounds c ON c.lang = l.code WHERE l.code = ?
                """)
            let decoder = RowDecoder(statement: query, path: path)
            let column = Int32(DatabaseFormat.columns(of: "languages").count + 1)
            try query.bind(.text(code), at: 1)
            var stated: Int?
            while try query.step() {
                if stated == nil {
                    let row = try decoder.languageCompoundCount(at: 0)
                    guard row.code == code else { throw decoder.damaged(.wrongKey(table: "languages", asked: code, found: row.code)) }
                    stated = row.compoundRows
                }
                if query.isNull(at: column) { continue }
                let row = try decoder.compound(at: column)
                guard row.lang == code else { throw decoder.damaged(.wrongKey(table: "compounds", asked: code, found: row.lang)) }
                rows.append(row)
            }
            guard let stated else { throw decoder.damaged(.missingRow(table: "languages", key: code, namedBy: nil)) }
            guard stated == rows.count else { throw decoder.damaged(.countMismatch(table: "compounds", key: code, found: rows.count, stated: stated)) }
        } catch {
            throw Self.typed(error, path: path)
        }
        let patterns = CompoundPatterns(rows)
        state.objects.insert(.compounds(patterns), for: .compounds(code), cost: ApproximateSize.of(patterns))
        return patterns
    }
}

