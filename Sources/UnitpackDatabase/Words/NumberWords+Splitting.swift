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
            splittableScalars.contains(first) || startsSplittable(start)
        else { return nil }
        // Searched on the UTF-8 bytes, a piece looked up where it lies: a
        // String made for each length tried was most of a split's cost.
        var token = token
        let found: (pieces: [Range<Int>], languages: UInt64)? = token.withUTF8 { bytes in
            var scalarCount = 0
            for byte in bytes where byte & 0xC0 != 0x80 { scalarCount += 1 }
            guard scalarCount <= Self.longestSplitToken else { return nil }
            // The search's tables on the stack: four arrays allocated for
            // each word asked (most are no number) were most of a split's cost.
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: scalarCount + 1) { starts in
                withUnsafeTemporaryAllocation(of: Bool.self, capacity: scalarCount) { dead in
                    withUnsafeTemporaryAllocation(of: (piece: Range<Int>, languages: UInt64).self, capacity: scalarCount) { pieces in
                        search(bytes, scalarCount: scalarCount, starts: starts, dead: dead, pieces: pieces)
                    }
                }
            }
        }
        guard let found else { return nil }
        // Letters only (after the search: most tokens fail it first, and a
        // scalar's properties cost more than a lookup).
        guard token.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic }) else { return nil }
        // A word is written in one language: `centum` is no French `cent`
        // and Portuguese `um` (101), `mile` no Spanish `mil` and Italian `e`.
        if !languageCodes.isEmpty, found.languages == 0 { return nil }
        let utf8 = Array(token.utf8)
        return found.pieces.map { String(decoding: utf8[$0], as: UTF8.self) }
    }

    /// `split`'s search of `bytes` (of `scalarCount` scalars) for number
    /// words written together, in the buffers given (uninitialized; each of
    /// `scalarCount` elements, `starts` one more): the pieces, longest first,
    /// and the languages that have every piece; nil when none cover it.
    private func search(
        _ bytes: UnsafeBufferPointer<UInt8>, scalarCount: Int, starts: UnsafeMutableBufferPointer<Int>, dead: UnsafeMutableBufferPointer<Bool>,
        pieces: UnsafeMutableBufferPointer<(piece: Range<Int>, languages: UInt64)>
    ) -> (pieces: [Range<Int>], languages: UInt64)? {
        // Where each scalar starts, and the end: a piece runs between two.
        var index = 0
        for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 {
            starts[index] = offset
            index += 1
        }
        starts[scalarCount] = bytes.count
        func scalar(_ index: Int) -> UInt32 {
            var decoder = UTF8()
            var iterator = bytes[starts[index]..<starts[index + 1]].makeIterator()
            if case .scalarValue(let value) = decoder.decode(&iterator) { return value.value }
            return 0
        }
        // Positions known not to split to the end: each is tried once, so
        // the search is linear in the token times the longest word.
        dead.initialize(repeating: false)
        var count = 0
        func search(_ start: Int) -> Bool {
            if start == scalarCount { return true }
            if dead[start] { return false }
            // A piece of two scalars or more starts as some word does, and
            // one of one is a word: checked on the scalars, before a lookup.
            let head = scalar(start)
            let pairStarts = start + 1 < scalarCount && startsSplittable(UInt64(head) << 32 | UInt64(scalar(start + 1)))
            for length in stride(from: min(longestSplittable, scalarCount - start), through: 1, by: -1) {
                if length == 1 ? !(Unicode.Scalar(head).map(splittableScalars.contains) ?? false) : !pairStarts { continue }
                let piece = starts[start]..<starts[start + length]
                guard let entry = table.entry(utf8: UnsafeBufferPointer(rebasing: bytes[piece])),
                    entry.flags & WordTable.splittableFlag != 0
                else { continue }
                pieces[count] = (piece, table.languages(of: entry))
                count += 1
                if search(start + length) { return true }
                count -= 1
            }
            dead[start] = true
            return false
        }
        guard search(0), count > 1 else { return nil }
        var languages: UInt64 = ~0
        for index in 0..<count { languages &= pieces[index].languages }
        return (pieces[0..<count].map(\.piece), languages)
    }

    /// The first two scalars of a word of two or more, packed: a key of `splitStarts`.
    package static func start(of word: String) -> UInt64? {
        var scalars = word.unicodeScalars.makeIterator()
        guard let first = scalars.next(), let second = scalars.next() else { return nil }
        return UInt64(first.value) << 32 | UInt64(second.value)
    }
}
