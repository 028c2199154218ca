import UnitpackCore

/// The reading of a run of number words as one number.
extension NumberWords {
    /// The value of `words`, all of them read as one number, or nil when they
    /// do not make one (`four twenty`, `hundred and`, `a`).
    public func value(of words: [String]) -> Double? { value(ofFolded: words.map(TextFolding.fold)) }

    package func value(ofFolded words: [String]) -> Double? {
        // Each word's meanings that are part of numbers, an article tried
        // before a number (`ein` is the article in `ein halber`, the number
        // in `einundzwanzig`), and its `room`: one list a word, made once
        // (lists filtered, then filtered again to order them, were most of a
        // number's reading).
        var options: [WordOptions] = []
        options.reserveCapacity(words.count)
        for index in words.indices {
            let all = meanings(folded: words[index])
            var list: [Meaning] = []
            list.reserveCapacity(all.count)
            for meaning in all where meaning.kind == .article && meaning.kind.isPartOfNumbers { list.append(meaning) }
            for meaning in all where meaning.kind != .article && meaning.kind.isPartOfNumbers { list.append(meaning) }
            guard !list.isEmpty else { return nil }
            options.append(WordOptions(meanings: list, room: all.first(where: { $0.kind == .room })?.value))
        }
        guard !options.isEmpty else { return nil }
        // `half a (mile)`, `half of a mile`, `четверть (мили)`: a fraction
        // first is its value, then only `of` and an article may follow.
        if let first = options[0].meanings.first(where: { $0.kind == .fraction }), Self.onlyGlue(options.dropFirst()) {
            return first.value
        }
        // A word with several meanings: the first that lets the rest read.
        // Each position is tried with a bounded number of states, so the
        // work stays linear in the words.
        var budget = 8 * options.count + 8
        func read(_ index: Int, _ reader: Reader) -> Double? {
            if index == options.count { return reader.finish() }
            let isLast = index == options.count - 1
            for option in options[index].meanings {
                guard budget > 0 else { return nil }
                budget -= 1
                var next = reader
                next.nextRoom = options[index].room
                guard next.accept(option, isLast: isLast) else { continue }
                if let value = read(index + 1, next) { return value }
            }
            return nil
        }
        return read(0, Reader())
    }

    /// What one word may be in a number (`value(ofFolded:)`).
    private struct WordOptions {
        /// Its meanings that are part of numbers, articles first.
        var meanings: [Meaning]
        /// Its `room` meaning's value, if it has one.
        var room: Double?
    }

    /// Whether the words after a number are only what may stand between it
    /// and its unit: `of`, then an article (`three quarters of a cup`).
    private static func onlyGlue(_ rest: ArraySlice<WordOptions>) -> Bool {
        var sawArticle = false
        for (offset, options) in rest.enumerated() {
            if options.meanings.contains(where: { $0.kind == .partitive }) && offset == 0 { continue }
            if options.meanings.contains(where: { $0.kind == .article }) && !sawArticle && offset == rest.count - 1 {
                sawArticle = true
                continue
            }
            return false
        }
        return true
    }

    /// The running state of one number.
    package struct Reader {
        package var total = 0.0
        package var group = 0.0
        package var groupStarted = false
        /// The last number word of the group: the next one must fit under it
        /// (twenty four, not four twenty; двести тридцать, not тридцать двести).
        package var last: Double?
        /// The room `last` leaves: below the largest power of ten dividing
        /// it, or its word's `room` (`soixante`: 20).
        package var lastRoom = 0.0
        /// The `room` of the word being read (set before `accept`).
        package var nextRoom: Double?
        /// The last multiplier of the group, and what was added since: a
        /// smaller multiplier multiplies only that (`deux cent quatre-vingts`
        /// is 200 + 4 × 20).
        package var lastMultiplier: Double?
        package var sinceMultiplier = 0.0
        /// The connector just read lets a ten follow a unit word (`und` in
        /// `einundzwanzig`): the unit word read before it.
        package var unitBeforeTen: Double?
        package var lastScale = Double.infinity
        package var pendingArticle = false
        package var afterConnector = false
        /// The group when a connector was read: `two and three quarters`
        /// divides only what follows it.
        package var groupAtConnector: Double?
        /// A number word that did not fit under the last, read after a
        /// connector: only a denominator may follow (`two and three quarters`);
        /// `two and three` is no number.
        package var numeratorPending = false
        /// A fraction or denominator ended the number: only `of` and an
        /// article may follow.
        package var sawFraction = false
        package var sawPartitive = false
        /// The partitive read was a classifier (`个`): no article of the unit follows it.
        package var classified = false
        /// The number so far can take `of` (`a couple of`, `three quarters of`).
        package var takesPartitive = false
        package var sawAny = false

        package mutating func accept(_ meaning: Meaning, isLast: Bool) -> Bool {
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
            case .numberAfter, .system, .context, .partitive, .classifier, .prefix, .attached, .room, .conjunction, .difference, .minus, .marker,
                .filler, .per, .powerBefore, .powerAfter, .ending:
                return false
            }
            pendingArticle = false
            afterConnector = false
            unitBeforeTen = nil
            sawAny = true
            return true
        }

        package func finish() -> Double? {
            guard sawAny, !pendingArticle, !afterConnector, !numeratorPending else { return nil }
            return total + group
        }

        /// 20, 30, ... 90: the tens a unit word may stand before (einundzwanzig).
        package static func isTen(_ value: Double) -> Bool {
            value >= 20 && value < 100 && value.truncatingRemainder(dividingBy: 10) == 0
        }

        /// The largest power of ten that divides `value` (20 -> 10, 300 -> 100,
        /// 15 -> 1, 1.5 -> 0): a following number word must be below it.
        package static func room(under value: Double) -> Double {
            guard value >= 1, value == value.rounded() else { return 0 }
            var power = 1.0
            while value.truncatingRemainder(dividingBy: power * 10) == 0 { power *= 10 }
            return power
        }
    }
}
