import UnitpackCore
import UnitpackDatabase

/// Quantities of several parts (`6 ft 2 in`, `2 часа 15 минут`) and what
/// follows a part: another part, the end, or a marker and the target.
extension PhraseReader {
    /// A number of a phrase and the units its words may name.
    struct FoundPart {
        var value: Double
        var units: Found
        /// `Phrase.Number.significantDigits`.
        var significantDigits: Int? = nil
        /// A fraction in words was added to it (`a mile and a half`): one
        /// fraction a part, so that the reading of `and a half and a half …`
        /// does not recurse once a word.
        var hasFraction = false
    }

    enum Outcome {
        case success([PhraseReading])
        case failure(PhraseFailure)
    }

    /// The quantity that starts with `number`, then what follows it in `rest`:
    /// more parts (`2 in`, `and 45 minutes`), then nothing, or a marker and
    /// the target, or the target. With `target` (named before the number),
    /// the quantity must end the phrase. The widest unit that lets the rest
    /// parse wins.
    func quantity(
        _ number: Phrase.Number, then rest: ArraySlice<Phrase.Word>, target: [Found]?, stems: Bool,
        _ reader: inout Reader
    ) throws(UnitDatabaseError) -> Outcome {
        if let (feet, inches) = number.feetAndInches {
            // 5'8": the units came with the number.
            let parts = [
                FoundPart(value: feet, units: Found(units: try database.candidates(for: "foot", preferring: nil))),
                FoundPart(value: inches, units: Found(units: try database.candidates(for: "inch", preferring: nil))),
            ]
            return try following(parts, rest, target: target, stems: stems, &reader)
        }
        var outcome = try part(number.value, number.significantDigits, [], rest, target: target, stems: stems, &reader)
        // `температура 36,6 сколько по фаренгейту`: no unit, a scale named after.
        var unitless = false
        if case .failure = outcome, reader.lastResort, target == nil, stems, !number.isClock, let next = rest.first {
            unitless = Self.isRequest(next, reader.words)
            if !unitless {
                unitless = try lookup(rest.prefix(1), languages: reader.languages, stems: true, words: reader.words, memo: &reader.memo) == nil
            }
        }
        if unitless {
            let index = reader.phrase.firstWord(endingAfter: max(0, number.end - 1))
            let typed = index < reader.phrase.words.count
                ? reader.phrase.word(reader.phrase.words[index].range.lowerBound..<number.end).text : String(number.value)
            if let scaled = try unitlessToScale(number.value, number.significantDigits, number: typed, rest, &reader) { outcome = scaled }
        }
        // `4:45 на км`, `5:30 per mile`: minutes and seconds, a word of `per`
        // and a length are a running pace (hours per a length are none).
        if case .failure = outcome, number.isClock, let next = rest.first,
            reader.words.meanings(next).contains(where: { $0.kind == .per }),
            let minute = try database.candidates(for: "minute", preferring: nil).first(where: { $0.category == "time" })
        {
            let part = FoundPart(value: number.value, units: Found(units: [minute]), significantDigits: number.significantDigits)
            let paced = try following([part], rest, target: target, stems: stems, &reader)
            if case .success = paced { outcome = paced }
        }
        guard number.isClock, case .success(let readings) = outcome else { return outcome }
        // `1:30 h`, `8:30 min/mile`: a time with colons is of a unit of time, or a pace.
        var kept: [PhraseReading] = []
        for reading in readings where reading.parts.count == 1 {
            if try isTimeOrPace(reading.parts[0].unit) { kept.append(reading) }
        }
        if !kept.isEmpty { return .success(kept) }
        return .failure(.problem(.clockNotTime(unit: readings[0].parts[0].unit)))
    }

    /// Whether `unit` is of time, or of a unit of time per another (a pace:
    /// `min/km`, whose symbol says so, as `targetPerQuantity` reads them).
    private func isTimeOrPace(_ unit: MeasureUnit) throws(UnitDatabaseError) -> Bool {
        if unit.category == "time" { return true }
        for symbol in unit.symbols where try perNumerator(symbol)?.category == "time" { return true }
        return false
    }

