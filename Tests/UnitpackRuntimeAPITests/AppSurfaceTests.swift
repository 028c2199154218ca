// What an app writes: this file imports the runtime and nothing else of the
// package, and its target enables MemberImportVisibility, so a type or a
// member that the runtime uses but does not re-export fails to compile here
// (issue 22, "one import"). PublicAPITests checks that it names every public
// type of the runtime and every type it re-exports.
import Testing
import UnitpackRuntime

@Suite struct AppSurfaceTests {
    let library: UnitLibrary
    var database: UnitDatabase { library.database }

    init() throws {
        library = try UnitLibrary(directory: BuiltData.directory, budget: 256 << 10)
    }

    /// Which data is open (issue 22 §4): the format this library reads and
    /// the sources' hash, as the manifest gives them.
    @Test func theDataSaysWhichItIs() throws {
        let version: DataVersion = database.dataVersion
        #expect(version.formatVersion == UnitDatabase.readableFormatVersion)
        #expect(version.sourceHash.count == 64 && version.sourceHash.allSatisfy(\.isHexDigit))
        #expect(version.description.hasPrefix("format \(UnitDatabase.readableFormatVersion), sources "))
        #expect(DataVersion(formatVersion: 1, sourceHash: "ab", generator: "g").formatVersion == 1)
    }

    @Test func openingAndBudgets() throws {
        let shares: UnitLibrary.Shares = library.shares
        #expect(shares.objects > 0 && shares.pageCache > 0 && shares.searchShards > 0)
        #expect(library.budget == 256 << 10)
        #expect(UnitLibrary.minimumCacheBytes > 0)
        let statistics: RuntimeStatistics = library.statistics
        let databaseStatistics: DatabaseStatistics = statistics.database
        let searchStatistics: SearchStatistics = statistics.search
        #expect(statistics.bytesHeld <= statistics.budget)
        #expect(databaseStatistics.bytesHeld >= databaseStatistics.openBytes)
        #expect(searchStatistics.budget > 0)
        library.purge()

        // What opening costs is measured with SQLite's process-wide counter,
        // which tests running beside this one move (freeing as much as the
        // open allocates reads as 0): an open that measured nothing is
        // retried, a few times at most, as UnitLibraryTests does.
        var separate = try UnitDatabase(directory: BuiltData.directory)
        for _ in 0..<3 where separate.openBytes == 0 {
            separate = try UnitDatabase(directory: BuiltData.directory)
        }
        #expect(separate.openBytes > 0)
        try separate.setBudgets(pageCacheBytes: 64 << 10, objectCacheBytes: 64 << 10)
        #expect(try separate.verify() > 0)
        let pack = try SearchPack(directory: BuiltData.directory, budget: 64 << 10)
        #expect(try pack.verify() > 0)
        pack.setBudget(32 << 10)
        pack.purge()
        #expect(pack.shardCount > 0)
        #expect(try SearchPack.path(inDirectory: BuiltData.directory) == pack.path)
        #expect(!pack.languages.isEmpty)

        #expect(throws: UnitLibraryError.self) { try UnitLibrary(directory: BuiltData.directory + "/none", budget: 1 << 20) }
    }

