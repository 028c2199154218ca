import Testing
import UnitpackCore

/// `Fixtures/valid` with exactly one kind of mistake, and the one diagnostic
/// code `check` must answer it with. Its directory holds only what differs
/// from `valid/` (`BrokenTrees`).
struct BrokenFixture: Sendable, CustomTestStringConvertible {
    var name: String
    var code: DiagnosticCode
    /// What is wrong, for people reading a failure.
    var mistake: String

    /// The fixture's directory in the repository: what differs from `valid/`.
    var source: String { Paths.fixture("broken/" + name) }
    /// The whole source tree to run in.
    func tree() throws -> String { try BrokenTrees.tree(name) }
    /// The exact stderr of `unitpack check --source .` run in `tree()`.
    var golden: String { source + "/expected.txt" }
    var isWarningOnly: Bool { code.rawValue.hasPrefix("W") }
    var expectedStatus: Int32 { isWarningOnly ? 0 : 1 }
    /// `check` prints its summary on stdout only when it succeeds.
    var expectedStdout: String { isWarningOnly ? "ok: 8 units in 3 categories\n" : "" }
    var testDescription: String { "\(code.rawValue) \(name)" }

    init(_ name: String, _ code: DiagnosticCode, _ mistake: String) {
        self.name = name
        self.code = code
        self.mistake = mistake
    }

