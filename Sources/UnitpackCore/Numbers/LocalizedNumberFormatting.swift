/// A number as a language writes it, and the same number as CLDR's plural
/// operands read it: the plural form must agree with the digits the user
/// sees (`1 метр` but `1,0 метра`), so both come from one rounding.
public struct LocalizedNumber: Sendable, Hashable {
    /// For display: `1 234,5`, `1,234.5`, `1.5 × 10²⁰`.
    public var text: String
    /// ASCII digits for `PluralOperands`: `1234.5`; `1.5c20` for a large
    /// number in scientific form (CLDR's compact exponent operand `e`).
    public var pluralText: String
}

/// Formats numbers with a language's separators and grouping, without
/// Foundation or ICU. Rounding and the switch to scientific notation are those
/// of `DecimalFormatting`, so every renderer agrees on the digits.
public enum LocalizedNumberFormatting {
    /// How a number is written: its significant digits, fraction digits and grouping.
    public struct Options: Sendable, Hashable {
        /// At most this many significant digits, in `1...17`.
        public var significantDigits: Int
        /// Pad the fraction with zeros to at least this many digits (`1.50`);
        /// the padding counts as visible fraction digits for plural rules.
        public var minimumFractionDigits: Int
        /// Separate digit groups (`1 234`); off for output meant for scripts.
        public var grouping: Bool

        /// Options: `significantDigits` (1 to 17) kept, at least `minimumFractionDigits`
        /// after the separator, digit groups (`1 234`) when `grouping`.
        public init(significantDigits: Int = 6, minimumFractionDigits: Int = 0, grouping: Bool = true) {
            self.significantDigits = min(17, max(1, significantDigits))
            self.minimumFractionDigits = min(20, max(0, minimumFractionDigits))
            self.grouping = grouping
        }
    }

    /// `value` rounded to the options' digits and written with `symbols`
    /// (separators, minus sign, digits), with the digits its plural form is
    /// chosen by. Very large and small values get a readable scientific form.
    /// - Complexity: proportional to the digits written; no allocation beyond the strings.
    public static func format(_ value: Double, symbols: NumberSymbols, options: Options = Options()) -> LocalizedNumber {
        if value.isNaN { return LocalizedNumber(text: "NaN", pluralText: "0") }
        if value.isInfinite { return LocalizedNumber(text: value < 0 ? symbols.minusSign + "∞" : "∞", pluralText: "0") }
        var number = wholeNumber(value, symbols: symbols, options: options) ?? rounded(value, symbols: symbols, options: options)
        if let digits = symbols.digits { number.text = nativeDigits(number.text, digits) }
        return number
    }

