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

    /// One way to read the text.
    public struct Reading: Sendable, Hashable {
        /// The number read.
        public var value: Double
        /// How many Unicode scalars of the text the number takes.
        public var length: Int
        /// The significant digits typed (`significantDigits(in:)`): 8 for
        /// `1234567.5` and `1 234 567,5`, 2 for `1.5e3` and `1.5 million`.
        /// Nil for a number that states no digits of precision: a fraction
        /// (`1/2`, `½`, `3 1/2`), hexadecimal, a Roman numeral.
        public var significantDigits: Int?
        /// For a number that reads two ways (`1.500`, `1,500`): how this
        /// reading took its lone separator. Nil for every other number.
        public var separator: Separator?

        /// A reading: the value, the characters it spans, the digits typed and the separator it was read with.
        public init(value: Double, length: Int, significantDigits: Int? = nil, separator: Separator? = nil) {
            self.value = value
            self.length = length
            self.significantDigits = significantDigits
            self.separator = separator
        }
    }

    /// How a reading of `1.500` or `1,500` took its one `.` or `,`: as the
    /// decimal separator (1.5) or as a group separator (1500). A language
    /// reads it one way: the one whose decimal separator it is, as decimal.
    public struct Separator: Sendable, Hashable {
        /// The separator as read (`.`, `,`, `٫`).
        public var character: Character
        /// Whether it was read as the decimal separator (else as a group separator).
        public var isDecimal: Bool
        /// The number as typed, without its sign: `1.500`.
        public var typed: String

        /// A separator: the character, how it was read, and the text typed.
        public init(character: Character, isDecimal: Bool, typed: String) {
            self.character = character
            self.isDecimal = isDecimal
            self.typed = typed
        }

        /// Whether a language whose decimal separator is `decimal` reads the
        /// number this way.
        public func agrees(withDecimal decimal: Character) -> Bool { (character == decimal) == isDecimal }
    }

    /// The significant digits of the digits typed before and after the
    /// decimal separator (grouping and sign left out): every digit from the
    /// first that is not 0 to the last typed, trailing zeros included (`1200`
    /// is 4, `0.0150` is 3; a zero is 1). What the shown result of a
    /// conversion keeps at least (docs/phrases.md, Precision).
    public static func significantDigits(integer: Substring, fraction: Substring) -> Int {
        let digits = integer.utf8.count + fraction.utf8.count
        let zero = UInt8(ascii: "0")
        var leadingZeros = integer.utf8.prefix { $0 == zero }.count
        if leadingZeros == integer.utf8.count { leadingZeros += fraction.utf8.prefix { $0 == zero }.count }
        return max(1, digits - leadingZeros)
    }

    /// `significantDigits(integer:fraction:)` of a plain decimal literal as
    /// `Double(_:)` reads one (`-1234567.5`, `1.5e3`, `.5`); nil for any other
    /// text (`0x1F`, `inf`, `1/2`).
    public static func significantDigits(in literal: String) -> Int? {
        var mantissa = Substring(literal)
        if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) { mantissa = mantissa[..<e] }
        if mantissa.first == "-" || mantissa.first == "+" || mantissa.first == "\u{2212}" { mantissa = mantissa.dropFirst() }
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integer = parts[0]
        let fraction = parts.count > 1 ? parts[1] : ""
        let isDigit: (UInt8) -> Bool = { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        guard !(integer.isEmpty && fraction.isEmpty), integer.utf8.allSatisfy(isDigit), fraction.utf8.allSatisfy(isDigit)
        else { return nil }
        return significantDigits(integer: integer, fraction: fraction)
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
        let scalars = whole.prefix(Self.longestNumber)
        var cursor = Cursor(scalars: scalars)
        if options.contains(.hexadecimal), let hex = readHex(&cursor) { return [hex] }
        if options.contains(.roman), let roman = readRoman(scalars) { return [roman] }

        cursor = Cursor(scalars: scalars)
        let sign = readSign(&cursor)
        var readings = readDecimal(&cursor)
        if readings.isEmpty {
            // A fraction alone: ½, -¾.
            guard let fraction = readVulgarFraction(&cursor) else { return [] }
            return [Reading(value: sign * fraction, length: cursor.position)]
        }
        readings = readings.map { reading in
            var tail = Cursor(scalars: scalars, position: reading.length)
            var value = reading.value
            var digits = reading.significantDigits
            if let fraction = readFractionTail(&tail, whole: value) {
                value = fraction
                digits = nil
            } else if let exponent = readExponent(&tail) {
                // Through the decimal text, so that 6.022×10^23 is the double nearest 6.022e23.
                value = Double("\(Self.decimalText(value))e\(exponent)") ?? value * Self.power(exponent)
            }
            return Reading(value: sign * value, length: tail.position, significantDigits: digits, separator: reading.separator)
        }
        // A number past the range of a Double (`3e312`, `10^400`) is no
        // number: infinity would go on through conversions and formatting.
        readings.removeAll { !$0.value.isFinite }
        // The longest reading first; among equals, the order of preference.
        let longest = readings.map(\.length).max() ?? 0
        var seen: [Double] = []
        return readings.filter { $0.length == longest }.filter { reading in
            if seen.contains(reading.value) { return false }
            seen.append(reading.value)
            return true
        }
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

    /// Separators people put between groups of three digits.
    /// ARABIC THOUSANDS SEPARATOR (U+066C) groups and nothing else, as
    /// ARABIC DECIMAL SEPARATOR (U+066B) is only a decimal separator (CLDR's
    /// symbols of the arab numbering system): `١٬٥٠٠` is 1500, `٣٫٥` 3.5.
    static let groupSeparators: Set<Unicode.Scalar> = [
        ",", ".", " ", "\u{A0}", "\u{202F}", "\u{2009}", "'", "\u{2019}", "_", "\u{066C}",
    ]

    /// Separators between the integer and the fraction.
    static func isDecimalSeparator(_ scalar: Unicode.Scalar) -> Bool { scalar == "." || scalar == "," || scalar == "\u{066B}" }

    /// The integer with its grouping and the fraction after the decimal
    /// separator: one reading, or two when a lone `,` or `.` before three
    /// digits could be either.
    /// Lengths are from the start of the text (the sign included).
    func readDecimal(_ cursor: inout Cursor) -> [Reading] {
        let head = cursor.digits()
        var fractionOnly = false
        if head.isEmpty {
            // `.5`, `,5`
            guard let separator = cursor.current, Self.isDecimalSeparator(separator),
                let next = cursor.peek(1), Self.digit(next) != nil
            else { return [] }
            fractionOnly = true
        }
        var integer = head
        var groupSeparator: Unicode.Scalar?
        var groups = 0
        // Groups: a separator then exactly three digits, the same separator
        // each time; never after a lone 0 (0.750 is three quarters).
        if !fractionOnly && head.count <= 3 && head != "0" {
            while let separator = cursor.current, Self.groupSeparators.contains(separator),
                groupSeparator == nil || separator == groupSeparator
            {
                var lookahead = cursor
                lookahead.position += 1
                let group = lookahead.digits()
                guard group.count == 3 else { break }
                groupSeparator = separator
                integer += group
                groups += 1
                cursor = lookahead
            }
        }
        let afterInteger = cursor.position
        // A decimal separator other than the group separator, then digits.
        var fraction = ""
        if let separator = cursor.current, Self.isDecimalSeparator(separator), separator != groupSeparator {
            var lookahead = cursor
            lookahead.position += 1
            let digits = lookahead.digits()
            if !digits.isEmpty {
                fraction = digits
                cursor = lookahead
            }
        }
        guard let value = Double((integer.isEmpty ? "0" : integer) + (fraction.isEmpty ? "" : "." + fraction)) else {
            return []
        }
        let typed = Self.significantDigits(integer: Substring(integer), fraction: Substring(fraction))
        var readings = [Reading(value: value, length: cursor.position, significantDigits: typed)]
        // `1,234` or `1.234` alone: a group, or a decimal fraction.
        if groups == 1 && fraction.isEmpty, let separator = groupSeparator, separator == "," || separator == ".",
            let decimal = Double(head + "." + String(integer.dropFirst(head.count)))
        {
            let text = head + String(separator) + String(integer.dropFirst(head.count))
            readings[0].separator = Separator(character: Character(separator), isDecimal: false, typed: text)
            let alternative = Reading(
                value: decimal, length: afterInteger, significantDigits: typed,
                separator: Separator(character: Character(separator), isDecimal: true, typed: text))
            if Character(separator) == decimalSeparator {
                readings.insert(alternative, at: 0)
            } else {
                readings.append(alternative)
            }
        }
        return readings
    }

    /// `1/2` after nothing, `3 1/2`, `1½`, `1 ½`: the whole number read so
    /// far is `whole`. Nil when no fraction follows.
    func readFractionTail(_ cursor: inout Cursor, whole: Double) -> Double? {
        var probe = cursor
        // A plain fraction right after the integer: 1/2.
        if probe.current == "/" || probe.current == "\u{2044}" {
            probe.position += 1
            let denominator = probe.digits()
            guard let d = Double(denominator), d != 0 else { return nil }
            cursor = probe
            return whole / d
        }
        // An optional space, then ½ or a/b: a mixed number.
        var spaced = probe
        if spaced.current == " " || spaced.current == "\u{A0}" || spaced.current == "-" { spaced.position += 1 }
        for var candidate in [probe, spaced] {
            if let fraction = readVulgarFraction(&candidate) {
                cursor = candidate
                return whole + fraction
            }
        }
        guard spaced.position > probe.position, whole == whole.rounded() else { return nil }
        let numerator = spaced.digits()
        guard !numerator.isEmpty, spaced.current == "/" || spaced.current == "\u{2044}" else { return nil }
        spaced.position += 1
        let denominator = spaced.digits()
        guard let n = Double(numerator), let d = Double(denominator), d != 0, n < d else { return nil }
        cursor = spaced
        return whole + n / d
    }

    static let vulgarFractions: [Unicode.Scalar: Double] = [
        "½": 1.0 / 2, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 1.0 / 4, "¾": 3.0 / 4, "⅕": 1.0 / 5, "⅖": 2.0 / 5,
        "⅗": 3.0 / 5, "⅘": 4.0 / 5, "⅙": 1.0 / 6, "⅚": 5.0 / 6, "⅐": 1.0 / 7, "⅛": 1.0 / 8, "⅜": 3.0 / 8,
        "⅝": 5.0 / 8, "⅞": 7.0 / 8, "⅑": 1.0 / 9, "⅒": 1.0 / 10,
    ]

    func readVulgarFraction(_ cursor: inout Cursor) -> Double? {
        guard let scalar = cursor.current, let value = Self.vulgarFractions[scalar] else { return nil }
        cursor.position += 1
        return value
    }

    static let superscripts: [Unicode.Scalar: Int] = [
        "⁰": 0, "¹": 1, "²": 2, "³": 3, "⁴": 4, "⁵": 5, "⁶": 6, "⁷": 7, "⁸": 8, "⁹": 9,
    ]

    /// `e3`, `E-3`, `×10^3`, `x10^-3`, `*10^3`, `·10³`, ` × 10^3`: the
    /// exponent of ten, or nil (and the cursor unmoved) when none follows.
    func readExponent(_ cursor: inout Cursor) -> Int? {
        var probe = cursor
        if probe.current == "e" || probe.current == "E" {
            probe.position += 1
            guard let exponent = readSignedInteger(&probe) else { return nil }
            cursor = probe
            return exponent
        }
        if probe.current == " " { probe.position += 1 }
        guard let times = probe.current, ["×", "x", "X", "*", "·", "⋅"].contains(times) else { return nil }
        probe.position += 1
        if probe.current == " " { probe.position += 1 }
        guard probe.current == "1", probe.peek(1) == "0" else { return nil }
        probe.position += 2
        var exponent: Int?
        if probe.current == "^" {
            probe.position += 1
            exponent = readSignedInteger(&probe)
        } else {
            var negative = false
            if probe.current == "⁻" {
                negative = true
                probe.position += 1
            }
            var value = 0, count = 0
            while let scalar = probe.current, let digit = Self.superscripts[scalar] {
                value = value * 10 + digit
                count += 1
                probe.position += 1
            }
            if count > 0 { exponent = negative ? -value : value }
        }
        guard let exponent else { return nil }
        cursor = probe
        return exponent
    }

    func readSignedInteger(_ cursor: inout Cursor) -> Int? {
        var probe = cursor
        var negative = false
        if probe.current == "-" || probe.current == "\u{2212}" {
            negative = true
            probe.position += 1
        } else if probe.current == "+" {
            probe.position += 1
        }
        let digits = probe.digits()
        guard !digits.isEmpty, digits.count <= 4, let value = Int(digits) else { return nil }
        cursor = probe
        return negative ? -value : value
    }

    /// The shortest text that reads back as `value` (Swift's description).
    static func decimalText(_ value: Double) -> String { "\(value)" }

    static func power(_ exponent: Int) -> Double {
        // Exact for the exponents a Double can hold: 1e-3 is 0.001, not 0.0010000000000000002.
        Double("1e\(exponent)") ?? (exponent < 0 ? 0 : .infinity)
    }

    func readHex(_ cursor: inout Cursor) -> Reading? {
        guard cursor.current == "0", cursor.peek(1) == "x" || cursor.peek(1) == "X" else { return nil }
        var probe = cursor
        probe.position += 2
        var value: Double = 0
        var count = 0
        while let scalar = probe.current, let digit = Self.hexDigit(scalar) {
            value = value * 16 + Double(digit)
            count += 1
            probe.position += 1
        }
        guard count > 0 else { return nil }
        cursor = probe
        return Reading(value: value, length: probe.position)
    }

    static func hexDigit(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x30...0x39: Int(scalar.value - 0x30)
        case 0x41...0x46: Int(scalar.value - 0x41 + 10)
        case 0x61...0x66: Int(scalar.value - 0x61 + 10)
        default: nil
        }
    }

    static let romanValues: [Unicode.Scalar: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]

    /// A canonical Roman numeral (`XIV`, not `IIII` or `IC`) in upper case,
    /// followed by no letter.
    func readRoman(_ scalars: ArraySlice<Unicode.Scalar>) -> Reading? {
        var letters: [Unicode.Scalar] = []
        for scalar in scalars {
            guard Self.romanValues[scalar] != nil else { break }
            letters.append(scalar)
        }
        guard !letters.isEmpty else { return nil }
        if letters.count < scalars.count, scalars[scalars.startIndex + letters.count].properties.isAlphabetic { return nil }
        var value = 0
        let numbers = letters.map { Self.romanValues[$0]! }
        for (index, number) in numbers.enumerated() {
            if index + 1 < numbers.count, number < numbers[index + 1] { value -= number } else { value += number }
        }
        guard (1...3999).contains(value), Self.roman(value) == String(String.UnicodeScalarView(letters)) else {
            return nil
        }
        return Reading(value: Double(value), length: letters.count)
    }

    /// The canonical spelling of `value`: 14 -> XIV.
    static func roman(_ value: Int) -> String {
        let table: [(Int, String)] = [
            (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
            (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
        ]
        var rest = value
        var text = ""
        for (number, letters) in table {
            while rest >= number {
                text += letters
                rest -= number
            }
        }
        return text
    }
}