    @Test func lookupAndConversion() throws {
        let meter: MeasureUnit = try database.unit(key: "length/meter")
        let id: UnitID = meter.id
        #expect(try database.unit(id) == meter)
        #expect(meter.key == "length/meter" && meter.category == "length" && meter.name == "meter")
        let conversion: Conversion = meter.conversion
        if case .linear(let factor) = conversion { #expect(factor == 1) } else { Issue.record("meter: \(conversion)") }
        let system: MeasurementSystem = meter.system
        #expect(system == .metric)
        let flags: UnitFlags = meter.flags
        #expect(flags.contains(.siPrefixes) && !meter.isInverse)
        #expect(meter.priority > 0 && meter.tier >= 0 && meter.impliedUsage == nil && meter.symbols.contains("m"))

        let mile = try database.unit(named: "mile")
        #expect(try database.convert(1, from: mile, to: meter) == 1609.344)
        let named: ConvertedValue = try database.convert(1, from: "mi", to: "m")
        #expect(named.value == 1609.344 && named.from == mile && named.to == meter)
        #expect(!(try database.candidates(for: "m")).isEmpty)
        #expect(!(try database.candidatesOrExpression("km/h")).isEmpty)

        let fahrenheit = try database.unit(key: "temperature/degree Fahrenheit")
        let difference = try #require(try database.differenceUnit(of: fahrenheit))
        #expect(try database.absoluteUnit(ofDifference: difference) == fahrenheit)
        #expect(try database.alsoReadings(of: try database.unit(key: "mass/ounce")).count >= 0)
        #expect(try database.sameQuantityFactor(from: "rotation-speed", to: "frequency") != nil)

        let formula: Formula? = if case .formulas(let toBase, _) = fahrenheit.conversion { toBase } else { nil }
        let expression: FormulaExpression? = formula?.expression
        #expect(expression != nil)
        _ = [FormulaOperator.add: FormulaFunction.allCases.count]
        #expect(throws: FormulaSyntaxError.self) { try Formula(parsing: "x +") }
        let failure: FormulaEvaluationError? = nil
        #expect(failure == nil)
    }

    @Test func expressions() throws {
        let torque: CompoundUnit = try database.compoundUnit("N*m")
        let part: CompoundUnit.Part = torque.parts[0]
        #expect(part.power == 1 && part.prefix == nil && !part.written.isEmpty)
        let choices: [CompoundUnit.Choice] = torque.choices
        _ = choices.map { ($0.written, $0.chosen, $0.others) }
        let dimension: QuantityDimension = torque.dimension
        #expect(CompoundUnit.categoryKey(of: dimension).hasPrefix(torque.categories.isEmpty ? "" : ""))
        #expect(!torque.symbol.isEmpty && torque.factor == 1 && torque.number == 1 && !torque.isSingleUnit)
        #expect(!(try database.units(of: torque)).isEmpty)
        let hecto: UnitPrefix? = try database.compoundUnit("hN").parts[0].prefix
        #expect(hecto?.factor == 100 && hecto?.name == "hecto")
        #expect(try database.unit(named: "m").isExpression == false)

        let meter = try database.unit(key: "length/meter")
        let second = try database.unit(key: "time/second")
        let name = try database.compoundName(
            numerator: [CompoundNamePart(unit: meter)], denominator: [CompoundNamePart(unit: second)], count: 2, language: "en")
        #expect(name != nil)
        func named<U: CompoundNameUnit>(_ part: CompoundPart<U>) -> Int { part.unit.compoundNameID }
        #expect(named(CompoundNamePart(unit: meter)) == meter.compoundNameID && meter.compoundNameCategory == "length")
    }

    @Test func formattingInALanguage() throws {
        let language: Language = try database.language("ru")
        let numbering: Language.Numbering = language.numbering
        let symbols: NumberSymbols = numbering.latn
        _ = (numbering.native, numbering.nativeSystem, numbering.nativeSymbols, numbering.latnRegions, numbering.dependsOnRegion)
        let separators: [String: RegionSeparators] = numbering.regionSeparators
        let grouping: [String: RegionGrouping] = numbering.regionGrouping
        let system: NumberingSystem = numbering.system(forRegion: "RU")
        #expect(system.name == "latn" && system.symbols == symbols)
        _ = (separators, grouping)
        let rules: PluralRules = language.plurals
        let category: PluralCategory = rules.category(for: try #require(PluralOperands("2")))
        #expect(category == .few)
        #expect(throws: PluralRulesError.self) { try PluralRules(canonicalText: "one: n = ") }
        #expect(language.inRegion("RU").code == "ru" && !language.name.isEmpty && language.isComplete)
        #expect(!language.longPattern.isEmpty && !language.shortPattern.isEmpty && language.numberingSystem == "latn")
        let copy = Language(code: "xx", name: "X", isComplete: false, plurals: rules, numbering: Language.Numbering(latn: symbols))
        #expect(copy.code == "xx")

        let meter = try database.unit(key: "length/meter")
        let options = LocalizedNumberFormatting.Options(significantDigits: 6, minimumFractionDigits: 0, grouping: true)
        let formatted: FormattedQuantity = try database.format(1.5, meter, language: "ru", options: options)
        #expect(formatted.long == "1,5 метра")
        #expect(formatted.number == "1,5" && formatted.pluralCategory == .other && formatted.nameLanguage == "ru" && !formatted.short.isEmpty)
        #expect(try database.format(5, meter, language: language).long == "5 метров")
        let number: LocalizedNumber = LocalizedNumberFormatting.format(2, symbols: language.numbers)
        #expect(language.pluralCategory(of: number) == .few)

        let names: LocalizedNames = try database.names(of: meter, in: "ru")
        #expect(names.display == "метры" || !names.display.isEmpty)
        #expect(names.form(for: .one) == "метр" && names.language == "ru" && names.forms[.many] == "метров")
        _ = (names.symbol, names.hasSymbol, names.composedFrom, names.countedCaseForms)
        let key = LocalizedNames.PatternKey(isShort: false, category: .one)
        _ = names.patterns[key]
        #expect(UnitDatabase.fallbackLanguage == "en" && UnitDatabase.region(of: "ar-EG") == "EG")
    }

    @Test func mixedQuantities() throws {
        let centimeter = try database.unit(key: "length/centimeter")
        let foot = try database.unit(key: "length/foot")
        let inch = try database.unit(key: "length/inch")
        let rounding: MixedRounding = .fraction(denominator: 8)
        #expect(MixedRounding.fractionDenominators.contains(8))
        let quantity: MixedQuantity = try database.split(180, of: centimeter, into: [foot, inch], rounding: rounding)
        let parts: [MixedQuantity.Part] = quantity.shownParts
        #expect(parts[0].value == 5 && parts[0].unit == foot && parts[1].unit == inch)
        let fraction: MixedQuantity.Fraction? = quantity.fraction
        #expect(fraction?.denominator == 8 && fraction?.numerator == 7 && !quantity.isNegative && quantity.rounding == rounding)
        #expect(quantity.parts.count == 2)
        let written: FormattedMixedQuantity = try database.format(quantity, language: "en")
        #expect(written.long == "5 feet 10 7/8 inches" && !written.short.isEmpty && written.parts.count == 2)
        let refusal = #expect(throws: UnitDatabaseError.self) { try database.split(1, of: inch, into: [inch, foot]) }
        if case .invalidMixedQuantity(let problem)? = refusal {
            let known: MixedQuantityProblem = problem
            #expect(!known.description.isEmpty)
        } else {
            Issue.record("inch, foot (not largest first): \(String(describing: refusal))")
        }
    }

    @Test func targets() throws {
        let meter = try database.unit(key: "length/meter")
        let best: PreferredTarget = try #require(try database.bestTarget(for: 1000, in: meter, region: "US"))
        #expect(best.unit.key == "length/foot" || best.units.count >= 1)
        #expect(best.value > 0)
        #expect(try database.bestTarget(for: 10, in: meter, system: .imperial) != nil)
        let request = TargetRequest(region: "GB", regionSource: .language, system: nil, usage: "road")
        let expected: ExpectedTarget = try #require(try database.expectedTarget(for: 5000, in: meter, request: request))
        let source: TargetChoiceSource = expected.readerSource
        #expect(source == .language && expected.usageSource == .given && expected.usage == "road" && expected.reader == "GB")
        _ = (expected.target, expected.alternatives)
        #expect(try database.usages().contains("default"))
        #expect(try database.knownUsage("ROAD-small") == "road-small")
        #expect(UnitDatabase.regionCode("us") == "US")
        let pint = try database.unit(key: "volume/US pint")
        #expect(try database.regionalReading(of: pint, words: "2 pints", region: "GB", language: "en")?.key == "volume/imperial pint")
    }

    /// A value and its units turned into an answer by one call (issue 35):
    /// the target given, mixed (`ft+in`) or expected; a phrase's reading;
    /// the reasons, as values with their words.
    @Test func answers() throws {
        let meter = try database.unit(key: "length/meter")
        let mile = try database.unit(key: "length/mile")
        let named: ConversionAnswer = try database.answer(1, from: "mile", to: "kilometer")
        // `=` or `≈`: whether the digits shown are the result (issue 37).
        #expect(!named.isExact(significantDigits: 6) && named.isExact(significantDigits: 7))
        #expect(throws: UnitDatabaseError.conversionFailed(.underflow)) { try database.answer(1e-300, from: "pm", to: "Pm") }
        #expect(named.from == mile && named.to.key == "length/kilometer" && named.result == 1.609344)
        #expect(named.value == 1 && named.targets == [named.to] && named.mixed == nil && named.choice == nil)
        let given: [PhraseQuantity] = named.parts
        #expect(given == [PhraseQuantity(value: 1, unit: mile)] && named.significantDigits == nil)

        let height = try database.answer(180, from: "cm", to: "ft+in", significantDigits: 3)
        #expect(height.mixed?.parts.map(\.value) == [5, 11] && height.significantDigits == 3)
        let targets = try #require(try database.mixedTargets("ft+in", like: meter))
        #expect(targets.map(\.key) == ["length/foot", "length/inch"] && targets.allSatisfy(\.isProportional))
        #expect(try database.mixedTargets("ft", like: meter) == nil)
        let units = try database.answer(180, from: try database.unit(key: "length/centimeter"), to: targets, rounding: .fraction(denominator: 8))
        #expect(units.mixed?.fraction?.denominator == 8)

        let expected = try database.answer(10, from: "km", request: TargetRequest(region: "US"))
        #expect(expected.to.key == "length/mile" && expected.choice?.readerSource == .given)
        #expect(try database.answer(10, from: try database.unit(key: "length/kilometer"), request: TargetRequest(region: "US")) == expected)

        let sievert = try database.unit(key: "equivalent-dose/sievert")
        let refusal = #expect(throws: UnitDatabaseError.self) { try database.answer(5, from: sievert) }
        guard case .noAnswer(let problem)? = refusal else {
            Issue.record("5 Sv with no target: \(String(describing: refusal))")
            return
        }
        let known: AnswerProblem = problem
        #expect(known == .noPreferredUnits(sievert) && refusal?.code == "database.noAnswer")
        #expect(known.description == "no preferred units for equivalent-dose (units-src/clusters.tsv): give the target unit")
        #expect(throws: UnitDatabaseError.noAnswer(.mixedTargetCategory(part: "kg", category: "length"))) {
            try database.answer(5, from: "m", to: "ft+kg")
        }
        let fahrenheit = try database.unit(key: "temperature/degree Fahrenheit")
        #expect(throws: UnitDatabaseError.noAnswer(.fractionOfScale(fahrenheit))) {
            try database.answer(5, from: "°C", to: "°F", rounding: .fraction(denominator: 8))
        }

        let reader = PhraseReader(database: database)
        let reading = try #require(try reader.parse("6 ft 2 in in cm", languages: ["en"]).readings.first)
        let answer = try #require(try reader.answer(for: reading, request: TargetRequest(), rounding: .whole))
        #expect(answer.parts == reading.parts && answer.to.key == "length/centimeter" && abs(answer.result - 187.96) < 1e-9)
        let noTarget = try #require(try reader.parse("5 sievert", languages: ["en"]).readings.first)
        #expect(try reader.answer(for: noTarget) == nil)
        let why: PhraseProblem = .noPreferredUnits(noTarget.from)
        #expect(why.description.hasPrefix("sievert has no preferred units"))

        let other = PhraseReading(value: 2, from: try database.unit(key: "volume/imperial pint"))
        let precedence: ReadingPrecedence = ReadingPrecedence(reading, before: reading)
        #expect(precedence == .equal && precedence.description == "the first of equal readings")
        let regional = ReadingPrecedence.regional(written: try database.unit(key: "volume/US pint"), read: other.from, region: "GB")
        #expect(regional.description == "volume/US pint is read as volume/imperial pint in GB (units-src/relations.tsv, regional)")
        _ = [ReadingPrecedence.asWritten, .numberReading, .sourceRanks(first: meter, second: mile), .targetRanks(first: meter, second: mile)]
        if let separator = NumberReader(decimalSeparator: ",").readings("1,5").first?.separator {
            _ = ReadingPrecedence.separator(separator, languages: ["de"])
        }
    }

