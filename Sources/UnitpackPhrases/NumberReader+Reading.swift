import UnitpackDatabase
/// What a reading of a number gives: its value, length, significant digits
/// and how it took a lone separator.
extension NumberReader {
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
}
