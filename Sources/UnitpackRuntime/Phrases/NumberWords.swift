import UnitpackCore

/// The number words and marker words of some languages (`words.tsv`,
/// compiled into `phrase_words`), and the reading of a run of number words
/// as one number: `thirty four`, `one hundred and five`, `две тысячи`,
/// `полторы тысячи`, `a dozen`, `one and a half`, `три с половиной`.
public struct NumberWords: Sendable {
    /// What one word does in a number (`kind`) and the number it stands
    /// for (`value`: 4 for `four`, 100 for `hundred`, 0.5 for `half`).
    public struct Meaning: Sendable, Hashable {
        /// The word's role in reading a number (a number, a multiplier, a scale, ...).
        public var kind: PhraseWordKind
        /// The number the word stands for; 0 for words that carry none (`and`).
        public var value: Double

        /// A meaning of a word: its role and its value.
        public init(kind: PhraseWordKind, value: Double) {
            self.kind = kind
            self.value = value
        }
    }

    /// Folded word -> its meanings (a word may be a number in one language
    /// and a marker in another), the languages that have it, and whether a
    /// token written without spaces may split into it (`WordTable`).
    var table = WordTable([])
    /// Words of kind `prefix` (folded) and their values, longest first: they
    /// are found at the start of a word, not as a word.
    var prefixes: [(word: String, value: Double)] = []
    /// Words of kind `attached` (folded), longest first: written glued to
    /// the front of the next word (Arabic `ب`, `ال`, `و`), cut from it when
    /// the rest reads (`UnitDatabase.segmented`).
    var attached: [String] = []
    /// The words of unit expressions among them (`per`, `на`, `square`,
    /// `в квадрате`): docs/expressions.md.
    var expression = ExpressionWords()
    /// The longest of the words a token written without spaces may be split
    /// into (`einundzwanzig`: `ein`, `und`, `zwanzig`): the words of numbers
    /// but articles and partitives, which no language writes inside a number.
    /// In Unicode scalars.
    var longestSplittable = 0
    /// The first two scalars of each splittable word of two or more,
    /// packed (`start(of:)`): a token that starts with none (nor with one of
    /// `splittableScalars`) splits into none, known with a lookup and no
    /// allocation (most words of a phrase are units, tried at each word).
    var splitStarts: Set<UInt64> = []
    /// The splittable words of one scalar (Chinese and Japanese `十`,
    /// `五`; Russian `с`), which a token may start with whatever follows.
    var splittableScalars: Set<Unicode.Scalar> = []
    /// The longest word of the table, in Unicode scalars: how far a word
    /// written without spaces is matched against the table at each position.
    var longestWord = 0
    /// The languages of the table's language bits (the first 64 given): what
    /// decides the language of a phrase (docs/phrases.md, "Numbers as each
    /// language writes them").
    var languageCodes: [String] = []

    /// The words of one language, each with a meaning (a word may come several times).
    /// - Complexity: O(n log n) in the words: they are sorted into one table.
    public init(_ entries: [(word: String, meaning: Meaning)]) {
        self.init(entries.map { (word: $0.word, meaning: $0.meaning, language: "") })
    }

    /// The words of several languages, each with its language's code.
    public init(_ entries: [(word: String, meaning: Meaning, language: String)]) {
        var order: [String] = []
        var found: [String: (meanings: [Meaning], languages: UInt64, flags: UInt8)] = [:]
        for (word, meaning, language) in entries {
            longestWord = max(longestWord, word.unicodeScalars.count)
            if found[word] == nil {
                order.append(word)
                found[word] = ([], 0, 0)
            }
            if !language.isEmpty {
                if !languageCodes.contains(language) { languageCodes.append(language) }
                if let bit = languageCodes.firstIndex(of: language), bit < 64 { found[word]!.languages |= 1 << UInt64(bit) }
            }
            if meaning.kind.isPartOfNumbers, meaning.kind != .article, meaning.kind != .partitive, meaning.kind != .classifier {
                found[word]!.flags |= WordTable.splittableFlag
                longestSplittable = max(longestSplittable, word.unicodeScalars.count)
                if let start = Self.start(of: word) { splitStarts.insert(start) }
                if word.unicodeScalars.count == 1, let only = word.unicodeScalars.first { splittableScalars.insert(only) }
            }
            if !found[word]!.meanings.contains(meaning) { found[word]!.meanings.append(meaning) }
            if meaning.kind == .prefix, !prefixes.contains(where: { $0.word == word }) { prefixes.append((word, meaning.value)) }
            if meaning.kind == .attached, !attached.contains(word) { attached.append(word) }
            switch meaning.kind {
            case .per: expression.per.insert(word)
            case .powerBefore: expression.powerBefore[word] = Int(meaning.value)
            case .powerAfter: expression.powerAfter[word] = Int(meaning.value)
            default: break
            }
        }
        table = WordTable(order.map { word in
            let value = found[word]!
            return (word, value.meanings, value.languages, value.flags)
        })
        prefixes.sort { $0.word.utf8.count > $1.word.utf8.count }
        attached.sort { $0.utf8.count > $1.utf8.count }
    }