    /// The unit of a number whose value is read (`value`), after `parts`.
    private func part(
        _ value: Double, _ digits: Int?, _ parts: [FoundPart], _ words: ArraySlice<Phrase.Word>, target: [Found]?, stems: Bool,
        _ reader: inout Reader
    ) throws(UnitDatabaseError) -> Outcome {
        guard !words.isEmpty else { return .failure(.problem(.noUnitAfterNumber(in: nil))) }
        var failure: PhraseFailure?
        for count in stride(from: min(words.count, Self.longestUnitName), through: 1, by: -1) {
            if reader.countStepIsOver() { return .failure(.problem(.tooMuchWork(limit: reader.limit))) }
            let span = words.prefix(count)
            guard let units = try lookup(span, languages: reader.languages, stems: stems, words: reader.words, memo: &reader.memo) else { continue }
            // A part that cannot follow the one before (`5 ft 5 ft`, `1 a a`)
            // is refused here, not after every way of reading the rest:
            // that search grew with the number of parts (issue 37).
            if let previous = parts.last {
                let refused = try refusedAfter(previous.units, units, &reader)
                if let refused {
                    if failure == nil { failure = refused }
                    guard let others = try otherUnits(span, than: units, languages: reader.languages) else { continue }
                    let othersRefused = try refusedAfter(previous.units, others, &reader)
                    guard othersRefused == nil else { continue }
                    let outcome = try following(
                        parts + [FoundPart(value: value, units: others, significantDigits: digits)], words.dropFirst(count), target: target,
                        stems: stems, &reader)
                    if case .success = outcome { return outcome }
                    continue
                }
            }
            let outcome = try following(
                parts + [FoundPart(value: value, units: units, significantDigits: digits)], words.dropFirst(count), target: target, stems: stems,
                &reader)
            switch outcome {
            case .success: return outcome
            case .failure(let reason): failure = failure ?? reason
            }
            // `год`: the Ukrainian symbol of the hour outranks the Russian
            // name of the year, and `1 год 6 месяцев` does not read with the
            // hour; the other units the words name, in any language, are tried
            // then (only after a failure: the best match reads first).
            if let others = try otherUnits(span, than: units, languages: reader.languages) {
                let outcome = try following(
                    parts + [FoundPart(value: value, units: others, significantDigits: digits)], words.dropFirst(count), target: target,
                    stems: stems, &reader)
                if case .success = outcome { return outcome }
            }
        }
        return .failure(failure ?? Self.wordProblem(words, reader.memo) ?? .noUnitNamed(words))
    }

    /// The units a span's words name that `found` does not hold (a weaker
    /// match: a name where a symbol matched, another language's), with the
    /// language of the first one's name; nil when there are none.
    func otherUnits(_ span: ArraySlice<Phrase.Word>, than found: Found, languages: [String]) throws(UnitDatabaseError) -> Found? {
        let held = Set(found.units.map(\.id))
        var units: [MeasureUnit] = []
        var language: String?
        // Without the sentence's punctuation, as the lookup found them (`in F?`).
        let text = Self.trimmingPunctuation(Phrase.joined(span, folded: false))
        // Symbols of every language matched only ignoring case (`mc`: `mC`).
        var caseOnly: [MeasureUnit] = []
        for name in try nameLanguages(folded: Self.trimmingPunctuation(Phrase.joined(span, folded: true))) where !held.contains(name.unit) {
            guard !units.contains(where: { $0.id == name.unit }) else { continue }
            let unit = try database.unit(name.unit)
            units.append(unit)
            if name.isSymbol, name.language.isEmpty, !unit.symbols.contains(text) { caseOnly.append(unit) }
            if language == nil, !name.isSymbol, !name.language.isEmpty { language = name.language }
        }
        guard !units.isEmpty else { return nil }
        // Where the case decides the unit (`mC` or `MC`), the reading must leave one spelling.
        if span.count == 1, !caseOnly.isEmpty, let decided = try caseDecided(text, caseOnly, languages: languages) {
            var found = Found(units: units.filter { !caseOnly.contains($0) }, language: language, caseDecides: decided.caseDecides)
            for unit in decided.units where !found.units.contains(unit) { found.units.append(unit) }
            found.words = span
            return found
        }
        return Found(units: units, language: language, words: span)
    }

