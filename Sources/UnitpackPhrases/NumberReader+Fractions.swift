import UnitpackDatabase
/// Fractions: `1/2`, `½`, `1½`, `3 1/2`.
extension NumberReader {
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
}
