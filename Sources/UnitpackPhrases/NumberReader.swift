import UnitpackDatabase
/// Reads a number written in digits at the start of a text, the way people
/// type, paste or dictate one: `1.5` and `1,5`, `1 234` and `1,234`, signs,
/// `1e3`, `1×10^3` and `1×10³`, `1/2`, `½`, `1½`, `3 1/2`, and on request
/// `0x1F` and Roman numerals. Number words are data, read elsewhere.
///
/// It returns every reading of the longest text that parses, best first: `1,234`
/// is 1234 or 1.234 and the language's decimal separator decides which comes
/// first; `1,5` can only be 1.5. Nothing after the number is accepted or
/// skipped silently: the caller gets the length read and decides what the
/// rest is (`5km` is 5 then `km`). No Foundation: its number formatter costs
/// ~20 MB of ICU and accepts trailing text.
public struct NumberReader: Sendable, Hashable {
    /// The ways of writing numbers a front end may turn on beyond decimal digits.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `0x1F`, `0X1f`.
        public static let hexadecimal = Options(rawValue: 1 << 0)
        /// `XIV`, `MCMXCIX`: canonical, upper case (lower case would read `cm`
        /// as 900 and `mix` as 1009), 1 to 3999.
        public static let roman = Options(rawValue: 1 << 1)
    }

    /// The separator the language writes between the integer and the
    /// fraction (`.` in English, `,` in Russian): it wins when `1,234` or
    /// `1.234` could be either.
    public var decimalSeparator: Character
    /// The ways of writing numbers turned on beyond decimal digits.
    public var options: Options

    /// A reader with `decimalSeparator` first (a language's) and `options`.
    public init(decimalSeparator: Character = ".", options: Options = []) {
        self.decimalSeparator = decimalSeparator
        self.options = options
    }

    /// The readings of the number at the start of `text`, best first; empty
    /// when it does not start with one.
    public func readings(_ text: Substring) -> [Reading] {
        readings(scalars: Array(text.unicodeScalars.prefix(Self.longestNumber))[...])
    }

    /// `readings(_:)` of text already cut into scalars (a phrase is, once):
    /// read in place, without a copy.
    func readings(scalars whole: ArraySlice<Unicode.Scalar>) -> [Reading] {
        if let plain = Self.plainInteger(whole) { return [plain] }
        return fullReadings(scalars: whole)
    }

    /// Every way of reading, without the shortcut for plain integers (which
    /// a test holds to this).
    func fullReadings(scalars whole: ArraySlice<Unicode.Scalar>) -> [Reading] {
        scan(whole).readings
    }

    /// Every way of reading, and the number typed past a Double's range
    /// when there is one (`NumberReader+Range.swift`): such a reading is no
    /// reading, and why is kept for the reason a caller gives.
    func scan(_ whole: ArraySlice<Unicode.Scalar>) -> (readings: [Reading], outOfRange: NumberOutOfRange?) {
        let scalars = whole.prefix(Self.longestNumber)
        var cursor = Cursor(scalars: scalars)
        if options.contains(.hexadecimal), let hex = readHex(&cursor) { return ([hex], nil) }
        if options.contains(.roman), let roman = readRoman(scalars) { return ([roman], nil) }

        cursor = Cursor(scalars: scalars)
        let sign = readSign(&cursor)
        let readings = readDecimal(&cursor)
        if readings.isEmpty {
            // A fraction alone: ½, -¾.
            guard let fraction = readVulgarFraction(&cursor) else { return ([], nil) }
            return ([Reading(value: sign * fraction, length: cursor.position)], nil)
        }
        var outOfRange: NumberOutOfRange?
        // The longest readings, each value once, in the order of preference;
        // kept in one pass (a list made at each step was a tenth of a scan).
        var kept: [Reading] = []
        var longest = 0
        for reading in readings {
            var tail = Cursor(scalars: scalars, position: reading.length)
            var value = reading.value
            var digits = reading.significantDigits
            if let fraction = readFractionTail(&tail, whole: value) {
                value = fraction
                digits = nil
            } else if let exponent = readExponent(&tail) {
                // Through the decimal text, so that 6.022×10^23 is the double nearest 6.022e23.
                let digitsValue = value
                value = Double("\(Self.decimalText(value))e\(exponent)") ?? value * Self.power(exponent)
                // A number past the range of a Double (`3e312`, `10^400`) is
                // no number: infinity would go on through conversions and
                // formatting. Nor is one below it (`1e-400` reads as 0,
                // `1e-322` as a subnormal 9.88e-323 with fewer bits): it
                // would be converted and echoed as another number.
                if let problem = Self.rangeProblem(digitsValue, value, typed: scalars.prefix(tail.position)) {
                    outOfRange = outOfRange ?? problem
                    continue
                }
            }
            // Neither is a reading; the first such number is the reason when no other reading is left.
            guard (sign * value).isFinite, tail.position >= longest else { continue }
            if tail.position > longest {
                kept.removeAll(keepingCapacity: true)
                longest = tail.position
            }
            guard !kept.contains(where: { $0.value == sign * value }) else { continue }
            kept.append(Reading(value: sign * value, length: tail.position, significantDigits: digits, separator: reading.separator))
        }
        return (kept, kept.isEmpty ? outOfRange : nil)
    }

    /// `6 ft`, `180 cm`, `5km`, `2 часа`, `20 °C`: ASCII digits then the end, or a
    /// letter (or a degree or percent sign), or a space and one, which no grouping, fraction or exponent can
    /// follow (`x` and `e` may start an exponent: those take the full
    /// reading). Most numbers typed are such; the full reading costs a
    /// tenth of a parse. Nil when the text is not one.
    static func plainInteger(_ scalars: ArraySlice<Unicode.Scalar>) -> Reading? {
        var index = scalars.startIndex
        var value = 0.0
        var leadingZeros = 0
        while index < scalars.endIndex, case let scalar = scalars[index].value, scalar >= 0x30 && scalar <= 0x39 {
            if value == 0 && scalar == 0x30 { leadingZeros += 1 }
            value = value * 10 + Double(scalar - 0x30)
            index += 1
        }
        let digits = index - scalars.startIndex
        // Exact in a Double up to 15 digits.
        guard digits > 0, digits <= 15 else { return nil }
        func isPlainLetter(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "e", "E", "x", "X": false
            case "a"..."z", "A"..."Z", "°", "℃", "℉", "%", "‰": true
            case _ where scalar.value < 0x80: false
            default: scalar.properties.isAlphabetic  // `2 часа`
            }
        }
        if index < scalars.endIndex {
            let next = scalars[index]
            if next == " " {
                guard index + 1 < scalars.endIndex, isPlainLetter(scalars[index + 1]) else { return nil }
            } else if !isPlainLetter(next) {
                return nil
            }
        }
        // As `significantDigits(integer:fraction:)` counts them.
        return Reading(value: value, length: digits, significantDigits: max(1, digits - leadingZeros))
    }

    /// More than any real number takes; bounds the work on a long paste.
    static let longestNumber = 64

    struct Cursor {
        /// Positions count from the slice's start.
        var scalars: ArraySlice<Unicode.Scalar>
        var position = 0
        var current: Unicode.Scalar? { position < scalars.count ? scalars[scalars.startIndex + position] : nil }
        func peek(_ offset: Int) -> Unicode.Scalar? {
            position + offset < scalars.count ? scalars[scalars.startIndex + position + offset] : nil
        }
        mutating func digits() -> String {
            var text = ""
            while let scalar = current, let digit = NumberReader.digit(scalar) {
                text.unicodeScalars.append(Unicode.Scalar(UInt8(48 + digit)))
                position += 1
            }
            return text
        }
    }

    /// Whether `scalar` is a digit (`digit`) or any other numeral of
    /// Unicode (`½`, `Ⅻ`, `五`). An ASCII scalar is one only as a digit: its
    /// properties are not looked up (a few hundred instructions a word).
    static func isNumeral(_ scalar: Unicode.Scalar) -> Bool {
        digit(scalar) != nil || (!scalar.isASCII && scalar.properties.numericType != nil)
    }

    static func digit(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x30...0x39: Int(scalar.value - 0x30)
        case 0xFF10...0xFF19: Int(scalar.value - 0xFF10)  // full-width digits, from CJK input methods
        // Arabic-Indic (Arabic) and Extended Arabic-Indic (Persian, Urdu) digits:
        // the digits of CLDR's numbering systems arab and arabext.
        case 0x0660...0x0669: Int(scalar.value - 0x0660)
        case 0x06F0...0x06F9: Int(scalar.value - 0x06F0)
        default: nil
        }
    }

    func readSign(_ cursor: inout Cursor) -> Double {
        switch cursor.current {
        case "-", "\u{2212}", "\u{2013}":
            cursor.position += 1
            return -1
        case "+":
            cursor.position += 1
            return 1
        default:
            return 1
        }
    }
}
