import UnitpackCore
import UnitpackDatabase

/// A target of two units joined by a word of `per` that the expression
/// grammar does not read: one that is also a marker (`w min na km`, `ile to
/// mil na galon`: Polish `na`, Russian `в`, which keeps a span from reading
/// as an expression, so that `км в милях` is a unit and its target, never
/// km/mi), or names it does not know (`миль на американський галон`,
/// `Meilen pro US-Gallone`). The span is read apart here, and only as a
/// unit the data names (`minutes per kilometer`, `mile per US gallon`),
/// which `км в милях` is not (docs/phrases.md, "Targets").
extension PhraseReader {
    /// The units `span` names as `A per B`, read only as a unit `units-src/`
    /// lists; nil otherwise. Asked when `span` names nothing whole: any word
    /// of `per` (`милях на американський галон`: names the expression
    /// grammar does not read); and when it reads as an expression no unit
    /// is (`Meilen pro US-Gallone`, whose expression reads `US` as
    /// microsiemens: the names apart read first).
    /// At most `longestUnitName` cuts, each two lookups the memo keeps.
    func dividedTarget(_ span: ArraySlice<Phrase.Word>, _ reader: inout Reader) throws(UnitDatabaseError) -> Found? {
        guard span.count >= 3, span.count <= 2 * Self.longestUnitName + 1 else { return nil }
        for index in (span.startIndex + 1)..<(span.endIndex - 1) {
            if reader.countStepIsOver() { return nil }
            let word = span[index]
            guard reader.words.meanings(word).contains(where: { $0.kind == .per }) else { continue }
            guard
                let numerator = try lookup(
                    span[..<index], languages: reader.languages, stems: true, words: reader.words, memo: &reader.memo),
                let denominator = try lookup(
                    span[(index + 1)...], languages: reader.languages, stems: true, words: reader.words, memo: &reader.memo)
            else { continue }
            func quotients(_ tops: [MeasureUnit], _ bottoms: [MeasureUnit], _ reader: inout Reader) throws(UnitDatabaseError) -> [MeasureUnit] {
                var named: [MeasureUnit] = []
                for top in tops.prefix(Self.mostReadingsPerWord) {
                    for bottom in bottoms.prefix(Self.mostReadingsPerWord) {
                        if reader.countStepIsOver() { return named }
                        guard let unit = try quotient(top, bottom, &reader), !named.contains(unit) else { continue }
                        named.append(unit)
                    }
                }
                return named
            }
            var named = try quotients(numerator.units, denominator.units, &reader)
            // Else a word's other units too (`mil` is the mil as written, and
            // the Polish miles' form): asked only then, a query each.
            if named.isEmpty {
                let tops = numerator.units + (try otherUnits(span[..<index], than: numerator, languages: reader.languages)?.units ?? [])
                let bottoms = denominator.units + (try otherUnits(span[(index + 1)...], than: denominator, languages: reader.languages)?.units ?? [])
                if tops.count > numerator.units.count || bottoms.count > denominator.units.count {
                    named = try quotients(tops, bottoms, &reader)
                }
            }
            guard !named.isEmpty else { continue }
            var found = Found(units: named, language: numerator.language ?? denominator.language)
            found.guess = numerator.guess ?? denominator.guess
            found.words = span
            return found
        }
        return nil
    }

    /// `6 min/mile, what is that per km`, `це який темп на кілометр`: a target
    /// of a word of `per` and a unit alone, read as the quantity's first
    /// unit per it (`minutes per kilometer`), when the quantity's unit is one
    /// per another (its symbol says so: `min/mi`) and the data names the
    /// quotient. Nil otherwise.
    func perOnlyTarget(_ parts: [FoundPart], _ span: ArraySlice<Phrase.Word>, _ reader: inout Reader) throws(UnitDatabaseError)
        -> Outcome?
    {
        // After the fillers of a question (`what is that per km`).
        var span = span
        while span.count > 2, let first = span.first, reader.words.isFiller(first),
            !reader.words.meanings(first).contains(where: { $0.kind == .per })
        {
            span = span.dropFirst()
        }
        guard parts.count == 1, span.count >= 2, span.count <= Self.longestUnitName + 1, let per = span.first,
            reader.words.meanings(per).contains(where: { $0.kind == .per }),
            let found = try lookup(span.dropFirst(), languages: reader.languages, stems: true, words: reader.words, memo: &reader.memo)
        else { return nil }
        for source in parts[0].units.units.prefix(Self.mostReadingsPerWord) {
            for symbol in source.symbols {
                if reader.countStepIsOver() { return nil }
                guard let numerator = try perNumerator(symbol) else { continue }
                for bottom in found.units.prefix(Self.mostReadingsPerWord) {
                    guard let unit = try quotient(numerator, bottom, &reader), unit.category == source.category else { continue }
                    var target = Found(units: [unit], language: found.language)
                    target.guess = found.guess
                    let outcome = try assemble(parts, [target], &reader)
                    if case .success = outcome { return outcome }
                }
            }
        }
        return nil
    }

    /// The unit the data names that is `top` per `bottom`, nil when none is.
    private func quotient(_ top: MeasureUnit, _ bottom: MeasureUnit, _ reader: inout Reader) throws(UnitDatabaseError)
        -> MeasureUnit?
    {
        guard !top.isExpression, !bottom.isExpression, let over = top.symbols.first, let under = bottom.symbols.first else {
            return nil
        }
        do {
            guard let units = try database.expressionUnits(over + "/" + under, languages: reader.languages), units.count == 1
            else { return nil }
            return try database.namedUnit(equalTo: units[0])
        } catch .badExpression, .notInExpression {
            return nil
        }
    }

    /// The units of each side of a divided target tried: a word names few.
    static let mostReadingsPerWord = 4
}
