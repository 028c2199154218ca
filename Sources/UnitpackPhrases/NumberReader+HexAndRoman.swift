import UnitpackDatabase
/// The ways of writing a number a front end turns on (`Options`):
/// hexadecimal and Roman numerals.
extension NumberReader {
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
