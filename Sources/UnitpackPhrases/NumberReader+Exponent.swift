import UnitpackDatabase
/// Powers of ten: `1e3`, `1×10^3`, `1×10³`.
extension NumberReader {
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
}
