import UnitpackCore
import UnitpackDatabase

/// A phrase cut into words (by white space), kept as Unicode scalars so that
/// a number read from the middle of a word (`5km`) leaves the rest as a word.
/// Each word is copied and folded once: a parse tries many spans of the same
/// words, and String work, not the database, was most of its time.
struct Phrase {
    let original: String
    let scalars: [Unicode.Scalar]
    /// Where each scalar starts in the phrase's UTF-8 (and the end): words
    /// are copied from those bytes, not rebuilt scalar by scalar.
    let offsets: [Int]
    private(set) var words: [Word]

    struct Word {
        /// Where the word is, in scalars of the phrase.
        let range: Range<Int>
        let text: String
        /// `TextFolding.fold(text)`.
        let folded: String
        /// `needsVariants` in the lowest bit; above it, where the word's entry
        /// is in the parse's phrase words (`entry`). One field: a Word of
        /// one more was copied by a call where it is copied inline.
        private var bits: UInt32

        /// The word ends in the sentence's punctuation (`meters?`), or holds
        /// a `^` (`m^2`): a lookup then tries variants; most words take the
        /// plain path, known without scanning the text again.
        var needsVariants: Bool { bits & 1 != 0 }

        /// Where the word's entry is in the parse's phrase words, once looked
        /// up (`Phrase.lookingUpWords`): the reader asks what a word means
        /// several times a parse, at each span and reading that holds it.
        /// 0 when not looked up, 1 when the words have none, else the index + 2.
        fileprivate(set) var entry: UInt32 {
            get { bits >> 1 }
            set { bits = bits & 1 | newValue << 1 }
        }

        /// The word at `range` of `scalars` (the phrase's), whose text is `text`.
        init(_ range: Range<Int>, text: String, scalars: [Unicode.Scalar]) {
            // Its last scalars taken from the phrase's: the String's scalar
            // view walked back from its end for each word was a fiftieth of a parse.
            self.init(
                range, text: text, last: range.isEmpty ? nil : scalars[range.upperBound - 1],
                beforeLast: range.count < 2 ? nil : scalars[range.upperBound - 2])
        }

        /// A word that is not a run of the phrase's scalars (a piece of one).
        init(_ range: Range<Int>, text: String) {
            let scalars = text.unicodeScalars
            let last = scalars.last
            let beforeLast = scalars.count < 2 ? nil : scalars[scalars.index(scalars.endIndex, offsetBy: -2)]
            self.init(range, text: text, last: last, beforeLast: beforeLast)
        }

        private init(_ range: Range<Int>, text: String, last: Unicode.Scalar?, beforeLast: Unicode.Scalar?) {
            self.range = range
            self.text = text
            folded = TextFolding.fold(text)
            let needsVariants =
                text.utf8Contains(UInt8(ascii: "^"))
                || last.map(PhraseReader.isPunctuation) == true
                || PhraseReader.endsInPlainPower(last: last, beforeLast: beforeLast)
            bits = needsVariants ? 1 : 0
        }
    }

    /// This phrase with each word's entry in `dictionary` looked up, for
    /// `NumberWords.meanings(_:)`: the parse's words, and no other's.
    consuming func lookingUpWords(in dictionary: NumberWords) -> Phrase {
        var phrase = self
        for index in phrase.words.indices {
            // (A table past 2^30 words, beyond any, leaves its words to be looked up each time.)
            guard let found = dictionary.entryIndex(folded: phrase.words[index].folded) else {
                phrase.words[index].entry = 1
                continue
            }
            if found < 1 << 30 { phrase.words[index].entry = UInt32(found + 2) }
        }
        return phrase
    }

    init(_ text: String) {
        original = text
        var bytesOf = text
        // Read in place from the String's UTF-8: a copy of its bytes kept
        // with the phrase was an allocation (and a release) a parse for
        // words that are cut once.
        (scalars, offsets, words) = bytesOf.withUTF8 { utf8 in Self.cut(utf8) }
    }

