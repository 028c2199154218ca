/// The samples after `@integer` or `@decimal`, each item with its column.
struct SampleList {
    struct Item {
        let first: String
        let last: String?
        let location: SourceLocation
    }

    let items: [Item]

    /// Samples are checked up to this many values per range (`0~100000`
    /// would otherwise be checked value by value).
    static let maxValuesPerRange = 1000

    func mismatches(with rules: PluralRules, listedUnder category: PluralCategory) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for item in items {
            for value in item.values() {
                guard let found = rules.category(for: value), found != category else { continue }
                let shown = item.last == nil ? "'\(value)'" : "'\(value)' (of \(item.first)~\(item.last!))"
                diagnostics.append(
                    Diagnostic(.pluralSampleMismatch,
                               "sample \(shown) is listed under '\(category.rawValue)' but the rules make it '\(found.rawValue)'",
                               at: item.location,
                               hint: "fix the condition, or move the sample to the category it belongs to"))
                break
            }
        }
        return diagnostics
    }
}

extension SampleList.Item {
    /// The values of a sample or of a range `0.0~1.5`: every number between,
    /// stepping by the last visible digit.
    func values() -> [String] {
        guard let last else { return [first] }
        let (low, scale) = Self.scaled(first)
        let (high, _) = Self.scaled(last)
        guard let low, let high, low <= high else { return [first, last] }
        var values: [String] = []
        let count = high - low + 1
        let step = max(1, count / UInt64(SampleList.maxValuesPerRange))
        var value = low
        while value <= high {
            values.append(Self.text(value, scale: scale))
            let (next, overflow) = value.addingReportingOverflow(step)
            if overflow { break }
            value = next
        }
        if values.last != last { values.append(last) }
        return values
    }

    /// `1.5` as (15, 1).
    static func scaled(_ text: String) -> (UInt64?, Int) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let scale = parts.count == 2 ? parts[1].count : 0
        return (UInt64(parts.joined()), scale)
    }

    static func text(_ value: UInt64, scale: Int) -> String {
        guard scale > 0 else { return String(value) }
        var digits = String(value)
        if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
        let point = digits.index(digits.endIndex, offsetBy: -scale)
        return digits[..<point] + "." + digits[point...]
    }
}