    /// `ميلان` (two miles): the count a unit's name states when it is the
    /// form of plural categories that each hold one number, the same, in
    /// the name's language (the Arabic dual, CLDR's `two`: n = 2), none of
    /// them `one` or `other`, the forms a unit is named by alone (`mile`,
    /// `ميل` state nothing: `feet in meters` has no number). The units of
    /// `found` that state it, or nil.
    func statedCount(_ span: ArraySlice<Phrase.Word>, _ found: Found) throws(UnitDatabaseError) -> (count: Double, units: Found)? {
        guard let code = found.language else { return nil }
        let folded = Self.trimmingPunctuation(Phrase.joined(span, folded: true))
        let plurals = try database.language(code).plurals
        var count: Double?
        var units: [MeasureUnit] = []
        for unit in found.units {
            let names = try database.names(of: unit, in: code)
            guard names.language == code else { continue }
            // The plural forms and the case forms that state a count (the
            // oblique dual `ميلين`) the span is.
            let categories = names.forms.filter { TextFolding.fold($0.value) == folded }.map(\.key)
                + names.countedCaseForms.filter { $0.value.contains { TextFolding.fold($0) == folded } }.map(\.key)
            guard !categories.isEmpty, !categories.contains(.one), !categories.contains(.other) else { continue }
            var stated: Int?
            for category in categories {
                guard let number = plurals.soleNumber(of: category), stated == nil || stated == number else {
                    stated = nil
                    break
                }
                stated = number
            }
            guard let stated, count == nil || count == Double(stated) else { continue }
            count = Double(stated)
            units.append(unit)
        }
        guard let count, !units.isEmpty else { return nil }
        return (count, Found(units: units, language: code))
    }

    /// A quantity that starts with a unit whose name states its count
    /// (`ميلان إلى كم`, `ساعتان و 15 دقيقة`), or with a unit named alone
    /// before a conjunction and a fraction in words, which is one and the
    /// fraction (`ساعة ونصف`, `hour and a half`), or before a count its
    /// language says after the name (`جالون واحد`, kind `number-after`), or
    /// named alone before a marker and a target, which is one of it (`mile
    /// in km`, `ярд у метрах`; one part only): the widest span from the
    /// start of `words` that names one, then what follows it.
    func statedQuantity(_ words: ArraySlice<Phrase.Word>, _ reader: inout Reader) throws(UnitDatabaseError) -> Outcome? {
        var failure: PhraseFailure?
        for count in stride(from: min(words.count, Self.longestUnitName), through: 1, by: -1) {
            let span = words.prefix(count)
            guard let found = try lookup(span, languages: reader.languages, stems: false, words: reader.words, memo: &reader.memo)
            else { continue }
            let value: Double, units: Found
            var alone = false
            var rest = words.dropFirst(count)
            if let stated = try statedCount(span, found) {
                (value, units) = stated
            } else if opensFraction(rest, &reader) {
                (value, units) = (1, found)
            } else if let after = rest.first, let said = countAfter(after, reader.words) {
                (value, units) = (said, found)
                rest = rest.dropFirst()
            } else if let after = rest.first, reader.words.isMarker(after) {
                // `mile in km`, `ярд у метрах`: a unit named alone, then the
                // target, asks about one of it, as `a mile in km` does.
                (value, units) = (1, found)
                alone = true
            } else {
                continue
            }
            let part = [FoundPart(value: value, units: units)]
            var outcome = try following(part, rest, target: nil, stems: false, &reader)
            if case .failure = outcome { outcome = try following(part, rest, target: nil, stems: true, &reader) }
            // One unit alone: `hour and 15 minutes` states no number of hours.
            if alone, case .success(let readings) = outcome {
                let single = readings.filter { $0.parts.count == 1 && !$0.targets.isEmpty }
                outcome = single.isEmpty ? .failure(.problem(.noNumber(in: reader.phrase.original))) : .success(single)
            }
            switch outcome {
            case .success: return outcome
            case .failure(let reason): failure = failure ?? reason
            }
        }
        return failure.map { .failure($0) }
    }