    /// The scalars of `utf8` (valid: it is a String's), where each starts in
    /// it (and the end), and the words between spaces.
    private static func cut(_ utf8: UnsafeBufferPointer<UInt8>) -> (scalars: [Unicode.Scalar], offsets: [Int], words: [Word]) {
        // Scalars decoded from the UTF-8 by hand: the scalar view's indices
        // cost a tenth of a parse.
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        scalars.reserveCapacity(utf8.count)
        offsets.reserveCapacity(utf8.count + 1)
        var at = 0
        while at < utf8.count {
            offsets.append(at)
            let lead = utf8[at]
            var value: UInt32
            var length: Int
            switch lead {
            case 0..<0x80: (value, length) = (UInt32(lead), 1)
            case 0xC0..<0xE0: (value, length) = (UInt32(lead & 0x1F), 2)
            case 0xE0..<0xF0: (value, length) = (UInt32(lead & 0x0F), 3)
            default: (value, length) = (UInt32(lead & 0x07), 4)
            }
            for next in utf8[(at + 1)..<min(at + length, utf8.count)] { value = value << 6 | UInt32(next & 0x3F) }
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            at += length
        }
        offsets.append(utf8.count)
        // Words made as they end, into one list sized for a typical phrase.
        var words: [Word] = []
        words.reserveCapacity(12)
        func word(_ range: Range<Int>) -> Word {
            Word(range, text: text(utf8, offsets, range), scalars: scalars)
        }
        var start: Int?
        for (index, scalar) in scalars.enumerated() {
            if isSpace(scalar) {
                if let begin = start { words.append(word(begin..<index)) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let begin = start { words.append(word(begin..<scalars.count)) }
        return (scalars, offsets, words)
    }

    /// The text of the scalars at `range`, from the phrase's UTF-8 and where each scalar starts in it.
    private static func text(_ utf8: UnsafeBufferPointer<UInt8>, _ offsets: [Int], _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: utf8[offsets[range.lowerBound]..<offsets[range.upperBound]]), as: UTF8.self)
    }

    /// `phrase` cut into the words at `ranges` (in order, within its words):
    /// a word written without spaces read as the words it is made of
    /// (`5公里等于多少英里`: `5`, `公里`, `等于多少`, `英里`).
    init(_ phrase: Phrase, words ranges: [Range<Int>]) {
        original = phrase.original
        scalars = phrase.scalars
        offsets = phrase.offsets
        words = ranges.map(phrase.word)
    }

    /// Whether every scalar of `text` is ASCII, told from its bytes: the
    /// rewritings of a phrase before it is read (degree signs, full-width
    /// forms) are of other scalars, and walking the scalars to find none
    /// cost more than the bytes.
    static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var any: UInt8 = 0
            for byte in bytes { any |= byte }
            return any < 0x80
        }
    }

    /// White space, with a fast path for ASCII (Unicode's property tables are
    /// slow next to the rest of a parse).
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20: true
        case 0..<0x80: false
        // Spanish opens a question or an exclamation with `¿` and `¡`
        // (`¿cuántos litros tiene un galón?`): they separate words, as a
        // space does, and no word or number holds them.
        case 0xBF, 0xA1: true
        // Unicode's White_Space below U+1680 (Latin, Greek, Cyrillic,
        // Arabic... ask no table): the next line and the no-break space.
        case 0x85, 0xA0: true
        case 0x80..<0x1680: false
        default: scalar.properties.isWhitespace
        }
    }

    /// The text of `range` (scalars of the phrase) as a word.
    func word(_ range: Range<Int>) -> Word {
        var bytesOf = original
        return bytesOf.withUTF8 { utf8 in Word(range, text: Self.text(utf8, offsets, range), scalars: scalars) }
    }

    /// The words from scalar `position` on; a word cut by it starts there.
    /// A slice of `words` when `position` is not inside a word (no copy).
    func words(from position: Int) -> ArraySlice<Word> {
        let first = firstWord(endingAfter: position)
        guard first < words.count else { return [] }
        let word = words[first]
        if word.range.lowerBound >= position { return words[first...] }
        return ([self.word(position..<word.range.upperBound)] + words[(first + 1)...])[...]
    }

    /// At most `limit` words from scalar `position` on, as `words(from:)`.
    func words(from position: Int, atMost limit: Int) -> [Word] {
        let first = firstWord(endingAfter: position)
        var rest: [Word] = []
        for index in first..<min(words.count, first + limit) {
            let word = words[index]
            rest.append(word.range.lowerBound >= position ? word : self.word(position..<word.range.upperBound))
        }
        return rest
    }

    /// The index of the first word that ends after scalar `position`
    /// (`words.count` when none does), by binary search: words are in order.
    func firstWord(endingAfter position: Int) -> Int {
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle].range.upperBound > position { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The most number words (hyphenated parts counted one by one) that one
    /// number is read from: no number in words is longer (`seven hundred
    /// thirty-four thousand five hundred and sixty-two` is 11), and a bound
    /// keeps the work per position of a phrase bounded (a run of repeated
    /// number words is tried widest first).
    static let longestNumberWords = 16

    /// Where a run of words is in the phrase: the key of what a lookup found.
    struct Span: Hashable {
        let start: Int
        let end: Int

        init(_ words: ArraySlice<Word>) {
            start = words.first?.range.lowerBound ?? 0
            end = words.last?.range.upperBound ?? 0
        }

        init(start: Int, end: Int) {
            self.start = start
            self.end = end
        }
    }

    /// Words side by side, spaces as one (none between words cut from one
    /// written without spaces), as written and folded.
    static func joined(_ words: ArraySlice<Word>) -> (text: String, folded: String) {
        (joined(words, folded: false), joined(words, folded: true))
    }

    /// The words as written (or folded) side by side, a space between each
    /// two, after `prefix` (a cache key's): built in one buffer, as a parse
    /// joins a span for each lookup.
    static func joined(_ words: ArraySlice<Word>, folded: Bool, after prefix: String = "") -> String {
        guard words.count > 1 || !prefix.isEmpty else { return words.first.map { folded ? $0.folded : $0.text } ?? "" }
        var bytes = prefix.utf8.count + max(0, words.count - 1)
        for word in words { bytes += folded ? word.folded.utf8.count : word.text.utf8.count }
        // Bytes copied into one buffer: `String.append` of each word was a
        // tenth of a parse.
        func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
            var at = 0
            copy(prefix, into: buffer, at: &at)
            let start = at
            var previousEnd: Int?
            for word in words {
                // Words cut from one written without spaces join as written (`千` `克`: `千克`).
                if at > start, previousEnd != word.range.lowerBound {
                    buffer[at] = UInt8(ascii: " ")
                    at += 1
                }
                previousEnd = word.range.upperBound
                copy(folded ? word.folded : word.text, into: buffer, at: &at)
            }
            return at
        }
        return string(capacity: bytes, fill)
    }

    /// The String of the bytes `fill` writes (at most `capacity`; it returns
    /// how many): straight into the string's storage where the OS has it
    /// (iOS 14, watchOS 7, macOS 11, tvOS 14); a copy before.
    static func string(capacity: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Int) -> String {
        if #available(macOS 11, iOS 14, watchOS 7, tvOS 14, *) {
            return String(unsafeUninitializedCapacity: capacity, initializingUTF8With: fill)
        }
        let utf8 = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in count = fill(buffer) }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Copies `text`'s UTF-8 into `buffer` at `at`, which it moves past them.
    static func copy(_ text: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at: inout Int) {
        var text = text
        at += text.withUTF8 { utf8 in
            _ = UnsafeMutableBufferPointer(rebasing: buffer[at..<(at + utf8.count)]).initialize(from: utf8)
            return utf8.count
        }
    }

    struct Number {
        var value: Double
        /// The scalar where the number ends.
        var end: Int
        /// `5'8"`: feet and inches, the number carrying its units (`value` is in feet).
        var feetAndInches: (feet: Double, inches: Double)?
        /// The significant digits typed, for digits (`NumberReader.Reading`);
        /// nil for words, fractions and `5'8"` (exact: docs/phrases.md, Precision).
        var significantDigits: Int?
        /// Digits scaled by the word after them (`10 mil`, `2 тысячи`): where
        /// that word is, so that a parse can try the digits alone first when
        /// the word also names a unit (`mil` is Spanish for thousand and the
        /// Polish genitive of `mila`).
        var scaleWord: Range<Int>? = nil
        /// A lone `,` or `.` between digits, read as a decimal separator or
        /// as a group separator (`1.500`): the character and how it was read.
        var separator: NumberReader.Separator? = nil
        /// `1:30`, `8:30`, `1:05:30`: a time written with colons, in the unit
        /// of its first field (`clockTime(from:)`): only a unit of time or a
        /// pace (`min/km`) may follow it.
        var isClock = false
    }

    /// The ways to read a number that starts at word `first`, best first.
    func numbers(at first: Int, words dictionary: NumberWords, reader: NumberReader, work: inout Int) -> [Number] {
        guard first < words.count else { return [] }
        return numbers(from: words[first].range.lowerBound, words: dictionary, reader: reader, work: &work)
    }

    /// `1/2`, `3/4`, `½`: a part of one written in digits, alone in a word;
    /// nil for anything else (`3/2`, `1/0`, `1/2kg`).
    static func fractionInDigits(_ text: ArraySlice<Unicode.Scalar>) -> Double? {
        if text.count == 1, let first = text.first, let value = NumberReader.vulgarFractions[first] { return value }
        guard let slash = text.firstIndex(where: { $0 == "/" || $0 == "\u{2044}" }) else { return nil }
        let top = text[..<slash]
        let bottom = text[(slash + 1)...]
        guard !top.isEmpty, !bottom.isEmpty, top.count <= 3, bottom.count <= 3,
            top.allSatisfy({ NumberReader.digit($0) != nil }), bottom.allSatisfy({ NumberReader.digit($0) != nil })
        else { return nil }
        var numerator = 0.0
        var denominator = 0.0
        for scalar in top { numerator = numerator * 10 + Double(NumberReader.digit(scalar) ?? 0) }
        for scalar in bottom { denominator = denominator * 10 + Double(NumberReader.digit(scalar) ?? 0) }
        guard denominator > 0, numerator < denominator else { return nil }
        return numerator / denominator
    }

    /// Whether a number may start at `word` (at its start): a digit, a sign
    /// or a mark of a number, a number word or an article, a prefix; a cheap
    /// test before `numbers(from:)`, which most words after a unit fail.
    func mayStartNumber(_ word: Word, words dictionary: NumberWords, reader: NumberReader) -> Bool {
        guard reader.options.isEmpty else { return true }  // 0x1F, XIV: the reader decides
        let first = scalars[word.range.lowerBound]
        if NumberReader.isNumeral(first) { return true }
        if first == "-" || first == "+" || first == "−" || first == "." || first == "," { return true }
        // The word before a hyphen (`six-mile`); the word itself without one.
        let hyphenated = word.folded.utf8Contains(UInt8(ascii: "-"))
        let head = hyphenated ? String(word.folded.prefix { $0 != "-" }) : word.folded
        if hyphenated ? dictionary.isNumberWord(folded: head) : dictionary.isNumberWord(word) { return true }
        if dictionary.split(folded: head) != nil { return true }
        if dictionary.meanings(word).contains(where: { $0.kind == .minus }) { return true }
        return dictionary.startsWithPrefix(folded: word.folded)
    }

    /// The ways to read a number that starts at scalar `start`, best first:
    /// feet and inches, digits (with a scale word after them: `2 тысячи`),
    /// number words (the widest run, of at most `longestNumberWords`, that makes a number: `three quarters of
    /// a`), `a`/`an` before a unit, a number joined to the unit's word (`пол`
    /// in `полмили`).
    /// `work` counts the words looked at, for tests that the work is linear.
    func numbers(from start: Int, words dictionary: NumberWords, reader: NumberReader, work: inout Int) -> [Number] {
        guard start < scalars.count else { return [] }
        // `мінус 40`, `零下20`: a word of the language saying the number after
        // it is below zero (kind `minus`); one, not a run of them.
        let at = firstWord(endingAfter: start)
        if at + 1 < words.count, words[at].range.lowerBound == start,
            dictionary.meanings(words[at]).contains(where: { $0.kind == .minus }),
            !dictionary.meanings(words[at + 1]).contains(where: { $0.kind == .minus }),
            scalars[words[at + 1].range.lowerBound] != "-", scalars[words[at + 1].range.lowerBound] != "−"
        {
            work += 1
            return numbers(from: words[at + 1].range.lowerBound, words: dictionary, reader: reader, work: &work).compactMap { number in
                guard number.feetAndInches == nil, number.value >= 0 else { return nil }
                var negative = number
                negative.value = -number.value
                return negative
            }
        }
        // `- 20 degrees`: a minus apart from its digits is theirs.
        if scalars[start] == "-" || scalars[start] == "−", start + 1 < scalars.count, Self.isSpace(scalars[start + 1]) {
            var next = start + 1
            while next < scalars.count, Self.isSpace(scalars[next]) { next += 1 }
            guard next < scalars.count, NumberReader.digit(scalars[next]) != nil else { return [] }
            return numbers(from: next, words: dictionary, reader: reader, work: &work).compactMap { number in
                guard number.feetAndInches == nil, number.value >= 0 else { return nil }
                var negative = number
                negative.value = -number.value
                return negative
            }
        }
        work += 1
        if let feet = feetAndInches(from: start, reader: reader) { return [feet] }
        if let clock = clockTime(from: start) ?? minutesAndSeconds(from: start) { return [clock] }
        var found: [Number] = []
        for reading in reader.readings(scalars: scalars[start...]) {
            var end = start + reading.length
            // `3-inch`, `20-litre`: digits, a hyphen and a letter: the unit's word follows the hyphen.
            if end + 1 < scalars.count, scalars[end] == "-", scalars[end + 1].properties.isAlphabetic,
                end > start, NumberReader.digit(scalars[end - 1]) != nil
            {
                end += 1
            }
            let number = Number(
                value: reading.value, end: end, significantDigits: reading.significantDigits, separator: reading.separator)
            // 1.5 million, 2 тысячи, 3 dozen: the next whole word scales the
            // number; the digits alone stay a reading (`10 mil`: ten mils).
            var after = firstWord(endingAfter: end)
            if after < words.count, words[after].range.lowerBound < end { after += 1 }
            // A word cut from one written without spaces may start where the digits end (`5千米`, `3万公里`).
            if after < words.count, case let next = words[after], next.range.lowerBound >= end,
                let scale = dictionary.meanings(next).first(where: { $0.kind == .scale || $0.kind == .multiplier })
            {
                let scaled = Number(
                    value: reading.value * scale.value, end: next.range.upperBound, significantDigits: reading.significantDigits,
                    scaleWord: next.range, separator: reading.separator)
                // `2,4 milliards de gallons`, `3 millones de litros`: the
                // partitive the scale word takes, read first.
                if let glued = partitiveEnd(after: after + 1, dictionary) {
                    var partitive = scaled
                    partitive.end = glued
                    found.append(partitive)
                }
                found.append(scaled)
            }
            // `1/4 of a mile`, `1/4 di miglio`, `0,5 de litro`: a part of one
            // in digits takes the partitive as the words' `a quarter of` does.
            if reading.value > 0, reading.value < 1, let glued = partitiveEnd(after: after, dictionary), words[after].range.lowerBound >= end {
                var partitive = number
                partitive.end = glued
                found.append(partitive)
            }
            // `2 i pół godziny`, `2 and a half hours`, `1 y medio`: digits, a
            // connector or conjunction, an article perhaps, a fraction word.
            if after < words.count, case let joining = words[after], joining.range.lowerBound >= end,
                dictionary.meanings(joining).contains(where: { $0.kind == .connector || $0.kind == .conjunction })
            {
                var next = after + 1
                if next < words.count, dictionary.meanings(words[next]).contains(where: { $0.kind == .article }) { next += 1 }
                if next < words.count, let fraction = dictionary.meanings(words[next]).first(where: { $0.kind == .fraction }),
                    fraction.value > 0, fraction.value < 1, reading.value >= 0
                {
                    found.append(Number(value: reading.value + fraction.value, end: words[next].range.upperBound))
                } else if next < words.count, reading.value >= 0, reading.value == reading.value.rounded(),
                    let fraction = Self.fractionInDigits(scalars[words[next].range])
                {
                    // `1 and 1/2 cups`, `1 e 1/2 xícara`: the fraction in digits.
                    found.append(Number(value: reading.value + fraction, end: words[next].range.upperBound))
                }
            }
            // `3个小时`: a classifier between the digits and the unit is skipped.
            if after < words.count, case let next = words[after], next.range.lowerBound >= end,
                dictionary.meanings(next).contains(where: { $0.kind == .classifier })
            {
                var classified = number
                classified.end = next.range.upperBound
                found.append(classified)
            }
            found.append(number)
        }
        if !found.isEmpty { return found }

        let following = words(from: start, atMost: Self.longestNumberWords + 1)
        // Number words: split at hyphens (thirty-four), widest run first.
        var parts: [(folded: Substring, end: Int)] = []
        for word in following {
            // A piece that is no word of the table may be words written
            // together (einundzwanzig, zweihundertfünfzig, ventotto).
            var pieces: [(folded: Substring, end: Int)] = []
            // `six-mile`, `a ten-minute walk`: number words, a hyphen, then a
            // unit's word; the run ends after that hyphen. Elsewhere a run never
            // ends inside a hyphenated word (`thirty-four` is not thirty).
            var index = 0
            var cut: Int?
            // Split by Characters only when there is a hyphen to split at.
            let hyphenated = word.folded.utf8Contains(UInt8(ascii: "-"))
            for piece in hyphenated ? word.folded.split(separator: "-", omittingEmptySubsequences: false) : [word.folded[...]] {
                index += 1
                if !piece.isEmpty, dictionary.isNumberWord(folded: String(piece)) {
                    pieces.append((piece, word.range.upperBound))
                } else if index == 1, let split = dictionary.split(folded: String(piece)) {
                    // Words written together split before a hyphen only (`mile` after
                    // one is no `mil` + `e`).
                    pieces += split.map { (Substring($0), word.range.upperBound) }
                } else {
                    if !pieces.isEmpty, !piece.isEmpty, index > 1, let hyphen = hyphen(after: index - 1, in: word) {
                        cut = hyphen + 1
                    } else {
                        pieces = []
                    }
                    break
                }
            }
            guard !pieces.isEmpty else { break }
            // Whole words only, so that the run never ends inside a hyphenated one.
            guard parts.count + pieces.count <= Self.longestNumberWords else { break }
            if let cut {
                parts += pieces.map { ($0.folded, cut) }
                break
            }
            parts += pieces
        }
        work += parts.count
        // The widest run that makes a number, then the next widest: a word
        // may be a number word in one language and a unit in another (`mila`:
        // thousands in Italian, the mile in Polish: `jedna mila`).
        var runs: [Number] = []
        for count in stride(from: parts.count, through: 1, by: -1) where runs.count < 2 {
            work += count
            // A run that ends inside a word leaves no clean rest.
            let end = parts[count - 1].end
            if count < parts.count && parts[count].end == end { continue }
            if let value = dictionary.value(ofFolded: parts.prefix(count).map { String($0.folded) }) {
                runs.append(Number(value: value, end: end))
            }
        }
        if !runs.isEmpty { return runs }
        guard let word = following.first else { return [] }
        // `a mile`, `an inch`: the article alone is one.
        if dictionary.meanings(word).contains(where: { $0.kind == .article }) {
            return [Number(value: 1, end: word.range.upperBound)]
        }
        // `полмили`, `пол-литра`, `полчаса`: a number joined to the unit's word.
        for (prefix, value) in dictionary.prefixes where NumberWords.starts(word.folded, with: prefix) {
            var end = word.range.lowerBound + prefix.unicodeScalars.count
            if end < word.range.upperBound, scalars[end] == "-" { end += 1 }
            if end < word.range.upperBound { return [Number(value: value, end: end)] }
            // `пол литра`: the same word typed apart, before the unit's word.
            // (`пол в метрах` has no number: a word of the phrases follows.)
            if end == word.range.upperBound, following.count > 1, !dictionary.isPhraseWord(following[1]) {
                return [Number(value: value, end: end)]
            }
        }
        return []
    }

    /// Where a partitive at word `index` ends, with the article after it
    /// (`of a`, `de`, `di`); nil when the word there is no partitive.
    private func partitiveEnd(after index: Int, _ dictionary: NumberWords) -> Int? {
        guard index < words.count, dictionary.meanings(words[index]).contains(where: { $0.kind == .partitive }),
            index + 1 < words.count
        else { return nil }
        if index + 2 < words.count, dictionary.meanings(words[index + 1]).contains(where: { $0.kind == .article }) {
            return words[index + 1].range.upperBound
        }
        return words[index].range.upperBound
    }

    /// The offset of the `count`th hyphen of `word` as written (1 for the
    /// first): where the number words of `six-mile` end.
    private func hyphen(after count: Int, in word: Word) -> Int? {
        var seen = 0
        for index in word.range where scalars[index] == "-" {
            seen += 1
            if seen == count { return index }
        }
        return nil
    }

    /// `1:30` (an hour and a half, or a minute and a half), `8:30` (a pace
    /// of eight and a half minutes), `1:05:30`: digits, then one or two
    /// fields of two digits below 60 after a colon, as the first field's
    /// unit with the others its sixtieths (1.5; 1.0916…). The word must end
    /// there or at a letter (`1:30h`); nil otherwise (`10:1`, `1:75`, `12:30:`).
    func clockTime(from start: Int) -> Number? {
        guard let (first, digitsEnd) = plainDigits(from: start) else { return nil }
        var index = digitsEnd
        var value = first
        var scale = 1.0
        var fields = 0
        while fields < 2, index + 2 < scalars.count, scalars[index] == ":" {
            guard let tens = NumberReader.digit(scalars[index + 1]), let ones = NumberReader.digit(scalars[index + 2]), tens < 6,
                index + 3 == scalars.count || NumberReader.digit(scalars[index + 3]) == nil
            else { return nil }
            scale /= 60
            value += Double(tens * 10 + ones) * scale
            index += 3
            fields += 1
        }
        guard fields > 0 else { return nil }
        if index < scalars.count {
            guard scalars[index] != ":",
                Self.isSpace(scalars[index]) || scalars[index].properties.isAlphabetic || PhraseReader.isPunctuation(scalars[index])
            else { return nil }
        }
        return Number(value: value, end: index, isClock: true)
    }

    /// `5'30"`, `4'45`, `4′45″`: minutes, a prime, two digits of seconds
    /// below 60 and perhaps a double prime, as minutes (5.5), read as a clock
    /// is (a time or a pace: `5'30" al km`); nil otherwise, and for what reads
    /// as feet and inches (`5'08"`, before this is asked) or as digits grouped
    /// the Swiss way (`1'000`).
    func minutesAndSeconds(from start: Int) -> Number? {
        guard let (minutes, end) = plainDigits(from: start), end - start <= 3, end + 2 < scalars.count,
            ["'", "′", "’"].contains(scalars[end]), let tens = NumberReader.digit(scalars[end + 1]),
            let ones = NumberReader.digit(scalars[end + 2]), tens < 6
        else { return nil }
        var index = end + 3
        if index < scalars.count, ["\"", "″", "”"].contains(scalars[index]) { index += 1 }
        if index < scalars.count {
            guard Self.isSpace(scalars[index]) || PhraseReader.isPunctuation(scalars[index]) else { return nil }
        }
        return Number(value: minutes + Double(tens * 10 + ones) / 60, end: index, isClock: true)
    }

    /// The whole number of at most six plain digits at `start` (no group or
    /// decimal separator: `5'8`, `1:30`) and where they end; nil when none is.
    private func plainDigits(from start: Int) -> (value: Double, end: Int)? {
        var index = start
        var value = 0.0
        while index < scalars.count, index - start < 6, let digit = NumberReader.digit(scalars[index]) {
            value = value * 10 + Double(digit)
            index += 1
        }
        return index > start ? (value, index) : nil
    }

    /// `5'8"`, `5' 8"`, `5′8″`, `5′8½″`, `5 ' 8.5 "`: feet and inches, as feet.
    func feetAndInches(from start: Int, reader: NumberReader) -> Number? {
        var index = start
        func skipSpaces() { while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 } }
        func digits() -> Double? {
            guard index < scalars.count, NumberReader.digit(scalars[index]) != nil else { return nil }
            // Digits, a decimal point, a fraction (8½, 8 1/2): the number reader's,
            // in plain decimal notation (no grouping: 5' 8" is not 58).
            guard let reading = NumberReader(decimalSeparator: ".").readings(scalars: scalars[index...]).first, reading.value >= 0
            else { return nil }
            index += reading.length
            return reading.value
        }
        // Feet in plain digits: the reader would take `5'8` as 58 (an apostrophe groups digits in Swiss German).
        guard let (feet, feetEnd) = plainDigits(from: index) else { return nil }
        index = feetEnd
        skipSpaces()
        guard index < scalars.count, ["'", "′", "’"].contains(scalars[index]) else { return nil }
        index += 1
        skipSpaces()
        let inchesStart = index
        guard let inches = digits() else { return nil }
        let inchesEnd = index
        skipSpaces()
        if index < scalars.count, ["\"", "″", "”"].contains(scalars[index]) {
            index += 1
        } else {
            // `5'3 in cm`, `5'11`: the inch mark left out, one or two digits
            // ending the word (`1'000` is a thousand grouped the Swiss way).
            guard inchesEnd - inchesStart <= 2, (inchesStart..<inchesEnd).allSatisfy({ NumberReader.digit(scalars[$0]) != nil }),
                inchesEnd == scalars.count || Self.isSpace(scalars[inchesEnd]) || PhraseReader.isPunctuation(scalars[inchesEnd])
            else { return nil }
            index = inchesEnd
        }
        guard inches < 12 else { return nil }
        return Number(value: feet + inches / 12, end: index, feetAndInches: (feet, inches))
    }
}
