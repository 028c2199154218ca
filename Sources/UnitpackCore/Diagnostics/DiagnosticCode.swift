/// Every diagnostic code in one place. Codes are stable: a code is never reused
/// for another meaning. `docs/diagnostics.md` documents each one; a test checks
/// that every case appears there.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable {
    // E1xx: reading files
    case unreadableFile = "E100"
    case invalidUTF8 = "E101"
    case byteOrderMark = "E102"
    case crlfLineEndings = "W103"
    case columnCount = "E104"
    case missingSourceDirectory = "E105"
    case controlCharacter = "E106"
    case crLineEndings = "E107"

    // E11x: the text of names (every name, symbol, synonym, form and word)
    case bidiControl = "E110"
    case invisibleCharacter = "E111"
    case lookAlikeLetter = "E112"
    case lookAlikeNames = "E113"

    // E2xx: one unit row
    case duplicateName = "E201"
    case duplicateSymbol = "E202"
    case emptySymbol = "E203"
    case unknownSystemTag = "E204"
    case emptyName = "E205"
    case invalidPriority = "E206"
    case invalidCoefficient = "E207"
    case nonPositiveCoefficient = "E211"
    case nonFiniteCoefficient = "E212"
    case coefficientOutOfRange = "E213"
    case unknownPrefixKind = "E214"

    // E3xx: categories
    case categoryWithoutRow = "E301"
    case categoryWithoutFile = "E302"
    case missingBaseUnit = "E303"
    case invalidCategoryRow = "E304"
    case duplicateCategory = "E305"
    case invalidDimension = "E306"

    // E4xx: formulas
    case formulaSyntax = "E401"
    case notInversePair = "E402"
    case formulaNotFinite = "E403"
    case inverseUnitNotDecreasing = "E404"
    case formulaOverflow = "E405"
    case fromBaseNotInverse = "E406"

    // E5xx: cross-checks between units
    case dimensionMismatch = "E501"
    case prefixedUnitMismatch = "E502"
    case prefixNotApplicable = "E503"

    // E6xx: stable ids
    case duplicateID = "E601"
    case missingID = "E602"
    case orphanID = "E603"
    case unitRegisteredTwice = "E604"
    case invalidIDRow = "E605"

    // E7xx: plural rules (`locales/<lang>/plurals.txt`)
    case pluralRuleSyntax = "E701"
    case pluralSampleMismatch = "E702"
    case pluralCategorySet = "E703"
    case missingPluralRules = "E704"
    case unreachablePluralCategory = "E705"

    // E71x: languages and unit names (`locales/<lang>/*.tsv`)
    case invalidLanguageFile = "E710"
    case unknownLocaleCategory = "E711"
    case unknownLocaleUnit = "E712"
    case invalidNamesHeader = "E713"
    case missingPluralForm = "E714"
    case extraPluralForm = "E715"
    case emptyLocaleName = "E716"
    case ambiguousLocaleName = "E717"
    case unitNamedTwice = "E718"
    case incompleteLanguage = "E719"
    case missingFallbackLanguage = "E720"
    case invalidPhraseWord = "E721"
    case duplicatePhraseWord = "E722"
    case emptyNamesFile = "E723"
    case localesNotDirectory = "E724"
    case invalidCaseForm = "E725"
    case caseFormTwice = "E726"
    case invalidCompoundRow = "E727"
    case compoundRowTwice = "E728"
    case invalidUnitPattern = "E729"
    case invalidKeyboardRow = "E740"
    case invalidTransliteration = "E741"

    // E8xx: size budgets of the artifacts (budgets.tsv)
    case invalidBudget = "E801"
    case overBudget = "E802"

    // Clusters (units-src/clusters.tsv)
    case invalidClusterRow = "E901"
    case unknownClusterCategory = "E902"
    case unknownClusterUnit = "E903"
    case clusterOrder = "E904"
    case missingCluster = "E905"
    case malformedMixedUnit = "E906"
    case invalidCompletion = "E907"

    // Usages units imply (units-src/usages.tsv)
    case invalidUsageRow = "E940"
    case unknownUsageUnit = "E941"
    case usageWithoutList = "E942"
    case duplicateUsage = "E943"

    // Relations between units and categories (units-src/relations.tsv)
    case invalidRelationRow = "E930"
    case unknownRelationTarget = "E931"
    case relationWithinCategory = "E932"
    case differenceFactorMismatch = "E933"
    case missingDifferenceUnit = "E934"
    case duplicateRelation = "E935"

    public var severity: Severity {
        rawValue.hasPrefix("W") ? .warning : .error
    }
}