    /// The count `word` says after a unit's name (`واحد`: 1), or nil.
    private func countAfter(_ word: Phrase.Word, _ dictionary: NumberWords) -> Double? {
        dictionary.meanings(folded: Self.trimmingPunctuation(word.folded)).first { $0.kind == .numberAfter }?.value
    }

    /// Whether `words` open with a conjunction and a fraction in words (`و
    /// نصف`, `and a half`): no digits, above 0 and below 1.
    private func opensFraction(_ words: ArraySlice<Phrase.Word>, _ reader: inout Reader) -> Bool {
        guard let conjunction = words.first, reader.words.isConjunction(conjunction),
            let word = words.dropFirst().first, reader.mayStartNumber(word),
            !word.text.unicodeScalars.contains(where: NumberReader.isNumeral),
            let number = reader.phrase.numbers(from: word.range.lowerBound, words: reader.words, reader: reader.numbers, work: &reader.work).first
        else { return false }
        return number.significantDigits == nil && number.value > 0 && number.value < 1
    }

    /// What follows a quantity's part: another part, or the end, or a target.
    func following(
        _ parts: [FoundPart], _ words: ArraySlice<Phrase.Word>, target: [Found]?, stems: Bool, _ reader: inout Reader
    ) throws(UnitDatabaseError) -> Outcome {
        guard let first = words.first else {
            if let target { return try assembleNamedFirst(parts, target, &reader) }
            return try assemble(parts, nil, &reader)
        }
        // Past the limit nothing more is read: every way on from a part
        // (another part, a fraction, an implied unit, a target) starts here.
        if reader.isOverLimit { return .failure(.problem(.tooMuchWork(limit: reader.limit))) }
        var failure: PhraseFailure?
        // `32 gradi sotto zero`, `15 degrees below zero`: a `minus` of two or
        // three words after the quantity makes it negative (the first part's
        // sign is the whole quantity's).
        if parts[0].value > 0, let count = Self.minusAfter(words, reader.words) {
            var negative = parts
            negative[0].value = -negative[0].value
            return try following(negative, words.dropFirst(count), target: target, stems: stems, &reader)
        }
        // `4 min 30 au km`, `5分30秒每公里`, `6 хвилин на милю`: a time, a
        // word of `per` and a length make a pace.
        if let (pace, count) = try pace(parts, words, &reader) {
            return try following([pace], words.dropFirst(count), target: target, stems: stems, &reader)
        }
        // `200 caballos (CV)`, `5 feet (ft)`: a word in brackets naming a
        // unit the part's words name restates it: the part is that unit.
        if let restated = try restated(first, parts[parts.count - 1].units, &reader) {
            var narrowed = parts
            narrowed[narrowed.count - 1].units.units = restated
            return try following(narrowed, words.dropFirst(), target: target, stems: stems, &reader)
        }
        // `a kilómetros`: a marker that is also an article (`a` of English)
        // leads to the target before it counts as one of another part.
        if reader.words.isMarker(first), words.count > 1,
            reader.words.meanings(first).contains(where: { $0.kind == .article }),
            target == nil, case .success(let readings)? = try markedTarget(parts, words, stems: stems, &reader)
        {
            return .success(readings)
        }
        // Another part: `2 in`, `and 45 minutes`, `и 15 минут`.
        var next = words
        if reader.words.isConjunction(first), next.count > 1 { next = next.dropFirst() }
        if parts.count < Self.mostParts, let word = next.first,
            reader.mayStartNumber(word),
            let number = reader.phrase.numbers(
                from: word.range.lowerBound, words: reader.words, reader: reader.numbers, work: &reader.work
            ).first,
            number.feetAndInches == nil, !number.isClock
        {
            let rest = reader.phrase.words(from: number.end)
            // `un litre et demi`, `dos horas y media`, `a mile and a half`: a
            // fraction in words after the conjunction, without a unit, is a
            // part of the last unit; before a marker it is tried first (`a
            // mile and a half in km`: not half an inch).
            let inWords = !parts[parts.count - 1].hasFraction && number.significantDigits == nil && number.value > 0
                && number.value < 1
                && !word.text.unicodeScalars.contains(where: NumberReader.isNumeral)
            let isFraction = inWords && next.startIndex > words.startIndex
            let beforeMarker = rest.first.map { reader.words.isMarker($0) } ?? true
            // `2時間半`, `一吨半`, `два часа с половиной` without its `с`: a
            // fraction in words right after a unit, with nothing after it but
            // the end, a marker or the sentence's punctuation, is a part of
            // that unit, as it is after a conjunction. Tried before a unit
            // after it: `半 in` is not half an inch.
            // (Or a word of what is measured: `キロ5分半ペースは`, the pace.)
            let endsAfter = rest.first.map { word in
                reader.words.isMarker(word) || Self.trimmingPunctuation(word.folded).isEmpty
                    || reader.words.meanings(word).contains { $0.kind == .context }
            } ?? true
            if inWords && !isFraction && endsAfter,
                case .success(let readings) = try fractionOfLast(parts, number.value, rest[...], target, stems, &reader)
            {
                return .success(readings)
            }
            if isFraction && beforeMarker, case .success(let readings) = try fractionOfLast(parts, number.value, rest[...], target, stems, &reader) {
                return .success(readings)
            }
            let outcome = try part(number.value, number.significantDigits, parts, rest[...], target: target, stems: stems, &reader)
            if case .success = outcome { return outcome }
            if case .failure(let reason) = outcome { failure = reason }
            if isFraction && !beforeMarker, case .success(let readings) = try fractionOfLast(parts, number.value, rest[...], target, stems, &reader) {
                return .success(readings)
            }
            // `5 ft 3`, `1 h 30 in min`: a number with no unit after it, at the
            // end or before a marker, counts the unit a mixed unit of
            // `clusters.tsv` puts after the last part's (`foot+inch`).
            // (Or a word of `per`: `4 min 30 au km` is a pace.)
            let ends = rest.first.map { word in
                reader.words.isMarker(word) || reader.words.isFiller(word)
                    || Self.trimmingPunctuation(word.folded).isEmpty
                    || reader.words.meanings(word).contains { $0.kind == .per }
            } ?? true
            // The digits as typed: where the two units are a power of ten
            // apart, as many digits as the power read alike either way.
            let typedDigits = reader.phrase.scalars[word.range.lowerBound..<min(number.end, word.range.upperBound)]
                .allSatisfy({ NumberReader.digit($0) != nil }) ? min(number.end, word.range.upperBound) - word.range.lowerBound : nil
            // An article alone (`a`) is one of a unit named after it, never a
            // count of the implied unit: `quarter 5 a a` is no 5 years 1 month.
            let isArticle = reader.words.meanings(word).contains { $0.kind == .article }
            if ends, !isFraction, !isArticle,
                let implied = try impliedPart(after: parts[parts.count - 1].units, digits: typedDigits, &reader)
            {
                let outcome = try following(
                    parts + [FoundPart(value: number.value, units: implied, significantDigits: number.significantDigits)], rest[...],
                    target: target, stems: stems, &reader)
                if case .success = outcome { return outcome }
            }
        }
        guard let target else {
            return try markerAndTarget(parts, words, first: first, failure: failure, stems: stems, &reader)
        }
        // `combien de litres dans un gallon ?`: the sentence's punctuation, apart, ends it.
        if words.allSatisfy({ Self.trimmingPunctuation($0.folded).isEmpty }) { return try assembleNamedFirst(parts, target, &reader) }
        // `cuantos litros son 5 galones de gasolina`: words naming nothing after the quantity.
        if let outcome = try contextAfter(parts, words, target: target, &reader) { return outcome }
        return .failure(failure ?? .nothingMayFollowTarget(words))
    }

