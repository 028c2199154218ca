import UnitpackCore

extension Vectors {
    /// The numbers E705 tries (docs/plural-rules.md), small ones first: the
    /// integers 0 to 1000, the decimals up to 100 with one then two fraction
    /// digits, the round numbers d·10^k up to 9·10^17. Every category a
    /// language's rules have is reached by one of them (E705 refuses rules
    /// with a category none reaches).
    static let pluralCandidates: [String] = {
        var numbers = (0...1000).map(String.init)
        for tenths in 0...1000 { numbers.append("\(tenths / 10).\(tenths % 10)") }
        for hundredths in 0...10000 {
            let fraction = hundredths % 100
            numbers.append("\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)")
        }
        for exponent in 4...17 {
            for digit in 1...9 { numbers.append(String(digit) + String(repeating: "0", count: exponent)) }
        }
        return numbers
    }()

    /// Numbers every language is checked with, whatever its categories.
    static let commonNumbers = ["0", "1", "2", "3", "5", "11", "21", "22", "25", "101", "1000", "1000000", "0.5", "1.0", "1.5", "2.5", "1.50", "0.05"]

    /// Where each number first comes: the common numbers, then the candidates.
    static let candidateOrder: [String: Int] = {
        var order: [String: Int] = [:]
        for (index, number) in (commonNumbers + pluralCandidates).enumerated() where order[number] == nil { order[number] = index }
        return order
    }()

    /// For each language: the common numbers and the first three of the
    /// candidates that reach each of its categories, in candidate order.
    func pluralNumbers() throws -> [(language: String, rules: PluralRules, numbers: [(String, PluralCategory)])] {
        try snapshot.languages.map { language in
            let rules = try PluralRules(canonicalText: language.pluralRules)
            var chosen: Set<String> = Set(Self.commonNumbers)
            var reached: [PluralCategory: Int] = [:]
            for number in Self.pluralCandidates {
                guard let category = rules.category(for: number) else { continue }
                if reached[category, default: 0] < 3 {
                    reached[category, default: 0] += 1
                    chosen.insert(number)
                }
                if reached.count == rules.categories.count, reached.values.allSatisfy({ $0 >= 3 }) { break }
            }
            let order = Self.candidateOrder
            let numbers = chosen.sorted { order[$0, default: 0] < order[$1, default: 0] }.compactMap { number in
                rules.category(for: number).map { (number, $0) }
            }
            return (language.code, rules, numbers)
        }
    }

    func plurals() throws -> String {
        var cases: [JSONValue] = []
        for (language, rules, numbers) in try pluralNumbers() {
            let categories = rules.categories.map { JSONValue.string($0.rawValue) }
            for (number, category) in numbers {
                cases.append(.object([
                    ("language", .string(language)), ("number", .string(number)), ("category", .string(category.rawValue)),
                    ("categories", .array(categories)),
                ]))
            }
        }
        return file("plurals", cases)
    }
}
