import Testing
import UnitpackTestSupport

@testable import UnitpackRuntime
@testable import UnitpackDatabase
@testable import UnitpackPhrases
@testable import UnitpackSearch

/// Numbers in digits as people type them: every reading of the longest
/// number at the start of the text, best first.
@Suite struct NumberReaderTests {
    func read(_ text: String, decimal: Character = ".", options: NumberReader.Options = []) -> [Double] {
        NumberReader(decimalSeparator: decimal, options: options).readings(Substring(text)).map(\.value)
    }

    func length(_ text: String, options: NumberReader.Options = []) -> Int? {
        NumberReader(options: options).readings(Substring(text)).first?.length
    }

    @Test(arguments: [
        ("1.5", 1.5), ("1,5", 1.5), ("0.25", 0.25), (".5", 0.5), (",5", 0.5), ("42", 42), ("-40", -40),
        ("−40", -40), ("+3", 3), ("1 234", 1234), ("1 234,5", 1234.5), ("1,234.5", 1234.5), ("1.234.567", 1_234_567),
        ("1 234 567", 1_234_567), ("12'345", 12345), ("1\u{202F}000", 1000), ("1e3", 1000), ("2.5E-3", 0.0025),
        ("1×10^3", 1000), ("1 x 10^-3", 0.001), ("6.022*10^23", 6.022e23), ("1·10³", 1000), ("5×10⁻²", 0.05),
        ("1/2", 0.5), ("3/4", 0.75), ("½", 0.5), ("1½", 1.5), ("1 ½", 1.5), ("3 1/2", 3.5), ("2-1/4", 2.25),
        ("-¾", -0.75), ("１２", 12),
    ])
    func readsTheNumber(text: String, value: Double) {
        let found = read(text)
        #expect(found.first == value, "\(text): \(found)")
        #expect(length(text) == text.unicodeScalars.count, "\(text) is read whole")
    }

    /// Found by `Scripts/fuzz number-reader`: `3e312` read as infinity.
    @Test func aNumberPastTheRangeOfADoubleIsNoNumber() {
        #expect(read("3e312").isEmpty)
        #expect(read("1×10^400 m").isEmpty)
        #expect(read("44 454e444").isEmpty)
        #expect(read("1.7e308") == [1.7e308])
        #expect(read("0e-400") == [0], "a 0 is a 0 whatever its exponent")
    }

