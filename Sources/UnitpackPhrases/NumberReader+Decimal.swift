import UnitpackDatabase
/// Decimal digits: groups of three and the decimal separator.
extension NumberReader {
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
}