    /// The pace that `parts` of time, then a word of kind `per` and a unit
    /// of length at the start of `words`, make: their sum in the first
    /// part's unit per that length (`4 min 30 au km` is 4.5 min/km, read
    /// as the unit whose symbol that is, `minutes per kilometer`), and how
    /// many words it took. Nil otherwise.
    private func pace(_ parts: [FoundPart], _ words: ArraySlice<Phrase.Word>, _ reader: inout Reader)
        throws(UnitDatabaseError) -> (FoundPart, Int)?
    {
        guard words.count > 1, let per = words.first else { return nil }
        var times: [MeasureUnit] = []
        for part in parts {
            guard let time = part.units.units.first(where: { $0.category == "time" }) else { return nil }
            times.append(time)
        }
        guard reader.words.meanings(per).contains(where: { $0.kind == .per }) else { return nil }
        var total = 0.0
        do {
            for (part, time) in zip(parts, times) { total += try database.convert(part.value, from: time, to: times[0]) }
        } catch .conversionFailed {
            // A sum past a Double's range on the way (found by fuzzing:
            // `… 1e300 hundred years 5 s per km`) is no pace.
            return nil
        }
        guard total.isFinite else { return nil }
        for count in stride(from: min(words.count - 1, 3), through: 1, by: -1) {
            if reader.countStepIsOver() { return nil }
            let span = words.dropFirst().prefix(count)
            guard let found = try lookup(span, languages: reader.languages, stems: true, words: reader.words, memo: &reader.memo),
                let length = found.units.first(where: { $0.category == "length" }),
                let timeSymbol = times[0].symbols.first, let lengthSymbol = length.symbols.first,
                let units = try database.expressionUnits(timeSymbol + "/" + lengthSymbol, languages: reader.languages),
                units.count == 1
            else { continue }
            let unit = try database.namedUnit(equalTo: units[0]) ?? units[0]
            var read = Found(units: [unit], language: found.language)
            read.guess = found.guess
            return (FoundPart(value: total, units: read, significantDigits: parts[0].significantDigits), 1 + count)
        }
        return nil
    }