    /// Issue 37, finding 4: below the range too (`1e-400` read as 0, `1e-322`
    /// as a subnormal with fewer digits) the number is none, and
    /// `outOfRange` says which number, as typed, and which way.
    @Test func aNumberBelowTheRangeOfADoubleIsNoNumber() {
        #expect(read("1e-400").isEmpty)
        #expect(read("1e-322 m").isEmpty)
        #expect(read("-2.5×10^-320").isEmpty)
        #expect(read("2.3e-308") == [2.3e-308], "the least normal magnitudes are numbers")
        let reader = NumberReader()
        #expect(reader.outOfRange("1e-400 m") == NumberOutOfRange(text: "1e-400", isTooLarge: false, read: 0))
        #expect(reader.outOfRange("3e312") == NumberOutOfRange(text: "3e312", isTooLarge: true, read: .infinity))
        #expect(reader.outOfRange("1e-322")?.read.isSubnormal == true)
        #expect(reader.outOfRange("1e-300") == nil && reader.outOfRange("km") == nil)
        #expect(NumberReader.outOfRange(literal: "1e-400")?.text == "1e-400")
        #expect(NumberReader.outOfRange(literal: "-1e400")?.isTooLarge == true)
        #expect(NumberReader.outOfRange(literal: "0x1p-1070")?.read.isSubnormal == true)
        for plain in ["0e-400", "0", "1.5", "inf", "nan", "1e-300", "abc"] { #expect(NumberReader.outOfRange(literal: plain) == nil, "\(plain)") }
    }

    @Test func aLoneSeparatorBeforeThreeDigitsIsBothAndTheLanguageDecides() {
        #expect(read("1,234") == [1234, 1.234])
        #expect(read("1,234", decimal: ",") == [1.234, 1234])
        #expect(read("1.234") == [1.234, 1234])
        #expect(read("1.234", decimal: ",") == [1234, 1.234])
        // Two groups, or a fraction after the groups: only one reading.
        #expect(read("1,234,567") == [1_234_567])
        #expect(read("1 234,5", decimal: ",") == [1234.5])
    }

    /// Arabic-Indic and Extended Arabic-Indic digits, with the Arabic decimal
    /// and thousands separators, which read one way only (issue 20 §2).
    @Test func arabicIndicDigitsAndSeparators() {
        #expect(read("٣٫٥") == [3.5])
        #expect(read("١٬٥٠٠") == [1500])
        #expect(read("١٬٥٠٠٫٥") == [1500.5])
        #expect(read("۱۲") == [12])
        #expect(read("٣٫٥", decimal: ",") == [3.5], "whatever the language's separator")
        #expect(NumberReader().readings("٣٫٥").first?.significantDigits == 2)
    }

    @Test func theNumberEndsWhereTheUnitBegins() {
        #expect(length("5km") == 1)
        #expect(length("5 km") == 1)
        #expect(length("27 psi") == 2)
        #expect(length("1e") == 1)
        #expect(length("2 x 10 m") == 1, "× 10 without a power is a second number, not an exponent")
        #expect(length("60/min") == 2)
        #expect(length("5'8\"") == 1, "5 feet 8 inches: the reader stops at the foot mark")
        #expect(length("1,5 метра") == 3)
    }

    @Test func notANumber() {
        for text in ["", "km", "in", "-", ".", ",", "e3", "/2", "x10^3"] {
            #expect(read(text).isEmpty, "\(text)")
        }
    }

    @Test func hexadecimalAndRomanOnlyWhenAsked() {
        #expect(read("0x1F", options: .hexadecimal) == [31])
        #expect(read("0X1f", options: .hexadecimal) == [31])
        #expect(read("0x1F") == [0], "without the option, 0 then x1F")
        #expect(read("XIV", options: .roman) == [14])
        #expect(read("MCMXCIX", options: .roman) == [1999])
        #expect(read("XIV").isEmpty)
        for text in ["IIII", "IC", "cm", "mix", "XIVth", "MMMM"] {
            #expect(read(text, options: .roman).isEmpty, "\(text)")
        }
    }

    @Test func seededRandomNumbersRoundTrip() {
        let seed = SeededGenerator.seed()
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<2000 {
            let integer = Int.random(in: 0...9_999_999, using: &rng)
            let fraction = Int.random(in: 0...999, using: &rng)
            let value = Double("\(integer).\(fraction)")!
            let grouped = Self.grouped(integer, separator: [" ", "\u{A0}", "'"].randomElement(using: &rng)!)
            for (text, decimal) in [("\(grouped).\(fraction)", Character(".")), ("\(grouped),\(fraction)", Character(","))] {
                let found = read(text, decimal: decimal)
                #expect(found.first == value, "seed \(seed): \(text): \(found)")
            }
        }
    }

    /// The shortcut for plain integers (`6 ft`) reads what the full reader
    /// reads, and leaves to it everything it is not sure of: seeded random
    /// digits before what may follow a number.
    @Test func plainIntegersReadAsTheFullReaderReadsThem() {
        let seed = SeededGenerator.seed()
        var rng = SeededGenerator(seed: seed)
        let tails = [
            "", "km", " ft", " x 10^3", "x10^3", " × 10³", "e5", "E-2", " ½", "½", " 1/2", "/2", ",5", ".5", " 234",
            ",234", " часа", " х", " е", " e", "'", "′", " Ⅻ", " ", "  m", "-", " - 3", "\u{A0}234", " X", " é", " ft 2 in", " °C", "°F", " ℃", " %", "‰", " ²", " ⅓",
        ]
        var shortcuts = 0
        for _ in 0..<3000 {
            let digits = String((0..<Int.random(in: 1...17, using: &rng)).map { _ in "0123456789".randomElement(using: &rng)! })
            let text = digits + tails.randomElement(using: &rng)!
            let scalars = Array(text.unicodeScalars)[...]
            for decimal in [Character("."), Character(",")] {
                let reader = NumberReader(decimalSeparator: decimal)
                guard let plain = NumberReader.plainInteger(scalars) else { continue }
                shortcuts += 1
                #expect([plain] == reader.fullReadings(scalars: scalars), "seed \(seed): \(text.debugDescription)")
            }
        }
        #expect(shortcuts > 500, "seed \(seed)")
        #expect(NumberReader.plainInteger(Array("1 234".unicodeScalars)[...]) == nil)
        #expect(NumberReader.plainInteger(Array("6 ft".unicodeScalars)[...])?.value == 6)
    }

    static func grouped(_ value: Int, separator: String) -> String {
        let digits = Array(String(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += separator }
            text.append(digit)
        }
        return text
    }
}