    /// The attached words `folded` starts with and is longer than, longest first.
    func attached(startingFolded folded: String) -> [String] {
        attached.filter { folded.utf8.count > $0.utf8.count && folded.utf8.starts(with: $0.utf8) }
    }

    /// Whether `folded` starts with an attached word and is longer: the test
    /// every word of a phrase takes (without building a list).
    func startsWithAttached(folded: String) -> Bool {
        attached.contains { folded.utf8.count > $0.utf8.count && folded.utf8.starts(with: $0.utf8) }
    }

    /// Whether an attached word has a meaning besides being attached (`ب`, a
    /// marker); one without (the article `ال`) is dropped when cut.
    func attachedReadsAsWord(folded word: String) -> Bool { meanings(folded: word).contains { $0.kind != .attached } }

    /// What `word` (folded as phrases are) means; empty when it is no number or marker word.
    public func meanings(of word: String) -> [Meaning] { Array(meanings(folded: TextFolding.fold(word))) }

    /// `meanings(of:)` of a word already folded (a phrase folds each word
    /// once), without copying them.
    func meanings(folded word: String) -> ArraySlice<Meaning> {
        guard let entry = table.entry(word) else { return [] }
        return table.meanings(of: entry)
    }

    /// Whether `word` is a marker (`in`, `в`, `to`) that introduces the target.
    public func isMarker(_ word: String) -> Bool { isMarker(folded: TextFolding.fold(word)) }

    func isMarker(folded word: String) -> Bool { meanings(folded: word).contains { $0.kind == .marker } }

    /// Whether the word can be part of a number.
    public func isNumberWord(_ word: String) -> Bool { isNumberWord(folded: TextFolding.fold(word)) }

    func isFiller(folded word: String) -> Bool { meanings(folded: word).contains { $0.kind == .filler } }

    /// Whether the word has any meaning in phrases (a number, a marker, a
    /// filler...). The words of unit expressions (`per`, `square`) are none:
    /// they belong inside the expression (`newton meters per second`).
    func isPhraseWord(folded word: String) -> Bool { meanings(folded: word).contains { !$0.kind.isExpressionWord } }

    /// Whether the word keeps a span of words from reading as an expression:
    /// a word of phrases, unless it is also a word of expressions and
    /// otherwise only a filler (`на` divides in `ватт на метр`, and is a
    /// filler in `изменение на 5 °C`). `в` (a marker and `per`) keeps it:
    /// `км в милях` is a unit and a target, never km/mi.
    func stopsExpression(folded word: String) -> Bool {
        let found = meanings(folded: word)
        guard found.contains(where: { !$0.kind.isExpressionWord }) else { return false }
        let divides = found.contains { $0.kind.isExpressionWord }
        return !divides || found.contains { !$0.kind.isExpressionWord && $0.kind != .filler }
    }

    func isConjunction(folded word: String) -> Bool { meanings(folded: word).contains { $0.kind == .conjunction } }

    func isDifference(folded word: String) -> Bool { meanings(folded: word).contains { $0.kind == .difference } }

    func isNumberWord(folded word: String) -> Bool { meanings(folded: word).contains { $0.kind.isPartOfNumbers } }

    /// The languages whose `words.tsv` has the word (folded).
    func languages(folded word: String) -> [String] {
        guard let mask = table.entry(word)?.languages else { return [] }
        return languageCodes.indices.filter { $0 < 64 && mask & (1 << UInt64($0)) != 0 }.map { languageCodes[$0] }
    }

    /// The longest token `split(folded:)` tries, in Unicode scalars: longer
    /// than any number written as one word (`zweitausenddreihundertvierundfünfzig` is 36).
    static let longestSplitToken = 64

