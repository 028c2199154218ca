import UnitpackCore
import UnitpackDatabase

/// A degree word before a scale's word (`degrees F`, `deg celsius`,
/// `grados kelvin`): the scale, not the angle's degree times the farad.
/// Nothing here names a unit: the scales are those `relations.tsv` gives a
/// difference unit, and a degree word is a word naming a unit whose symbol
/// starts a scale's symbol (`°` of `°F`).
extension PhraseReader {
    /// The scales two words name when the first is a degree word and the
    /// second names a scale, or a unit whose symbol after the degree
    /// word's makes a scale's (`F`: `°` + `F` is `°F`); nil otherwise.
    func degreeAndScale(_ span: ArraySlice<Phrase.Word>, languages: [String], key: String, _ memo: inout LookupMemo)
        throws(UnitDatabaseError) -> Found?
    {
        guard span.count == 2 else { return nil }
        // The first word alone, as the span's lookup of one word finds it
        // (memoized: the quantity's lookups ask it next anyway).
        let head: Found?
        if let known = memo.written[Phrase.Span(span.prefix(1))] {
            head = known
        } else {
            head = try lookupWritten(span.prefix(1), languages: languages, key: key, &memo)
        }
        guard let degree = head else { return nil }
        let scaleSymbols = try self.scaleSymbols()
        let scales = scaleSymbols.map(\.scale)
        memo.work += 2
        let degreeSymbols = degree.units.flatMap(\.symbols).filter { symbol in
            scaleSymbols.contains { $0.symbol.count > symbol.count && $0.symbol.hasPrefix(symbol) }
        }
        guard !degreeSymbols.isEmpty, let named = try lookupWritten(span.suffix(1), languages: languages, key: key, &memo)
        else { return nil }
        // Every unit the word names, in any case (`c`: the speed of light as
        // written, the coulomb's `C` ignoring case): `degrees c` is `°C`.
        var others: [MeasureUnit] = []
        if let more = try otherUnits(span.suffix(1), than: named, languages: languages) { others = more.units }
        var units: [MeasureUnit] = (named.units + others).filter { scales.contains($0) }
        for unit in named.units + others {
            for symbol in unit.symbols {
                for head in degreeSymbols {
                    let folded = TextFolding.fold(head + symbol)
                    for scale in scaleSymbols where TextFolding.fold(scale.symbol) == folded && !units.contains(scale.scale) {
                        units.append(scale.scale)
                    }
                }
            }
        }
        guard !units.isEmpty else { return nil }
        return Found(units: units, language: named.language ?? degree.language)
    }

    /// `38.5 degrees in fahrenheit`, `minus 10 Grad in Fahrenheit`: a quantity
    /// of one part whose unit is a degree word (a symbol that starts a
    /// scale's: `°`), converted to a scale, read as the one other scale that
    /// `clusters.tsv` lists for the target's category (°C to °F, °F to °C),
    /// a guess every output shows. Nil when the quantity is no such degree,
    /// the target no scale, or the lists leave two scales or none (`in
    /// kelvin`: Celsius or Fahrenheit).
    func impliedScale(_ parts: [FoundPart], _ targets: [Found], _ reader: inout Reader) throws(UnitDatabaseError) -> Outcome? {
        guard parts.count == 1, targets.count == 1, let words = parts[0].units.words else { return nil }
        let scaleSymbols = try self.scaleSymbols()
        let isDegree = parts[0].units.units.contains { unit in
            unit.symbols.contains { symbol in scaleSymbols.contains { $0.symbol.count > symbol.count && $0.symbol.hasPrefix(symbol) } }
        }
        guard isDegree else { return nil }
        var named = targets[0].units
        if let span = targets[0].words, let others = try otherUnits(span, than: targets[0], languages: reader.languages) {
            named += others.units
        }
        let scales = scaleSymbols.map(\.scale)
        guard let target = named.first(where: { scales.contains($0) }) else { return nil }
        reader.countStep()
        let other = try database.listedUnits(of: target.category).filter { scales.contains($0) && $0 != target }
        guard other.count == 1, let scale = other.first else { return nil }
        var part = parts[0]
        part.units = Found(units: [scale], language: parts[0].units.language)
        let outcome = try assemble([part], [Found(units: [target], language: targets[0].language)], &reader)
        guard case .success(let readings) = outcome else { return nil }
        let guess = PhraseGuess(kind: .scale, word: Phrase.joined(words, folded: false), readAs: scale.name)
        return .success(readings.map { reading in
            var reading = reading
            reading.guesses.insert(guess, at: 0)
            return reading
        })
    }