    /// The units both `found` and the word in brackets `word` name (`(CV)`
    /// after `caballos`, which also names the mechanical horsepower), or
    /// nil when `word` is no such aside.
    private func restated(_ word: Phrase.Word, _ found: Found, _ reader: inout Reader) throws(UnitDatabaseError) -> [MeasureUnit]? {
        guard word.text.utf8.first == UInt8(ascii: "("), Self.bracketed(word.text) != nil else { return nil }
        let inner = reader.phrase.word((word.range.lowerBound + 1)..<(word.range.upperBound - 1))
        guard let named = try lookup([inner][...], languages: reader.languages, stems: false, words: reader.words, memo: &reader.memo)
        else { return nil }
        let both = found.units.filter { named.units.contains($0) }
        return both.isEmpty ? nil : both
    }

    /// After a quantity whose target came first, at most `mostContextWords`
    /// words of context that name nothing together, left out and shown. Nil
    /// when `words` are no such run or the quantity does not convert.
    private func contextAfter(_ parts: [FoundPart], _ words: ArraySlice<Phrase.Word>, target: [Found], _ reader: inout Reader)
        throws(UnitDatabaseError) -> Outcome?
    {
        guard words.count <= Self.mostContextWords else { return nil }
        // No word there names a unit, a symbol neither: it would be a second
        // target (`カップ2杯は何ml`: `ml` is no context of `カップ`).
        for index in words.indices {
            guard try isContextWord(words[index], leading: false, &reader),
                try lookup(words[index...index], languages: reader.languages, stems: false, words: reader.words, memo: &reader.memo) == nil
            else { return nil }
        }
        guard try lookup(words, languages: reader.languages, stems: false, words: reader.words, memo: &reader.memo) == nil,
            case .success(let readings) = try assemble(parts, target, &reader)
        else { return nil }
        let kept = try withContext(readings, words, &reader)
        return kept.isEmpty ? nil : .success(kept)
    }