    /// `text` (a number just written with ASCII digits) with the numbering
    /// system's digits: `٥٫٥` in Arabic. The separators are the system's already.
    public static func nativeDigits(_ text: String, _ digits: [Character]) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count * 2)
        for character in text {
            if let ascii = character.asciiValue, ascii >= 48, ascii <= 57 {
                result.append(digits[Int(ascii - 48)])
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `format` of a finite value by its rounded decimal digits: the general path.
    static func rounded(_ value: Double, symbols: NumberSymbols, options: Options) -> LocalizedNumber {
        let decimal = DecimalDigits(value, significantDigits: options.significantDigits)
        let sign = decimal.isNegative ? symbols.minusSign : ""
        let digits = decimal.digits.map { Character(Unicode.Scalar(UInt8(ascii: "0") + $0)) }
        if DecimalFormatting.usesScientificNotation(decimal) {
            return scientific(decimal, digits: digits, sign: sign, symbols: symbols)
        }
        var integer: [Character]
        var fraction: [Character]
        if decimal.exponent <= 0 {
            integer = ["0"]
            fraction = digits == ["0"] ? [] : Array(repeating: "0", count: -decimal.exponent) + digits
        } else if decimal.exponent >= digits.count {
            integer = digits + Array(repeating: "0", count: decimal.exponent - digits.count)
            fraction = []
        } else {
            integer = Array(digits[..<decimal.exponent])
            fraction = Array(digits[decimal.exponent...])
        }
        if fraction.count < options.minimumFractionDigits {
            fraction += Array(repeating: "0", count: options.minimumFractionDigits - fraction.count)
        }
        let plain = String(integer) + (fraction.isEmpty ? "" : "." + String(fraction))
        if options.grouping { integer = grouped(integer, symbols: symbols) }
        let text = sign + String(integer) + (fraction.isEmpty ? "" : symbols.decimal + String(fraction))
        return LocalizedNumber(text: text, pluralText: plain)
    }

    /// A whole number below 10^15 whose digits all fit the significant digits
    /// asked for (a count, a part of a mixed quantity), written from its integer
    /// value: the same text as the general path, which finds these digits in the
    /// shortest representation at several times the cost (below 2^53 that
    /// representation is the integer's digits). Nil for any other value.
    static func wholeNumber(_ value: Double, symbols: NumberSymbols, options: Options) -> LocalizedNumber? {
        guard value.magnitude < 1e15, value == value.rounded(.towardZero) else { return nil }
        let plain = String(UInt64(value.magnitude))
        var significant = plain.utf8.count
        for byte in plain.utf8.reversed() {
            guard byte == UInt8(ascii: "0"), significant > 1 else { break }
            significant -= 1
        }
        // More digits than asked for: the general path rounds them.
        guard significant <= options.significantDigits else { return nil }
        let sign = value < 0 ? symbols.minusSign : ""
        // Most whole numbers are too short to group: no array of characters for them.
        let groups = options.grouping && plain.utf8.count >= symbols.primaryGrouping + symbols.minimumGroupingDigits
        let integer = groups ? String(grouped(Array(plain), symbols: symbols)) : plain
        guard options.minimumFractionDigits > 0 else { return LocalizedNumber(text: sign + integer, pluralText: plain) }
        let zeros = String(repeating: "0", count: options.minimumFractionDigits)
        return LocalizedNumber(text: sign + integer + symbols.decimal + zeros, pluralText: plain + "." + zeros)
    }

    /// `1 234 567` from `1234567`, following primary/secondary group sizes and
    /// the minimum grouping digits.
    static func grouped(_ integer: [Character], symbols: NumberSymbols) -> [Character] {
        guard integer.count >= symbols.primaryGrouping + symbols.minimumGroupingDigits else { return integer }
        let separator = Array(symbols.group)
        var groups: [ArraySlice<Character>] = []
        var end = integer.count
        var size = symbols.primaryGrouping
        while end > 0 {
            let start = max(0, end - size)
            groups.append(integer[start..<end])
            end = start
            size = symbols.secondaryGrouping
        }
        return Array(groups.reversed().joined(separator: separator))
    }

    /// `1.5 × 10²⁰` for display. Large numbers give CLDR's compact form to the
    /// plural rules (`1.5c20`: French, among others, picks `many` by it); tiny ones
    /// a plain fraction with the same significant digits, since what matters to
    /// the rules is that visible fraction digits exist and what they end with.
    static func scientific(_ decimal: DecimalDigits, digits: [Character], sign: String, symbols: NumberSymbols)
        -> LocalizedNumber
    {
        let exponent = decimal.exponent - 1
        let mantissa = String(digits[0]) + (digits.count > 1 ? symbols.decimal + String(digits.dropFirst()) : "")
        let text = sign + mantissa + " × 10" + superscript(exponent)
        let asciiMantissa = String(digits[0]) + (digits.count > 1 ? "." + String(digits.dropFirst()) : "")
        let pluralText = exponent > 0 ? asciiMantissa + "c" + String(exponent) : "0.000000" + String(digits)
        return LocalizedNumber(text: text, pluralText: pluralText)
    }

    static func superscript(_ exponent: Int) -> String {
        let glyphs: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        let digits = String(exponent.magnitude).map { glyphs[Int($0.asciiValue ?? 48) - 48] }
        return (exponent < 0 ? "⁻" : "") + String(digits)
    }
}
