/// A property that must hold for any input, checked by libFuzzer
/// (`Scripts/fuzz TARGET`) and replayed from `Fuzz/corpus/TARGET/` by the
/// tests. A crash, a trap or a returned failure is a bug: the input goes to
/// the corpus once fixed, so that it is replayed for good.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `Formula(parsing:)`: what parses prints canonically and parses back equal.
    case formula
    /// `SearchKey.normalize`: idempotent, its fast path agrees with the full
    /// one, and it empties only a blank text.
    case searchKey = "search-key"
    /// `NumberReader.readings`: readings within the text, one length, no NaN.
    case numberReader = "number-reader"
    /// `PluralRules.parse` and the category of a number.
    case pluralRules = "plural-rules"
    /// A whole `search.pack` (CRCs made right, so that the fuzzer gets past
    /// them): open, search, verify throw `SearchPackError` or work, and the
    /// budget holds.
    case searchPack = "search-pack"
    /// An inflated shard in a pack of its own: decoding throws or works.
    case searchShard = "search-shard"
    /// A shard's compressed stream (raw deflate data) in a pack of its own:
    /// answers as zlib's bytes of it do, refused as damaged when zlib refuses it.
    case shardStream = "shard-stream"
    /// A unit file (`units-src/length.tsv`) in a valid tree: every diagnostic
    /// located inside the file.
    case unitFile = "unit-file"
    /// A names file (`locales/en/length.tsv`) in a valid tree: the same.
    case namesFile = "names-file"
    /// `units-src/categories.tsv`, the same.
    case categoriesFile = "categories-file"
    /// `units-src/ids.tsv`, the same.
    case idsFile = "ids-file"
    /// `locales/ru/language.tsv`, the same.
    case languageFile = "language-file"
    /// `locales/ru/words.tsv` (number and phrase words), the same.
    case wordsFile = "words-file"
    /// `units-src/relations.tsv` (related units and categories), the same.
    case relationsFile = "relations-file"
    /// `UnitDatabase.parse` of a phrase, on the repository's database.
    case phrase
    /// Quantity phrases built from pieces (numbers, units, markers, unknown
    /// words): each ends within `PhraseReader.workLimit` steps (issue 37).
    case quantityPhrase = "quantity-phrase"
    /// `GenerationManifest.parse` (`dist/manifest.tsv`): a manifest or a
    /// located error; what parses renders and parses back the same.
    case manifest
    /// A whole `units.sqlite`, as given and with its row checksums re-stamped:
    /// open, verify, lookups, conversions, names and phrases throw
    /// `UnitDatabaseError` or work, and answer sanely.
    case database
    /// `UnitExpression.parse` (docs/expressions.md): powers and ranges within
    /// bounds; what parses prints canonically and parses back to the same terms.
    case expression
    /// `SearchPack.search` of any text on the repository's pack, forgiving
    /// search included: answers within the limit, found-as-typed matches
    /// start with the query and come first, the budget holds.
    case searchQuery = "search-query"

    /// Checks the property on `input`; the failure, or nil when it holds.
    public func check(_ input: [UInt8], in context: FuzzContext) -> String? {
        switch self {
        case .formula: FormulaProperties.check(input)
        case .searchKey: SearchKeyProperties.check(input)
        case .numberReader: NumberReaderProperties.check(input)
        case .pluralRules: PluralRulesProperties.check(input)
        case .searchPack: SearchPackProperties.checkPack(input, in: context)
        case .searchShard: SearchPackProperties.checkShard(input, in: context)
        case .shardStream: ShardStreamProperties.check(input, in: context)
        case .unitFile: SourceProperties.check(input, as: "units-src/length.tsv", in: context)
        case .namesFile: SourceProperties.check(input, as: "locales/en/length.tsv", in: context)
        case .categoriesFile: SourceProperties.check(input, as: "units-src/categories.tsv", in: context)
        case .idsFile: SourceProperties.check(input, as: "units-src/ids.tsv", in: context)
        case .languageFile: SourceProperties.check(input, as: "locales/ru/language.tsv", in: context)
        case .wordsFile: SourceProperties.check(input, as: "locales/ru/words.tsv", in: context)
        case .relationsFile: SourceProperties.check(input, as: "units-src/relations.tsv", in: context)
        case .phrase: PhraseProperties.check(input, in: context)
        case .quantityPhrase: QuantityPhraseProperties.check(input, in: context)
        case .manifest: ManifestProperties.check(input)
        case .database: DatabaseProperties.check(input, in: context)
        case .expression: ExpressionProperties.check(input)
        case .searchQuery: SearchQueryProperties.check(input, in: context)
        }
    }
}
