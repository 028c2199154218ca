/// The words of one or more languages that act as operators in a unit
/// expression, folded (`TextFolding.fold`): `per`, `на` divide, `times`
/// multiplies, `square` and `cubic` raise the unit after them, `squared` and
/// `в квадрате` the unit before them. They come from the database
/// (`locales/<lang>/words.tsv`), never from code; an entry may be two words.
public struct ExpressionWords: Sendable, Hashable {
    public var per: Set<String>
    public var times: Set<String>
    /// A word before a unit and its power: `square` 2, `cubic` 3.
    public var powerBefore: [String: Int]
    /// A word after a unit and its power: `squared` 2, `в кубе` 3.
    public var powerAfter: [String: Int]

    public init(
        per: Set<String> = [], times: Set<String> = [], powerBefore: [String: Int] = [:], powerAfter: [String: Int] = [:]
    ) {
        self.per = per
        self.times = times
        self.powerBefore = powerBefore
        self.powerAfter = powerAfter
    }

    /// No words: symbols only (`kg*m/s^2`), as the build reads `units-src/` symbols.
    public static let none = ExpressionWords()

    public var isEmpty: Bool { per.isEmpty && times.isEmpty && powerBefore.isEmpty && powerAfter.isEmpty }

    /// Whether `folded` (one word, or two joined by a space) is an operator word.
    func role(of folded: String) -> Bool {
        per.contains(folded) || times.contains(folded) || powerBefore[folded] != nil || powerAfter[folded] != nil
    }

    /// The longest number of words an entry has (1 or 2).
    var longestEntry: Int {
        let all = Array(per) + Array(times) + Array(powerBefore.keys) + Array(powerAfter.keys)
        return all.contains { $0.contains(" ") } ? 2 : 1
    }
}
