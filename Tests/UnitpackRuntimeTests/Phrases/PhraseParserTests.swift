import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// `parse` on the repository's data: the tricky cases by name. The corpus
/// (Phrases/corpus.tsv) checks hundreds more.
@Suite struct PhraseParserTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    /// `value from -> to` of the first reading, or what was not understood.
    func first(_ text: String, _ languages: [String] = ["en", "ru"]) throws -> String {
        switch try database.parse(text, languages: languages) {
        case .understood(let readings):
            let reading = readings[0]
            return "\(reading.value) \(reading.from.key)" + (reading.to.map { " -> \($0.key)" } ?? "")
        case .notUnderstood(let reason):
            return "not understood: \(reason)"
        }
    }

    @Test func inIsAMarkerWhenAUnitFollowsAndTheInchOtherwise() throws {
        #expect(try first("5 feet in meters") == "5.0 length/foot -> length/meter")
        #expect(try first("12 in") == "12.0 length/inch")
        #expect(try first("12 in to cm") == "12.0 length/inch -> length/centimeter")
        #expect(try first("12 in in cm") == "12.0 length/inch -> length/centimeter")
    }

    @Test func secondAfterANumberIsTheTimeUnit() throws {
        #expect(try first("1 second in milliseconds") == "1.0 time/second -> time/millisecond")
        #expect(try first("a second in ms") == "1.0 time/second -> time/millisecond")
    }

    @Test func feetAndInches() throws {
        #expect(try first("5'8\"") == "\(68.0 / 12) length/foot")
        #expect(try first("5' 8\" in cm") == "\(68.0 / 12) length/foot -> length/centimeter")
    }

    @Test func numbersInWordsInBothLanguages() throws {
        #expect(try first("thirty-four feet in meters") == "34.0 length/foot -> length/meter")
        #expect(try first("тридцать четыре фута в метрах") == "34.0 length/foot -> length/meter")
        #expect(try first("пятьсот квадратных футов") == "500.0 area/square foot")
        #expect(try first("полторы тысячи метров в милях") == "1500.0 length/meter -> length/mile")
        #expect(try first("one and a half miles in km") == "1.5 length/mile -> length/kilometer")
        #expect(try first("a dozen inches") == "12.0 length/inch")
    }

    @Test func theDecimalSeparatorFollowsTheFirstLanguage() throws {
        #expect(try first("1,5 метра", ["ru", "en"]) == "1.5 length/meter")
        #expect(try first("1,234 m", ["en"]) == "1234.0 length/meter")
        #expect(try first("1,234 m", ["ru"]) == "1.234 length/meter")
        let both = try database.parse("1,234 m", languages: ["en"]).readings.map(\.value)
        #expect(both == [1234, 1.234], "both readings, the language's first")
    }

    @Test func compoundSpellings() throws {
        #expect(try first("5 ft^2 in m^2") == "5.0 area/square foot -> area/square meter")
        #expect(try first("5 sq ft to m²") == "5.0 area/square foot -> area/square meter")
        #expect(try first("100 km/h in m/s") == "100.0 speed/kilometer per hour -> speed/meter per second")
        #expect(try first("5km") == "5.0 length/kilometer")
        #expect(try first("27psi in bar") == "27.0 pressure/pound-force per square inch -> pressure/bar")
    }

    @Test func hexadecimalAndRomanNumbersWhenTheFrontEndAsks() throws {
        let roman = try database.parse("XIV km in mi", languages: ["en"], numbers: .roman).readings.first
        #expect(roman?.value == 14 && roman?.from.key == "length/kilometer")
        let hex = try database.parse("0x1F m", languages: ["en"], numbers: .hexadecimal).readings.first
        #expect(hex?.value == 31)
        #expect(try first("XIV km") == "not understood: no number in 'XIV km'")
    }

    @Test func notUnderstoodSaysWhy() throws {
        #expect(try first("meters") == "not understood: no number in 'meters'")
        #expect(try first("5 flurbs") == "not understood: no unit named 'flurbs'")
        #expect(try first("5 kg in m") == "not understood: kilogram (mass) cannot be converted to meter (length)")
        #expect(try first("   ") == "not understood: the phrase is empty")
        #expect(try first("5") == "not understood: no unit after the number")
    }

    /// The reason is a case with fields, not a sentence: each of the
    /// sentences above is the `description` of one of these.
    @Test func notUnderstoodIsATypedReason() throws {
        func reason(_ text: String) throws -> PhraseProblem? {
            if case .notUnderstood(let reason) = try database.parse(text, languages: ["en", "ru"]) { return reason }
            return nil
        }
        let kilogram = try database.unit(key: "mass/kilogram")
        let meter = try database.unit(key: "length/meter")
        #expect(try reason("meters") == .noNumber(in: "meters"))
        #expect(try reason("5 flurbs") == .noUnitNamed("flurbs", nearest: []))
        #expect(try reason("5 kg in m") == .cannotConvert(from: kilogram, to: meter))
        #expect(try reason("   ") == .empty)
        #expect(try reason("5") == .noUnitAfterNumber(in: nil))
        #expect(try reason("in meters 34 feet in yards") == .nothingMayFollowTarget("in yards"))
        #expect(try reason("5 km in meters") == nil)
    }

    @Test func theTargetMayComeFirst() throws {
        #expect(try first("в метрах 34 фута") == "34.0 length/foot -> length/meter")
        #expect(try first("how many feet in a mile") == "1.0 length/mile -> length/foot")
        #expect(try first("сколько футов в метре") == "1.0 length/meter -> length/foot")
        // The number's unit ends the phrase: a second target is not read.
        #expect(try first("in meters 34 feet in yards") == "not understood: nothing may follow the quantity after a target named first: 'in yards'")
        #expect(try first("in flurbs 34 feet") == "not understood: no unit named 'flurbs'")
        // A unit named alone, then a marker and the target, is one of it
        // (`a mile in km` without its article); a unit alone states nothing.
        #expect(try first("feet in meters") == "1.0 length/foot -> length/meter")
        #expect(try first("feet") == "not understood: no number in 'feet'")
        #expect(try first("feet meters") == "not understood: no number in 'feet meters'")
        #expect(try first("how many") == "not understood: no number in 'how many'")
        #expect(try first("how many in in a foot") == "1.0 length/foot -> length/inch")
        #expect(try first("in 34 feet") == "not understood: no unit named 'in'")
    }

    /// Text typed or pasted decomposed (NFD: `й` as `и` + U+0306, `é` as
    /// `e` + U+0301) reads as the composed text does.
    @Test func decomposedTextReadsAsComposedText() throws {
        let decomposed = "5 дюи\u{306}мов в сантиметрах"
        #expect(decomposed.utf8.count != "5 дюймов в сантиметрах".utf8.count)
        #expect(try first(decomposed) == "5.0 length/inch -> length/centimeter")
        #expect(try first(decomposed) == first("5 дюймов в сантиметрах"))
        #expect(Array(TextFolding.fold("Cafe\u{301}").utf8) == Array("caf\u{E9}".utf8))  // bytes: String == ignores the encoding
        #expect(TextFolding.fold("ДЮЙМ") == "дюйм")
    }

    @Test func fillersOpenAPhraseButAreNotUnits() throws {
        #expect(try first("convert 5 km to miles") == "5.0 length/kilometer -> length/mile")
        #expect(try first("сколько будет 5 км в милях") == "5.0 length/kilometer -> length/mile")
        // `are` is a unit (100 m²) after a number, a filler before one.
        #expect(try first("5 are in m2") == "5.0 area/are -> area/square meter")
        #expect(try first("how many m2 are in 5 are") == "5.0 area/are -> area/square meter")
        // After the question words, `are` is the unit when nothing else is.
        #expect(try first("how many are in a hectare") == "1.0 area/hectare -> area/are")
        #expect(try first("how many are in 5 hectares") == "5.0 area/hectare -> area/are")
    }

    @Test func aReadingSaysWhichLanguageItsNamesAreIn() throws {
        func language(_ text: String) throws -> String? {
            try database.parse(text, languages: ["en", "ru"]).readings.first?.language
        }
        #expect(try language("тридцать четыре фута в метрах") == "ru")
        #expect(try language("5 км") == "ru")
        #expect(try language("34 feet in meters") == "en")
        // Symbols of every language say nothing; a name after them does.
        #expect(try language("5 km in m") == nil)
        #expect(try language("27 psi in bar") == nil)  // `bar` is a symbol too
        #expect(try language("27 psi in bars") == "en")
        #expect(try language("27 psi в барах") == "ru")
    }
}