    /// `la febbre è a 38,5, quanti gradi fahrenheit`, `температура 36,6
    /// сколько по фаренгейту`: a number with no unit after it, then words
    /// that name a scale (as a target, after markers, fillers or context),
    /// read as the one other scale `clusters.tsv` lists for temperature, as
    /// a degree word with no scale is (`impliedScale`): a person names the
    /// scale they convert to. A guess every output shows, on the number.
    /// Only where no unit follows the number (`part` found none) and the
    /// reading's target is that scale, named last (only fillers, markers
    /// and punctuation after it); nil otherwise. At most
    /// `mostContextWords + longestUnitName` words are looked at, one at a time.
    func unitlessToScale(_ value: Double, _ digits: Int?, number: String, _ words: ArraySlice<Phrase.Word>, _ reader: inout Reader)
        throws(UnitDatabaseError) -> Outcome?
    {
        let scales = try scaleSymbols().map(\.scale)
        // The scale ends the request: after it only fillers, markers or
        // punctuation (`по фаренгейту в цельсиях`: `цельсиях`, a scale's
        // name the correction reads, would be left out as context). One
        // lookup with endings cut, the last word's; the words before it as
        // the quantity's lookups read them, so that no second scale is named.
        var last = words.endIndex - 1
        while last >= words.startIndex, Self.isRequest(words[last], reader.words) { last -= 1 }
        guard last >= words.startIndex, last - words.startIndex < Self.mostContextWords + Self.longestUnitName,
            let found = try lookup(words[last...last], languages: reader.languages, stems: true, words: reader.words, memo: &reader.memo),
            let named = found.units.first(where: { scales.contains($0) })
        else { return nil }
        for index in words.startIndex..<last {
            if reader.countStepIsOver() { return nil }
            let other = try lookup(words[index...index], languages: reader.languages, stems: false, words: reader.words, memo: &reader.memo)
            if other?.units.contains(where: { scales.contains($0) && $0 != named }) == true { return nil }
        }
        let others = try database.listedUnits(of: named.category).filter { scales.contains($0) && $0 != named }
        guard others.count == 1, let other = others.first else { return nil }
        let part = FoundPart(value: value, units: Found(units: [other]), significantDigits: digits)
        guard case .success(let readings) = try following([part], words, target: nil, stems: true, &reader) else { return nil }
        let guess = PhraseGuess(kind: .scale, word: number, readAs: other.name)
        let kept = readings.filter { $0.parts.count == 1 && $0.targets == [named] }.map { reading in
            var reading = reading
            reading.guesses.insert(guess, at: 0)
            return reading
        }
        return kept.isEmpty ? nil : .success(kept)
    }

    /// A scale's symbol and the scale.
    struct ScaleSymbol: Sendable {
        var symbol: String
        var scale: MeasureUnit
    }

    /// The symbols of the scales (`relations.tsv`'s difference rows), kept
    /// in the database's object cache: asked at most once a span of two
    /// words, they would otherwise load the scales at every parse.
    func scaleSymbols() throws(UnitDatabaseError) -> [ScaleSymbol] {
        let key = ByteString("")
        if let found = try database.withState({ state throws(UnitDatabaseError) in
            state.readerValue(kind: PhraseCacheKind.scaleSymbols.rawValue, key) as? [ScaleSymbol]
        }) {
            return found
        }
        let found = try database.scaleUnits().flatMap { scale in scale.symbols.map { ScaleSymbol(symbol: $0, scale: scale) } }
        try database.withState { state throws(UnitDatabaseError) in
            state.insertReaderValue(
                found, kind: PhraseCacheKind.scaleSymbols.rawValue, key,
                cost: ApproximateSize.allocation(ApproximateSize.objectHeader + MemoryLayout<ScaleSymbol>.stride * found.count)
                    + found.reduce(0) { $0 + ApproximateSize.of($1.symbol) })
        }
        return found
    }
}
