import UnitpackCore
import UnitpackDatabase

/// What keeps a parse's work in proportion to its phrase (issue 37): a part
/// of a quantity is refused as soon as it cannot follow the part before, a
/// quantity has at most `mostParts` parts (so the reader's recursion is never
/// deeper than that, whatever the phrase), and a parse that has done
/// `workLimit` steps stops and refuses the phrase with a reason
/// (docs/phrases.md, "Work").
extension PhraseReader {
    /// The most parts a quantity has: `1 y 2 w 3 d 4 h 5 min 6 s` is six.
    static let mostParts = 8

    /// The most steps of work (words, spans and parts looked at) one parse
    /// does before it refuses the phrase (`PhraseProblem.tooMuchWork`). The
    /// phrases of the corpora take at most a few hundred; a phrase of the
    /// whole 4 KiB of repeated quantities stays under it.
    public static let workLimit = 50_000

    /// The most steps one step of a parse adds between two checks of the
    /// limit: a run of number words read at every width
    /// (`Phrase.longestNumberWords` words: 16 + 16·17/2) and one lookup of
    /// the longest span (`longestSpan` + 1) and the check that its unit can
    /// follow the part before (1); past the limit a lookup and that check add
    /// none. A parse refused for too much work did at most `workLimit +
    /// mostWorkOfOneStep` steps (the `quantity-phrase` fuzz target holds it).
    public static let mostWorkOfOneStep =
        Phrase.longestNumberWords + Phrase.longestNumberWords * (Phrase.longestNumberWords + 1) / 2 + longestSpan + 2

    /// Why `next` cannot be the unit of the part after `previous`: no unit
    /// of it is of a category of `previous`'s, by a factor, and smaller
    /// (read as differences when the phrase names one). Nil when one is:
    /// `assemble` then decides among them, as it always did; this only
    /// stops a search that cannot end in a reading.
    func refusedAfter(_ previous: Found, _ next: Found, _ reader: inout Reader) throws(UnitDatabaseError) -> PhraseFailure? {
        // Checked before it counts: a part whose unit is tried twice (its
        // best match, then the others) never passes the limit twice.
        guard !reader.isOverLimit else { return .problem(.tooMuchWork(limit: reader.limit)) }
        reader.work += 1
        var descending: (MeasureUnit, MeasureUnit)?
        var offset: (MeasureUnit, MeasureUnit)?
        var systems: (MeasureUnit, MeasureUnit)?
        for written in previous.units {
            let before = try read(written, asDifference: reader.difference)
            for candidate in next.units {
                let unit = try read(candidate, asDifference: reader.difference)
                guard unit.category == before.category else { continue }
                guard case .linear = before.conversion, case .linear = unit.conversion else {
                    if offset == nil { offset = (before, unit) }
                    continue
                }
                // `1 m 75 in` is no quantity anyone writes: a metre and inches.
                if Self.ofTwoSystems(before, unit) {
                    if systems == nil { systems = (before, unit) }
                    continue
                }
                if try database.convert(1, from: unit, to: before) < 1 { return nil }
                if descending == nil { descending = (before, unit) }
            }
        }
        if let (before, unit) = offset { return .problem(.hasOffset(previous: before, unit: unit)) }
        if let (before, unit) = descending { return .problem(.notDescending(previous: before, unit: unit)) }
        if let (before, unit) = systems { return .problem(.mixedSystems(previous: before, unit: unit)) }
        guard let first = previous.units.first else { return .problem(.noUnitAfterNumber(in: nil)) }
        return .problem(.notOneCategory(previous: first, other: next.units.first))
    }

    /// Whether one unit is metric and the other imperial, US or UK: the
    /// parts of one quantity are of one system (historic units and those of
    /// no system go with any).
    static func ofTwoSystems(_ one: MeasureUnit, _ other: MeasureUnit) -> Bool {
        let customary: Set<MeasurementSystem> = [.imperial, .us, .uk]
        return (one.system == .metric && customary.contains(other.system)) || (other.system == .metric && customary.contains(one.system))
    }

    /// `unit`, or its difference when the phrase reads scales as differences.
    private func read(_ unit: MeasureUnit, asDifference: Bool) throws(UnitDatabaseError) -> MeasureUnit {
        guard asDifference, let difference = try database.differenceUnit(of: unit) else { return unit }
        return difference
    }
}

extension PhraseReader.Reader {
    /// Counts one more step, none once over the limit: whatever the path, a
    /// step of one adds nothing past it; whether the parse is over its limit.
    mutating func countStepIsOver() -> Bool {
        countStep()
        return isOverLimit
    }

    /// Counts one more step, unless the parse is over its limit already.
    mutating func countStep() {
        if !isOverLimit { work += 1 }
    }

    /// Whether the parse has done more steps than its limit.
    var isOverLimit: Bool { work + memo.work > limit }
}