    @Test func phrasesAndSearch() throws {
        let result: PhraseResult = try database.parse("5 km in miles", languages: ["en"])
        let reading: PhraseReading = try #require(result.readings.first)
        #expect(reading.value == 5 && reading.from.name == "kilometer" && reading.to?.name == "mile")
        let part: PhraseQuantity = reading.parts[0]
        #expect(part.value == 5 && part.unit == reading.from && part.significantDigits == 1)
        let fit: PhraseFit = reading.fit
        #expect(fit == .asWritten && !fit.explanation.isEmpty)
        _ = (reading.language, reading.separator, reading.separatorLanguages, reading.significantDigits, reading.targets, result.ambiguity)
        _ = try database.regionalReading(of: reading, phrase: "5 km in miles", region: "GB")
        // The reader as a type of its own reads the same as the database's shorthand.
        let phraseReader = PhraseReader(database: database)
        #expect(phraseReader.database === database)
        #expect(try phraseReader.parse("5 km in miles", languages: ["en"]) == result)
        #expect(PhraseReader.maxPhraseBytes == UnitDatabase.maxPhraseBytes && PhraseReader.phraseTooLong("5 km") == nil)
        #expect(try database.phraseLanguages().contains("en"))
        #expect(UnitDatabase.maxPhraseBytes == 4096 && UnitDatabase.phraseTooLong("5 km") == nil)
        let tooLong: PhraseProblem? = UnitDatabase.phraseTooLong(String(repeating: "m", count: 5000))
        #expect(tooLong == .tooLong(bytes: 5000, limit: 4096))
        guard case .notUnderstood(let reason) = try database.parse("5 flurbs", languages: ["en"]) else {
            Issue.record("'5 flurbs' was understood")
            return
        }
        #expect(reason == .noUnitNamed("flurbs", nearest: []) && reason.description == "no unit named 'flurbs'")

        let corrected: CorrectedPhraseResult = try database.parse("5 kilomters in miles", languages: ["en"], correctingWith: library.search)
        let correction: PhraseCorrection? = corrected.corrections.first
        // Its errors: the database's or the pack's, with the carried code (issue 37).
        let failure: CorrectedParseError = .search(.queryTooLong(bytes: 1, limit: 0))
        #expect(failure.code == "search.queryTooLong" && CorrectedParseError.database(.noLanguagesAsked).code == "database.noLanguagesAsked")
        #expect(correction?.from == "kilomters" && correction?.to == "kilometers")
        #expect(!corrected.result.readings.isEmpty)
        // A corrected word is a guess every reading carries (issue 37).
        let guess: PhraseGuess? = corrected.result.readings.first?.guesses.first
        let kind: PhraseGuess.Kind? = guess?.kind
        #expect(kind == .correction && guess?.word == "kilomters" && guess?.readAs == "kilometers")
        #expect(PhraseGuess(kind: .cutEnding, word: "inchs", readAs: "inch").description == "a guess: 'inchs' read as 'inch', its ending cut")

        let reader = NumberReader(decimalSeparator: ",", options: [.roman, .hexadecimal])
        let number: NumberReader.Reading = try #require(reader.readings("1,5").first)
        #expect(number.value == 1.5 && number.length == 3 && number.significantDigits == 2)
        let separator: NumberReader.Separator? = number.separator
        _ = (separator?.character, separator?.isDecimal, separator?.typed, separator?.agrees(withDecimal: ","))
        #expect(NumberReader.significantDigits(in: "1200") == 4 && NumberReader.significantDigits(integer: "12", fraction: "0") == 3)
        _ = NumberReader.Reading(value: 1, length: 1)
        _ = NumberReader.Separator(character: ".", isDecimal: true, typed: ".")
        // A number typed past a Double's range is none, and says why (issue 37).
        let outOfRange: NumberOutOfRange? = reader.outOfRange("1e-400 m")
        #expect(outOfRange == NumberOutOfRange(text: "1e-400", isTooLarge: false, read: 0) && reader.readings("1e-400 m").isEmpty)
        #expect(NumberReader.outOfRange(literal: "1e400")?.isTooLarge == true && outOfRange?.description.isEmpty == false)
        let words = NumberWords([(word: "two", meaning: NumberWords.Meaning(kind: PhraseWordKind.number, value: 2))])
        #expect(words.value(of: ["two"]) == 2)
        #expect(words.isNumberWord("two"))
        #expect(!words.isMarker("two") && words.meanings(of: "two").count == 1)
        _ = NumberWords([(word: "два", meaning: NumberWords.Meaning(kind: .number, value: 2), language: "ru")])

        let matches: [SearchMatch] = try library.search.search("kilom", languages: ["en"], limit: 5)
        let first = try #require(matches.first)
        let form: SearchPackFormat.Form = first.form
        _ = (form, first.key, first.language, first.isExact, first.priority, first.distance, first.isCorrected)
        #expect(try database.unit(first.unit).name.hasPrefix("kilo"))
        #expect(!(try library.search.nearest("kilometrs", languages: ["en"])).isEmpty)
        #expect(SearchPack.maxQueryBytes == UnitDatabase.maxPhraseBytes)
        #expect(SearchPack.forgivenEdits(letters: SearchPack.twoEditLetters) == 2)
        _ = (SearchPack.forgivingMinimumLetters, SearchPack.forgivingMaximumScalars, SearchPack.forgivingWanted)
    }