    /// A token that is no word of the table but is wholly words of numbers
    /// written together, longest match first (`einundzwanzig`: `ein`, `und`,
    /// `zwanzig`; `zweihundertfünfzig`; `ventotto`: `vent`, `otto`), or nil.
    /// The same step will read languages written without spaces.
    func split(folded token: String) -> [String]? {
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
            for length in stride(from: min(longestSplittable, scalars.count - start), through: 1, by: -1) {
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
    static func start(of word: String) -> UInt64? {
        var scalars = word.unicodeScalars.makeIterator()
        guard let first = scalars.next(), let second = scalars.next() else { return nil }
        return UInt64(first.value) << 32 | UInt64(second.value)
    }

    /// The value of `words`, all of them read as one number, or nil when they
    /// do not make one (`four twenty`, `hundred and`, `a`).
    public func value(of words: [String]) -> Double? { value(ofFolded: words.map(TextFolding.fold)) }

    func value(ofFolded words: [String]) -> Double? {
        let meanings = words.map { self.meanings(folded: $0).filter { $0.kind.isPartOfNumbers } }
        guard !meanings.isEmpty, meanings.allSatisfy({ !$0.isEmpty }) else { return nil }
        // `half a (mile)`, `half of a mile`, `четверть (мили)`: a fraction
        // first is its value, then only `of` and an article may follow.
        if let first = meanings[0].first(where: { $0.kind == .fraction }), Self.onlyGlue(meanings.dropFirst()) {
            return first.value
        }
        let rooms = words.map { word in self.meanings(folded: word).first(where: { $0.kind == .room })?.value }
        // A word with several meanings: the first that lets the rest read
        // (`ein` is the article in `ein halber`, the number in `einundzwanzig`),
        // an article tried before a number. Each position is tried with a
        // bounded number of states, so the work stays linear in the words.
        let ordered = meanings.map { options in options.filter { $0.kind == .article } + options.filter { $0.kind != .article } }
        var budget = 8 * words.count + 8
        func read(_ index: Int, _ reader: Reader) -> Double? {
            if index == ordered.count { return reader.finish() }
            let isLast = index == ordered.count - 1
            for option in ordered[index] {
                guard budget > 0 else { return nil }
                budget -= 1
                var next = reader
                next.nextRoom = rooms[index]
                guard next.accept(option, isLast: isLast) else { continue }
                if let value = read(index + 1, next) { return value }
            }
            return nil
        }
        return read(0, Reader())
    }

    /// Whether the words after a number are only what may stand between it
    /// and its unit: `of`, then an article (`three quarters of a cup`).
    private static func onlyGlue(_ rest: ArraySlice<[Meaning]>) -> Bool {
        var sawArticle = false
        for (offset, options) in rest.enumerated() {
            if options.contains(where: { $0.kind == .partitive }) && offset == 0 { continue }
            if options.contains(where: { $0.kind == .article }) && !sawArticle && offset == rest.count - 1 {
                sawArticle = true
                continue
            }
            return false
        }
        return true
    }

    /// The running state of one number.
    struct Reader {
        var total = 0.0
        var group = 0.0
        var groupStarted = false
        /// The last number word of the group: the next one must fit under it
        /// (twenty four, not four twenty; двести тридцать, not тридцать двести).
        var last: Double?
        /// The room `last` leaves: below the largest power of ten dividing
        /// it, or its word's `room` (`soixante`: 20).
        var lastRoom = 0.0
        /// The `room` of the word being read (set before `accept`).
        var nextRoom: Double?
        /// The last multiplier of the group, and what was added since: a
        /// smaller multiplier multiplies only that (`deux cent quatre-vingts`
        /// is 200 + 4 × 20).
        var lastMultiplier: Double?
        var sinceMultiplier = 0.0
        /// The connector just read lets a ten follow a unit word (`und` in
        /// `einundzwanzig`): the unit word read before it.
        var unitBeforeTen: Double?
        var lastScale = Double.infinity
        var pendingArticle = false
        var afterConnector = false
        /// The group when a connector was read: `two and three quarters`
        /// divides only what follows it.
        var groupAtConnector: Double?
        /// A number word that did not fit under the last, read after a
        /// connector: only a denominator may follow (`two and three quarters`);
        /// `two and three` is no number.
        var numeratorPending = false
        /// A fraction or denominator ended the number: only `of` and an
        /// article may follow.
        var sawFraction = false
        var sawPartitive = false
        /// The partitive read was a classifier (`个`): no article of the unit follows it.
        var classified = false
        /// The number so far can take `of` (`a couple of`, `three quarters of`).
        var takesPartitive = false
        var sawAny = false

        mutating func accept(_ meaning: Meaning, isLast: Bool) -> Bool {
            switch meaning.kind {
            case .partitive:
                guard takesPartitive, !sawPartitive, !pendingArticle else { return false }
                sawPartitive = true
                return true
            case .classifier:
                // `三个小时`: after a whole count, which it ends (no article follows it).
                guard sawAny, !sawPartitive, !sawFraction, !pendingArticle, !afterConnector, !numeratorPending else { return false }
                sawPartitive = true
                classified = true
                return true
            case .article where sawPartitive && !classified:
                // `three quarters of a (cup)`: the article of the unit.
                guard isLast, !pendingArticle else { return false }
                pendingArticle = false
                return true
            default:
                break
            }
            // After `of` or a fraction, the number is over.
            if sawPartitive || (sawFraction && meaning.kind != .partitive) { return false }
            takesPartitive = false
            switch meaning.kind {
            case .number:
                guard !pendingArticle, !numeratorPending else { return false }
                var room = nextRoom ?? Self.room(under: meaning.value)
                if last != nil, !(meaning.value < lastRoom) {
                    guard afterConnector else { return false }
                    if let unit = unitBeforeTen, Self.isTen(meaning.value) {
                        // einundzwanzig: the unit and the ten make one number, under which nothing fits.
                        room = Self.room(under: unit + meaning.value)
                    } else {
                        numeratorPending = true
                    }
                }
                group += meaning.value
                sinceMultiplier += meaning.value
                last = meaning.value
                lastRoom = room
                groupStarted = true
            case .multiplier:
                guard !numeratorPending, groupStarted || pendingArticle || !sawAny else { return false }
                if let last, last >= meaning.value, !pendingArticle, group >= meaning.value { return false }
                if let previous = lastMultiplier, meaning.value < previous, sinceMultiplier > 0 {
                    // quatre-vingts after deux cent: only the words since `cent`.
                    group += sinceMultiplier * (meaning.value - 1)
                } else {
                    group = (groupStarted ? group : 1) * meaning.value
                }
                last = meaning.value
                lastRoom = nextRoom ?? Self.room(under: meaning.value)
                lastMultiplier = meaning.value
                sinceMultiplier = 0
                groupStarted = true
                takesPartitive = true
            case .scale:
                guard !numeratorPending, meaning.value < lastScale else { return false }
                total += (groupStarted ? group : 1) * meaning.value
                group = 0
                groupStarted = false
                last = nil
                lastMultiplier = nil
                sinceMultiplier = 0
                lastScale = meaning.value
            case .fraction:
                // one and a half, два с половиной, a half: after a connector or an article.
                guard !numeratorPending, afterConnector || pendingArticle else { return false }
                group += meaning.value
                sawFraction = true
                takesPartitive = true
            case .denominator:
                // three quarters, a third, two and three quarters: the count
                // read since the connector (or the article's one) is divided.
                guard meaning.value > 0, groupStarted || pendingArticle, lastScale == .infinity || groupAtConnector != nil
                else { return false }
                let base = pendingArticle ? group : groupAtConnector ?? 0
                let count = pendingArticle ? 1 : group - base
                guard count > 0 else { return false }
                group = base + count / meaning.value
                numeratorPending = false
                sawFraction = true
                takesPartitive = true
            case .connector, .tenConnector:
                guard sawAny, !afterConnector, !pendingArticle, !isLast else { return false }
                afterConnector = true
                groupAtConnector = group
                // A ten may follow only one unit word (1 to 9) of the group: drei und vierzig.
                if meaning.kind == .tenConnector, let last, last >= 1, last < 10, last == last.rounded(), sinceMultiplier == last {
                    unitBeforeTen = last
                }
                sawAny = true
                return true
            case .article:
                guard !pendingArticle, !isLast else { return false }
                pendingArticle = true
                sawAny = true
                return true
            case .partitive, .classifier, .prefix, .attached, .room, .conjunction, .difference, .marker, .filler, .per, .powerBefore,
                .powerAfter:
                return false
            }
            pendingArticle = false
            afterConnector = false
            unitBeforeTen = nil
            sawAny = true
            return true
        }

        func finish() -> Double? {
            guard sawAny, !pendingArticle, !afterConnector, !numeratorPending else { return nil }
            return total + group
        }

        /// 20, 30, ... 90: the tens a unit word may stand before (einundzwanzig).
        static func isTen(_ value: Double) -> Bool {
            value >= 20 && value < 100 && value.truncatingRemainder(dividingBy: 10) == 0
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
