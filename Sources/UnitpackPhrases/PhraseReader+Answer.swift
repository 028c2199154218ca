import UnitpackCore
import UnitpackDatabase

extension PhraseReader {
    /// The answer to one reading of a phrase: its value converted to the
    /// units it names (`in feet and inches`), else to the units a person
    /// expects it in (`UnitDatabase.expectedTarget(for:in:request:)`, with
    /// the answer's `choice` saying how they were chosen). The answer keeps
    /// the reading's parts as typed, with their significant digits.
    ///
    /// Nil when the reading names no target and its unit's category has no
    /// preferred units: `PhraseProblem.noPreferredUnits(reading.from)` says
    /// so in words. A phrase's other readings may each have an answer or
    /// none; a front end answers the first.
    /// - Parameters:
    ///   - request: Who asks, for a reading that names no target: a region,
    ///     a system, a usage.
    ///   - rounding: How the last part of a mixed result is rounded; a
    ///     `.fraction` also writes a one-unit result in fractions of it.
    /// - Throws: what `UnitDatabase.answer(_:from:to:given:rounding:)` and
    ///   `expectedTarget` throw.
    public func answer(for reading: PhraseReading, request: TargetRequest = TargetRequest(), rounding: MixedRounding = .whole)
        throws(UnitDatabaseError) -> ConversionAnswer?
    {
        if !reading.targets.isEmpty {
            return try database.answer(reading.value, from: reading.from, to: reading.targets, given: reading.parts, rounding: rounding)
        }
        guard let choice = try database.expectedTarget(for: reading.value, in: reading.from, request: request) else { return nil }
        return try database.answer(
            reading.value, from: reading.from, to: choice.target.units, given: reading.parts, rounding: rounding, choice: choice)
    }
}