    static let all: [BrokenFixture] = [
        // Reading files
        .init("unreadable-file", .unreadableFile, "units-src/volume.tsv is a directory"),
        .init("invalid-utf8", .invalidUTF8, "a Latin-1 µ (byte B5) in a symbol of length.tsv"),
        .init("byte-order-mark", .byteOrderMark, "length.tsv starts with EF BB BF"),
        .init("crlf-line-endings", .crlfLineEndings, "time.tsv has CRLF line endings (a warning: check passes)"),
        .init("wrong-column-count", .columnCount, "a space instead of a TAB before a priority"),
        .init("missing-source-directory", .missingSourceDirectory, "the sources are in units/, not units-src/"),
        .init("control-character", .controlCharacter, "an escape sequence in en's synonym of foot, a NUL in ru's synonym of meter"),
        .init("cr-line-endings", .crLineEndings, "ru's length.tsv ends its lines with CR alone (an error: its names would be lost)"),
        // The text of names
        .init("bidi-control", .bidiControl, "en's symbol of kilometer is RLO + mk, which shows as km"),
        .init("invisible-character", .invisibleCharacter, "a zero-width space in en's fe\u{200B}et, a no-break space in kilometres per hour"),
        .init("look-alike-letter", .lookAlikeLetter, "a Greek omicron in en's foot, a Latin e in ru's метр, a fullwidth ｍｉｎ"),
        .init("look-alike-names", .lookAlikeNames, "minute's symbol: a Cyrillic shha beside hour's h; en's symbol of minute a Cyrillic ѕес beside second's sec"),
        // Unit rows
        .init("duplicate-name", .duplicateName, "FOOT next to foot (names ignore case)"),
        .init("duplicate-symbol", .duplicateSymbol, "inch lists foot's symbol ft"),
        .init("empty-symbol", .emptySymbol, "a doubled comma in a symbol list"),
        .init("unknown-system-tag", .unknownSystemTag, "Imp (wrong case) and metric (not a tag)"),
        .init("empty-name", .emptyName, "a row with an empty name, and a row whose name is ^ alone"),
        .init("invalid-priority", .invalidPriority, "priorities 3a and -1"),
        .init("invalid-coefficient", .invalidCoefficient, "coefficients 0.51x4 and X*0.3048"),
        .init("non-positive-coefficient", .nonPositiveCoefficient, "coefficients 0 and -1000"),
        .init("non-finite-coefficient", .nonFiniteCoefficient, "coefficients 0.3048/0 and 1e200*1e200"),
        .init("coefficient-out-of-range", .coefficientOutOfRange, "foot 1e-320 (subnormal), minute 1e308 (reciprocal subnormal)"),
        .init("unknown-prefix-kind", .unknownPrefixKind, "meter's column 6 says si,iec"),
        // Categories
        .init("category-without-row", .categoryWithoutRow, "units-src/mass.tsv has no row in categories.tsv"),
        .init("category-without-file", .categoryWithoutFile, "categories.tsv lists mass, which has no file"),
        .init("missing-base-unit", .missingBaseUnit, "categories.tsv names the base metre; the unit is meter"),
        .init("base-unit-not-one", .missingBaseUnit, "categories.tsv names minute (coefficient 60) as time's base"),
        .init("invalid-category-row", .invalidCategoryRow, "display order 'ten', and a row without a base unit"),
        .init("duplicate-category", .duplicateCategory, "two categories with order 10, and length listed twice"),
        .init("invalid-dimension", .invalidDimension, "speed's dimension written m/s2 (a digit in a name)"),
        // Formulas
        .init("formula-syntax", .formulaSyntax, "× instead of * in a formula"),
        .init("not-inverse-pair", .notInversePair, "°F from-base multiplies by 5/9 instead of 9/5"),
        .init("formula-not-finite", .formulaNotFinite, "to-base takes sqrt of a negative number everywhere"),
        .init("inverse-not-decreasing", .inverseUnitNotDecreasing, "a pace without ^, and a ^ unit that increases"),
        .init("formula-overflow", .formulaOverflow, "°C to-base X*1e300*1e300 (overflows at -1e6), °F offset by 1e20 (no digit survives)"),
        .init("from-base-not-inverse", .fromBaseNotInverse, "foot converted by sqrt and a square: from-base takes -1 m to a foot, which is +1 m"),
        // Cross-checks
        .init("dimension-mismatch", .dimensionMismatch, "meter per minute m/min declared 60 (inverted)"),
        .init("prefixed-unit-mismatch", .prefixedUnitMismatch, "hectometer declared 10 where meter takes SI prefixes (hecto + meter = 100)"),
        .init("prefix-not-applicable", .prefixNotApplicable, "foot given binary prefixes (only units of information take them)"),
        // Size budgets
        .init("invalid-budget", .invalidBudget, "a size 1MB, an unknown artifact search.db, units.sqlite twice"),
        .init("over-budget", .overBudget, "units.sqlite budgeted at 1000 bytes"),
        // Phrase words
        .init("invalid-phrase-word", .invalidPhraseWord, "two words in a row, a kind misspelt, a connector with a value, a fraction without one"),
        .init("duplicate-phrase-word", .duplicatePhraseWord, "one twice (as One), in twice"),
        // Clusters
        .init("invalid-cluster-row", .invalidClusterRow, "regions written US,GB, and a threshold of 0"),
        .init("unknown-cluster-category", .unknownClusterCategory, "a cluster for category 'lenght'"),
        .init("unknown-cluster-unit", .unknownClusterUnit, "kilometre for kilometer, and the symbol m for meter"),
        .init("cluster-order", .clusterOrder, "kilometer after meter: never chosen"),
        .init("invalid-completion", .invalidCompletion, "a completion already in its list, and one of a list that has no rows"),
        .init("invalid-usage-row", .invalidUsageRow, "a usage in upper case"),
        .init("unknown-usage-unit", .unknownUsageUnit, "a unit spelt metre"),
        .init("usage-without-list", .usageWithoutList, "a length implying fluid"),
        .init("duplicate-usage", .duplicateUsage, "a unit implying a usage twice"),
        .init("invalid-keyboard-row", .invalidKeyboardRow, "a keyboard row in upper case"),
        .init("invalid-transliteration", .invalidTransliteration, "a Latin letter given twice"),
        .init("missing-cluster", .missingCluster, "length has imperial units but no list for GB"),
        .init("malformed-mixed-unit", .malformedMixedUnit, "kilometer+foot (not whole multiples) and second+minute (smallest first)"),
        // Relations
        .init("invalid-relation-row", .invalidRelationRow, "a factor on Fahrenheit's difference row, and a kind written 'differences'"),
        .init("unknown-relation-unit", .unknownRelationTarget, "Celcius for Celsius, and temprature-difference for temperature-difference"),
        .init("relation-within-category", .relationWithinCategory, "kelvin, a temperature, as Fahrenheit's difference unit"),
        .init("difference-factor-mismatch", .differenceFactorMismatch, "degree Fahrenheit (difference) declared 9/5 (inverted)"),
        .init("missing-difference-unit", .missingDifferenceUnit, "Fahrenheit has no difference row, Celsius and kelvin have one"),
        .init("duplicate-relation", .duplicateRelation, "Celsius's row twice, and kelvin (difference) for Fahrenheit as well"),
        // Stable ids
        .init("duplicate-id", .duplicateID, "minute and hour both have id 5"),
        .init("missing-id", .missingID, "km/h has no registry line; foot's line is retired"),
        .init("orphan-id", .orphanID, "a registry line for yard, which is not a unit"),
        .init("unit-registered-twice", .unitRegisteredTwice, "foot registered again as Foot"),
        .init("invalid-id-row", .invalidIDRow, "id 2147483648, and status 'retierd'"),
        // Plural rules
        .init("plural-rule-syntax", .pluralRuleSyntax, "'annd' for 'and' in ru's rule for one"),
        .init("plural-sample-mismatch", .pluralSampleMismatch, "21 listed among ru's samples of many"),
        .init("plural-category-set", .pluralCategorySet, "en's rules say 'others:' instead of 'other:'"),
        .init("missing-plural-rules", .missingPluralRules, "locales/ru/ has no plurals.txt"),
        .init("unreachable-plural-category", .unreachablePluralCategory, "ru's few says i % 10 = 12..14, which no number has"),
        // Languages and unit names
        .init("invalid-language-file", .invalidLanguageFile, "ru's language.tsv spells the key decimal 'decmal'"),
        .init("unknown-locale-category", .unknownLocaleCategory, "locales/ru/volume.tsv, and there is no volume"),
        .init("unknown-locale-unit", .unknownLocaleUnit, "a ru row for mile, which the fixture does not define"),
        .init("invalid-names-header", .invalidNamesHeader, "ru's time.tsv header says 'symbol' for 'symbols'"),
        .init("missing-plural-form", .missingPluralForm, "ru's speed.tsv has no 'many' column"),
        .init("extra-plural-form", .extraPluralForm, "en's length.tsv has a 'two' column"),
        .init("empty-locale-name", .emptyLocaleName, "ru's foot has an empty 'many' form"),
        .init("ambiguous-locale-name", .ambiguousLocaleName, "en's kilometer lists 'meters' as a synonym"),
        .init("unit-named-twice", .unitNamedTwice, "ru's length.tsv has a second row for meter"),
        .init("incomplete-language", .incompleteLanguage, "ru is complete but its time.tsv leaves out hour"),
        .init("missing-fallback-language", .missingFallbackLanguage, "en is marked partial"),
        .init("empty-names-file", .emptyNamesFile, "ru is complete but its time.tsv holds only a comment"),
        .init("locales-not-directory", .localesNotDirectory, "locales is a file, not a directory"),
        .init("invalid-case-form", .invalidCaseForm, "ru's cases.tsv spells prepositional 'prepostional', and gives a 'zero' form ru has not"),
        .init("invalid-unit-pattern", .invalidUnitPattern, "ru's patterns.tsv has {0} twice, a no-break space written as itself, and one pattern twice"),
        .init("duplicate-case-form", .caseFormTwice, "ru's cases.tsv gives meter's prepositional one twice"),
        .init("invalid-compound-row", .invalidCompoundRow, "ru's compounds.tsv: a per pattern with {2} for {1}, a 'zero' form ru has not, a prefix 'kilogram'"),
        .init("duplicate-compound-row", .compoundRowTwice, "ru's compounds.tsv gives the plain per pattern twice"),
    ]
}