    /// One `do` block, every error the library throws matched by its type's
    /// cases: each associated value is a type an app can name.
    @Test func errorsAreTheRuntimes() {
        func describe(_ error: UnitDatabaseError) -> String {
            switch error {
            case .fileNotFound(let path), .notAFile(let path), .notAUnitDatabase(let path): path
            case .generation(let error): (error as GenerationError).description
            case .unsupportedFormatVersion(let found, let supported): "\(found) \(supported)"
            case .corrupt(let path, let detail): path + detail
            case .damaged(let path, let damage): path + (damage as DatabaseDamage).description
            case .unknownUnit(let text): text
            case .unknownLanguage(let code, let available): code + available.joined()
            case .ambiguousUnit(let text, let candidates): text + candidates.joined()
            case .incompatibleUnits(let from, let fromCategory, let to, let toCategory): from + fromCategory + to + toCategory
            case .absoluteAndDifference(let from, let to, let differenceFrom, let differenceTo): from + to + differenceFrom + differenceTo
            case .conversionFailed(let error): (error as FormulaEvaluationError).description
            case .invalidMixedQuantity(let problem): problem.description
            case .badExpression(let text, let error): text + (error as UnitExpressionError).description
            case .notInExpression(let text, let unit): text + unit
            case .unknownCategory(let category, let available): category + available.joined()
            case .invalidRegion(let text): text
            case .unknownUsage(let usage, let available): usage + available.joined()
            case .noLanguagesAsked: ""
            case .storage(let code, let message, let sql): "\(code) \(message) \(sql ?? "")"
            case .noAnswer(let problem): (problem as AnswerProblem).description
            }
        }
        func describe(_ error: SearchPackError) -> String {
            switch error {
            case .fileNotFound(let path), .notAFile(let path), .notAPack(let path): path
            case .generation(let error): error.description
            case .unreadable(let path, let errno): "\(path) \(errno)"
            case .unsupportedVersion(let found, let supported): "\(found) \(supported)"
            case .truncated(let path, let damage): path + (damage as SearchPackError.Truncation).description
            case .corruptIndex(let path, let damage): path + (damage as SearchPackError.IndexDamage).description
            case .corruptShard(let path, let shard, let damage): "\(path) \(shard) \((damage as SearchPackError.ShardDamage).description)"
            case .queryTooLong(let bytes, let limit): "\(bytes) \(limit)"
            }
        }
        func describe(_ error: UnitLibraryError) -> String {
            switch error {
            case .generation(let error): error.description
            case .database(let error): describe(error)
            case .search(let error): describe(error)
            case .budgetTooSmall(let given, let minimum): "\(given) \(minimum)"
            }
        }
        do {
            _ = try database.unit(named: "no such unit")
            Issue.record("found a unit named 'no such unit'")
        } catch {
            #expect(describe(error) == "no such unit")
        }
        #expect(describe(.budgetTooSmall(given: 1, minimum: 2)) == "1 2")
        // One catch for any of them, by a stable code.
        do {
            _ = try library.search.search(String(repeating: "m", count: SearchPack.maxQueryBytes + 1))
            Issue.record("a query over the limit was searched")
        } catch let error as any UnitpackError {
            #expect(error.code == "search.queryTooLong" && !error.description.isEmpty)
        } catch {
            Issue.record("not a UnitpackError: \(error)")
        }
        let errors: [any UnitpackError] = [
            UnitDatabaseError.unknownUnit("x"), UnitLibraryError.budgetTooSmall(given: 1, minimum: 2),
            UnitLibraryError.database(.corrupt(path: "p", detail: "d")),
            UnitDatabaseError.damaged(path: "p", damage: .checksumMismatch(table: "units")),
        ]
        #expect(errors.map(\.code) == ["database.unknownUnit", "library.budgetTooSmall", "database.corrupt", "database.damaged"])
        // The reason is a value to match, located by table, column and key.
        let damage: DatabaseDamage = .invalidValue(table: "units", column: "factor", key: "3", value: nil)
        switch damage {
        case .invalidValue(let table, let column, let key, _): #expect(table + column + (key ?? "") == "unitsfactor3")
        default: Issue.record("\(damage)")
        }
        #expect(describe(.damaged(path: "p", damage: damage)) == "punit 3 has an invalid factor")
        #expect(describe(SearchPackError.queryTooLong(bytes: 5000, limit: 4096)) == "5000 4096")
        let stream: SearchPackError.StreamDamage = .cutShort
        #expect(describe(.corruptShard(path: "p", shard: 2, damage: .stream(stream))) == "p 2 the deflate data is cut short")
    }