    /// The rest of `following` when no target came first: a marker and the
    /// target, or the target, or context then the target.
    private func markerAndTarget(
        _ parts: [FoundPart], _ words: ArraySlice<Phrase.Word>, first: Phrase.Word, failure: PhraseFailure?, stems: Bool,
        _ reader: inout Reader
    ) throws(UnitDatabaseError) -> Outcome {
        // A marker and the target, or the target.
        var span = words
        if reader.words.isMarker(first) {
            guard span.count > 1 else { return .failure(failure ?? .problem(.noUnitAfter(word: first.text))) }
            span = span.dropFirst()
        }
        if let outcome = try targetsThatConvert(parts, span, stems: stems, &reader) { return outcome }
        // `250 g flour in ounces`: words naming nothing before the marker.
        if let outcome = try contextThenTarget(parts, words, stems: stems, &reader) { return outcome }
        // `2 TB, wie viel GiB sind das wirklich?`: words naming nothing after the target.
        if let (target, context) = try targetThenContext(span, leading: false, &reader),
            case .success(let readings) = try assemble(parts, target, &reader)
        {
            let kept = try withContext(readings, context, &reader)
            if !kept.isEmpty { return .success(kept) }
        }
        // `-15 °C, ну а в Фаренгейтах сколько?`: words naming nothing around the target.
        if let outcome = try contextAroundTarget(parts, words, stems: stems, &reader) { return outcome }
        return .failure(failure ?? Self.wordProblem(span, reader.memo) ?? .noUnitNamed(span))
    }

    /// The readings of `parts` and the target `span` names: as written,
    /// else without the fillers that end it, else without those that open
    /// it (`كم لتر`: `كم`, how many, is also the kilometre's symbol, and
    /// `km·L` does not convert from a gallon); the first that converts, or
    /// the failure of the first that named units. Nil when none did.
    func targetsThatConvert(_ parts: [FoundPart], _ span: ArraySlice<Phrase.Word>, stems: Bool, _ reader: inout Reader)
        throws(UnitDatabaseError) -> Outcome?
    {
        var failed: Outcome?
        var first: [Found]?
        for way in 0..<3 {
            let found: [Found]?
            switch way {
            case 0: found = try targets(span, &reader, stems: stems)
            case 1: found = try targets(withoutTrailingFillers: span, &reader, stems: stems)
            default: found = try targets(withoutLeadingFillers: span, &reader, stems: stems)
            }
            guard let found else { continue }
            let outcome = try assemble(parts, found, &reader)
            if case .success = outcome { return outcome }
            failed = failed ?? outcome
            first = first ?? found
        }
        // `38.5 degrees in fahrenheit`: a degree with no scale, to a scale.
        if let first, let implied = try impliedScale(parts, first, &reader) { return implied }
        // `100 km/h in miles`: miles per hour.
        if let first, let per = try targetPerQuantity(parts, first, &reader) { return per }
        // `6 min/mile per km`: the quantity's minutes per a kilometre.
        if let per = try perOnlyTarget(parts, span, &reader) { return per }
        return failed
    }

    /// `assemble` of a quantity and the target named before it, else read
    /// as `targetsThatConvert` reads a target named after it: a degree with
    /// no scale as the other scale (`la temperatura en fahrenheit de 20
    /// grados`), a speed's target per its time.
    private func assembleNamedFirst(_ parts: [FoundPart], _ target: [Found], _ reader: inout Reader) throws(UnitDatabaseError)
        -> Outcome
    {
        let outcome = try assemble(parts, target, &reader)
        if case .success = outcome { return outcome }
        if let implied = try impliedScale(parts, target, &reader) { return implied }
        if let per = try targetPerQuantity(parts, target, &reader) { return per }
        return outcome
    }

