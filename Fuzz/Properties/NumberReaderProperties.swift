import UnitpackRuntime

/// `NumberReader.readings`: every reading takes the same number of scalars
/// (the longest text that parses), at least one and no more than the text
/// has, and its value is a finite number, whatever the separator and options.
enum NumberReaderProperties {
    static func check(_ input: [UInt8]) -> String? {
        let text = String(decoding: input, as: UTF8.self)
        let scalars = text.unicodeScalars.count
        for separator: Character in [".", ","] {
            for options: NumberReader.Options in [[], [.hexadecimal, .roman]] {
                let readings = NumberReader(decimalSeparator: separator, options: options).readings(Substring(text))
                guard let first = readings.first else { continue }
                guard readings.allSatisfy({ $0.length == first.length }), first.length >= 1, first.length <= scalars else {
                    return "\(text.debugDescription) (\(separator)): readings of lengths \(readings.map(\.length)) in \(scalars) scalars"
                }
                if let bad = readings.first(where: { !$0.value.isFinite }) {
                    return "\(text.debugDescription) (\(separator)): reads as \(bad.value)"
                }
            }
        }
        return nil
    }
}
