import UnitpackCore

/// The number words and marker words of some languages (`words.tsv`,
/// compiled into `phrase_words`), and the reading of a run of number words
/// as one number: `thirty four`, `one hundred and five`, `две тысячи`,
/// `полторы тысячи`, `a dozen`, `one and a half`, `три с половиной`.
public struct NumberWords: Sendable {
    public struct Meaning: Sendable, Hashable {
        public var kind: PhraseWordKind
        public var value: Double
    }

    /// Folded word -> its meanings (a word may be a number in one language
    /// and a marker in another).
    var meanings: [ByteString: [Meaning]] = [:]

    public init(_ entries: [(word: String, meaning: Meaning)]) {
        for (word, meaning) in entries {
            let key = ByteString(word)
            if !(meanings[key]?.contains(meaning) ?? false) { meanings[key, default: []].append(meaning) }
        }
    }

    public func meanings(of word: String) -> [Meaning] { meanings(folded: TextFolding.fold(word)) }

    /// `meanings(of:)` of a word already folded (a phrase folds each word once).
    func meanings(folded word: String) -> [Meaning] { meanings[ByteString(word)] ?? [] }

    public func isMarker(_ word: String) -> Bool { isMarker(folded: TextFolding.fold(word)) }

    func isMarker(folded word: String) -> Bool { meanings(folded: word).contains { $0.kind == .marker } }

    /// Whether the word can be part of a number.
    public func isNumberWord(_ word: String) -> Bool { isNumberWord(folded: TextFolding.fold(word)) }

    func isFiller(folded word: String) -> Bool { meanings(folded: word).contains { $0.kind == .filler } }

    func isNumberWord(folded word: String) -> Bool { meanings(folded: word).contains { $0.kind.isPartOfNumbers } }

    /// The value of `words`, all of them read as one number, or nil when they
    /// do not make one (`four twenty`, `hundred and`, `a`).
    public func value(of words: [String]) -> Double? { value(ofFolded: words.map(TextFolding.fold)) }

    func value(ofFolded words: [String]) -> Double? {
        let meanings = words.map { self.meanings(folded: $0).filter { $0.kind.isPartOfNumbers } }
        guard !meanings.isEmpty, meanings.allSatisfy({ !$0.isEmpty }) else { return nil }
        // `half a (mile)`: a fraction, then an optional article.
        if let first = meanings[0].first(where: { $0.kind == .fraction }),
            meanings.count == 1 || (meanings.count == 2 && meanings[1].contains { $0.kind == .article })
        {
            return first.value
        }
        var reader = Reader()
        for (index, options) in meanings.enumerated() {
            let isLast = index == meanings.count - 1
            // A word with several meanings: the first that fits.
            guard options.contains(where: { reader.accept($0, isLast: isLast) }) else { return nil }
        }
        return reader.finish()
    }

    /// The running state of one number.
    struct Reader {
        var total = 0.0
        var group = 0.0
        var groupStarted = false
        /// The last number word of the group: the next one must fit under it
        /// (twenty four, not four twenty; двести тридцать, not тридцать двести).
        var last: Double?
        var lastScale = Double.infinity
        var pendingArticle = false
        var afterConnector = false
        var sawFraction = false
        var sawAny = false

        mutating func accept(_ meaning: Meaning, isLast: Bool) -> Bool {
            if sawFraction { return false }  // a fraction ends the number
            switch meaning.kind {
            case .number:
                guard !pendingArticle else { return false }
                if let last, !(meaning.value < Self.room(under: last)) { return false }
                group += meaning.value
                last = meaning.value
                groupStarted = true
            case .multiplier:
                guard groupStarted || pendingArticle || !sawAny else { return false }
                if let last, last >= meaning.value, !pendingArticle, group >= meaning.value { return false }
                group = (groupStarted ? group : 1) * meaning.value
                last = meaning.value
                groupStarted = true
            case .scale:
                guard meaning.value < lastScale else { return false }
                total += (groupStarted ? group : 1) * meaning.value
                group = 0
                groupStarted = false
                last = nil
                lastScale = meaning.value
            case .fraction:
                // one and a half, два с половиной, a half: after a connector or an article.
                guard afterConnector || pendingArticle, isLast else { return false }
                group += meaning.value
                sawFraction = true
            case .connector:
                guard sawAny, !afterConnector, !pendingArticle, !isLast else { return false }
                afterConnector = true
                sawAny = true
                return true
            case .article:
                guard !pendingArticle, !isLast else { return false }
                pendingArticle = true
                sawAny = true
                return true
            case .marker, .filler, .prefix, .conjunction, .difference, .denominator, .partitive:
                return false
            }
            pendingArticle = false
            afterConnector = false
            sawAny = true
            return true
        }

        func finish() -> Double? {
            guard sawAny, !pendingArticle, !afterConnector else { return nil }
            return total + group
        }

        /// The largest power of ten that divides `value` (20 -> 10, 300 -> 100,
        /// 15 -> 1, 1.5 -> 0): a following number word must be below it.
        static func room(under value: Double) -> Double {
            guard value >= 1, value == value.rounded() else { return 0 }
            var power = 1.0
            while value.truncatingRemainder(dividingBy: power * 10) == 0 { power *= 10 }
            return power
        }
    }
}