    /// How many words of a `minus` of several words open `words` (`below
    /// zero`, `au-dessous de zéro`), or nil.
    static func minusAfter(_ words: ArraySlice<Phrase.Word>, _ dictionary: NumberWords) -> Int? {
        guard let first = words.first,
            dictionary.minusOpenings.contains(first.needsVariants ? trimmingPunctuation(first.folded) : first.folded)
        else { return nil }
        for count in stride(from: min(3, words.count), through: 2, by: -1) {
            let folded = trimmingPunctuation(Phrase.joined(words.prefix(count), folded: true))
            if dictionary.meanings(folded: folded).contains(where: { $0.kind == .minus }) { return count }
        }
        // One word (`25 градусов мороза`) when no number follows it: `minus`
        // before a number is that number's sign (`5 °C минус 3 °C`).
        let folded = first.needsVariants ? trimmingPunctuation(first.folded) : first.folded
        if dictionary.meanings(folded: folded).contains(where: { $0.kind == .minus }),
            words.dropFirst().first?.text.unicodeScalars.first.map({ NumberReader.digit($0) == nil }) ?? true,
            !dictionary.isNumberWord(folded: words.dropFirst().first?.folded ?? "")
        {
            return 1
        }
        return nil
    }

    /// The one unit the mixed units of `clusters.tsv` put after the units
    /// of `last` (`foot+inch`: the inch after the foot); nil when none, or
    /// when they put different units there. Not when the two are a power
    /// of ten apart (`meter+centimeter`): there the digits may be the
    /// first unit's decimals (`一米八` is 1.8 m, not 1 m 8 cm).
    private func impliedPart(after last: Found, digits: Int?, _ reader: inout Reader) throws(UnitDatabaseError) -> Found? {
        // One step for the few units of one span, and none past the limit:
        // a step after the last check adds at most `mostWorkOfOneStep`.
        guard !reader.isOverLimit else { return nil }
        reader.work += 1
        var found: MeasureUnit?
        var before: MeasureUnit?
        for unit in last.units {
            guard let next = try database.impliedPart(after: unit) else { continue }
            if let found, found != next { return nil }
            (found, before) = (next, before ?? unit)
        }
        // The ratio of the unit that puts it there: the words may also name
        // units of other categories (`a`: the year and, ignoring case, the
        // ampere), which convert to nothing of its (found by fuzzing).
        guard let found, let before else { return nil }
        let ratio = try database.convert(1, from: before, to: found)
        let exponent = ratio > 0 ? ratio.rounded(.toNearestOrAwayFromZero) : 0
        // Unless the digits typed are as many as the power's zeros: then the
        // part and the decimals are one value (`1 m 80`, `1m80`: 1.80 m either way).
        if exponent > 1, abs(ratio - exponent) < 1e-9 * ratio, Self.isPowerOfTen(exponent),
            digits != Self.zeros(of: exponent)
        {
            return nil
        }
        return Found(units: [found])
    }

    /// The zeros of a power of ten: 2 for 100.
    static func zeros(of power: Double) -> Int {
        var zeros = 0
        var value = power
        while value >= 10 {
            value /= 10
            zeros += 1
        }
        return zeros
    }

    /// Whether `value`, a whole number, is 10, 100, 1000...
    static func isPowerOfTen(_ value: Double) -> Bool {
        var power = 10.0
        while power < value { power *= 10 }
        return power == value
    }

    /// `parts` with `fraction` added to the last one, then what follows.
    private func fractionOfLast(
        _ parts: [FoundPart], _ fraction: Double, _ rest: ArraySlice<Phrase.Word>, _ target: [Found]?, _ stems: Bool,
        _ reader: inout Reader
    ) throws(UnitDatabaseError) -> Outcome {
        var whole = parts
        whole[whole.count - 1].value += fraction
        whole[whole.count - 1].hasFraction = true
        return try following(whole, rest, target: target, stems: stems, &reader)
    }

    /// After the quantity, a marker and the target alone (no other part): nil
    /// when `words` is not a marker and a target.
    private func markedTarget(
        _ parts: [FoundPart], _ words: ArraySlice<Phrase.Word>, stems: Bool, _ reader: inout Reader
    ) throws(UnitDatabaseError) -> Outcome? {
        return try targetsThatConvert(parts, words.dropFirst(), stems: stems, &reader)
    }

    /// Why the first word of `words` did not read (`LookupMemo.wordProblems`).
    static func wordProblem(_ words: ArraySlice<Phrase.Word>, _ memo: LookupMemo) -> PhraseFailure? {
        guard let first = words.first, let problem = memo.wordProblems[first.range.lowerBound] else { return nil }
        return .problem(problem)
    }
}
