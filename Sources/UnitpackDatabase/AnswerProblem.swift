import UnitpackCore

/// Why a value and its units have no answer (inside
/// `UnitDatabaseError.noAnswer`): the units convert, but not to what was
/// asked. `description` is the reason in words, as `unitpack convert`
/// prints it.
public enum AnswerProblem: Sendable, Hashable, CustomStringConvertible {
    /// No target was given, and the category of `unit` has no preferred
    /// units (`units-src/clusters.tsv`) to choose one from.
    case noPreferredUnits(MeasureUnit)
    /// A part of a mixed target (`kg` in `ft+kg`), as written, is no unit of
    /// `category`, the category of the target's first part.
    case mixedTargetCategory(part: String, category: String)
    /// A one-unit result was asked for in fractions of its unit
    /// (`MixedRounding.fraction`), and `unit` is a scale with an offset or
    /// an inverse one (`degree Fahrenheit`, `mile per gallon`), whose
    /// fractions do not add up.
    case fractionOfScale(MeasureUnit)

    /// The reason in words: `no preferred units for equivalent-dose
    /// (units-src/clusters.tsv): give the target unit`.
    public var description: String {
        switch self {
        case .noPreferredUnits(let unit):
            "no preferred units for \(unit.category) (units-src/clusters.tsv): give the target unit"
        case .mixedTargetCategory(let part, let category):
            "\(TextEscaping.visible(part)) is not a unit of \(category): the parts of a mixed unit are of one category (ft+in)"
        case .fractionOfScale(let unit):
            "\(unit.name) is a scale with an offset or an inverse one: a result in it cannot be written in fractions"
        }
    }
}