    /// The calls an app makes first (issue 22 §1): a lookup within a
    /// category, checked regions and usages, a phrase in any language,
    /// search rows with their names.
    @Test func firstCallsJustWork() throws {
        #expect(try database.unit(named: "cm", in: "length").key == "length/centimeter")
        // One centimetre: typography converts to length's, it does not repeat it.
        #expect(try database.unit(named: "cm").key == "length/centimeter")
        #expect(try database.unit(named: "pt", in: "typography").key == "typography/point")
        #expect(try database.categoryKeys().contains("typography"))
        let categories = try database.categoryKeys()
        #expect(throws: UnitDatabaseError.unknownCategory("lenght", available: categories)) {
            try database.unit(named: "cm", in: "lenght")
        }
        #expect(throws: UnitDatabaseError.unknownUnit("kg")) { try database.unit(named: "kg", in: "length") }

        let meter = try database.unit(key: "length/meter")
        let us = try database.bestTarget(for: 1000, in: meter, region: "US")
        #expect(try database.bestTarget(for: 1000, in: meter, region: "us") == us)
        #expect(throws: UnitDatabaseError.invalidRegion("USA")) { try database.bestTarget(for: 1, in: meter, region: "USA") }
        let tag = #expect(throws: UnitDatabaseError.invalidRegion("en-US")) { try database.bestTarget(for: 1, in: meter, region: "en-US") }
        #expect(tag?.description.hasSuffix("the region of this language tag is US") == true)
        let road = try database.bestTarget(for: 5000, in: meter, region: "GB", usage: "road")
        let roadAnyCase = try database.bestTarget(for: 5000, in: meter, region: "gb", usage: "ROAD")
        #expect(road != nil && roadAnyCase == road)
        let usage = #expect(throws: UnitDatabaseError.self) { try database.bestTarget(for: 1, in: meter, region: "GB", usage: "raod") }
        #expect(usage?.code == "database.unknownUsage")
        #expect(throws: UnitDatabaseError.invalidRegion("gbr")) {
            try database.expectedTarget(for: 1, in: meter, request: TargetRequest(region: "gbr"))
        }

        #expect(try database.parse("5 километров в милях").readings.first?.language == "ru")
        #expect(try database.defaultPhraseLanguages().first == "en")
        #expect(throws: UnitDatabaseError.noLanguagesAsked) { try database.parse("5 km in miles", languages: []) }

        let rows: [NamedSearchMatch] = try library.search("kilomet", displayLanguage: "ru-RU", limit: 3)
        let row = try #require(rows.first)
        #expect(row.unit.id == row.match.unit && row.unit.key == "length/kilometer")
        let russian = try database.names(of: row.unit, in: "ru")
        #expect(row.nameLanguage == "ru" && row.displayName == russian.display)
    }
}
