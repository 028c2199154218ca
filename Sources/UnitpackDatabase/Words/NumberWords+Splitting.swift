/// Tokens written without spaces that are number words written together
/// (`einundzwanzig`).
extension NumberWords {
    /// The longest token `split(folded:)` tries, in Unicode scalars: longer
    /// than any number written as one word (`zweitausenddreihundertvierundfünfzig` is 36).
    package static let longestSplitToken = 64

    /// A token that is no word of the table but is wholly words of numbers
    /// written together, longest match first (`einundzwanzig`: `ein`, `und`,
    /// `zwanzig`; `zweihundertfünfzig`; `ventotto`: `vent`, `otto`), or nil.
    /// The same step will read languages written without spaces.
    package func split(folded token: String) -> [String]? {
        // Most words start no number word: refused before any allocation.
        guard longestSplittable > 0, let first = token.unicodeScalars.first, let start = Self.start(of: token),
            splittableScalars.contains(first) || splitStarts.contains(start)
        else { return nil }
        let scalars = Array(token.unicodeScalars)
        guard scalars.count <= Self.longestSplitToken, scalars.allSatisfy({ $0.properties.isAlphabetic }) else { return nil }
        // Positions known not to split to the end: each is tried once, so the
        // search is linear in the token times the longest word.
        var dead = Set<Int>()
        var pieces: [String] = []
        func search(_ start: Int) -> Bool {
            if start == scalars.count { return true }
            if dead.contains(start) { return false }
            // A piece of two scalars or more starts as some word does, and one
            // of one is a word: checked on the scalars, before a string is made.
            let pairStarts = start + 1 < scalars.count
                && splitStarts.contains(UInt64(scalars[start].value) << 32 | UInt64(scalars[start + 1].value))
            for length in stride(from: min(longestSplittable, scalars.count - start), through: 1, by: -1) {
                if length == 1 ? !splittableScalars.contains(scalars[start]) : !pairStarts { continue }
                var piece = String.UnicodeScalarView()
                piece.append(contentsOf: scalars[start..<(start + length)])
                let word = String(piece)
                guard let entry = table.entry(word), entry.flags & WordTable.splittableFlag != 0 else { continue }
                pieces.append(word)
                if search(start + length) { return true }
                pieces.removeLast()
            }
            dead.insert(start)
            return false
        }
        guard search(0), pieces.count > 1 else { return nil }
        // A word is written in one language: `centum` is no French `cent`
        // and Portuguese `um` (101), `mile` no Spanish `mil` and Italian `e`.
        guard !languageCodes.isEmpty else { return pieces }
        var common = Set(self.languages(folded: pieces[0]))
        for piece in pieces.dropFirst() { common.formIntersection(self.languages(folded: piece)) }
        return common.isEmpty ? nil : pieces
    }

    /// The first two scalars of a word of two or more, packed: a key of `splitStarts`.
    package static func start(of word: String) -> UInt64? {
        var scalars = word.unicodeScalars.makeIterator()
        guard let first = scalars.next(), let second = scalars.next() else { return nil }
        return UInt64(first.value) << 32 | UInt64(second.value)
    }
}
