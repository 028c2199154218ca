/// Strict decimal numbers for the numeric columns: `12`, `0.11`, `-3`, `1e-3`.
/// Unlike `Double(String)`, it refuses `inf`, `nan`, hexadecimal and trailing text.
enum DecimalLiteral {
    static func parse(_ text: String, allowSign: Bool = false) -> Double? {
        var scalars = Substring(text).unicodeScalars[...]
        if allowSign, scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
        let digits = scalars.prefix(while: isDigit)
        scalars = scalars.dropFirst(digits.count)
        var fraction = Substring.UnicodeScalarView.SubSequence()
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            fraction = scalars.prefix(while: isDigit)
            scalars = scalars.dropFirst(fraction.count)
        }
        guard !digits.isEmpty || !fraction.isEmpty else { return nil }
        if scalars.first == "e" || scalars.first == "E" {
            scalars = scalars.dropFirst()
            if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
            let exponent = scalars.prefix(while: isDigit)
            guard !exponent.isEmpty else { return nil }
            scalars = scalars.dropFirst(exponent.count)
        }
        guard scalars.isEmpty, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    static func parseInteger(_ text: String) -> Int? {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy(isDigit), text.count <= 18 else { return nil }
        return Int(text)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
