import UnitpackCore
import UnitpackSource

/// One validation rule: looks at the whole source tree, returns its findings.
/// Rules are independent: every rule runs, none stops the others, and a rule
/// skips fields the reader could not parse (the reader reported those).
public protocol CheckRule: Sendable {
    func check(_ tree: SourceTree) -> [Diagnostic]
}

public enum Checker {
    /// Every rule, in the order their findings are usually read.
    public static let rules: [any CheckRule] = [
        CategoryRegistryRule(),
        BaseUnitRule(),
        DuplicateNameRule(),
        DuplicateSymbolRule(),
        NameTextRule(),
        LookAlikeNameRule(),
        CoefficientRule(),
        FormulaPairRule(),
        InverseDirectionRule(),
        StableIDRule(),
        DimensionRule(),
        PrefixRule(),
        LocaleReferenceRule(),
        LocaleAmbiguityRule(),
        LanguageCompletenessRule(),
        PhraseWordRule(),
        CaseFormRule(),
        UnitPatternRule(),
        CompoundPatternRule(),
        ClusterRule(),
        ClusterCoverageRule(),
        UsageRule(),
        RelationRule(),
        DifferenceCoverageRule(),
    ]

    /// The reading diagnostics plus every rule's, sorted by location. The
    /// rules run side by side (`Parallel`), their findings taken in the
    /// rules' order.
    public static func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics = tree.diagnostics
        for found in Parallel.map(rules, { rule in BuildTimings.measure("check \(type(of: rule))") { rule.check(tree) } }) {
            diagnostics += found
        }
        return diagnostics.sortedByLocation()
    }
}
