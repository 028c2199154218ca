import UnitpackCore

extension SearchPack {
    /// The units whose words start with `text` (normalised as the pack was),
    /// best first: a whole-word match before a prefix match, then higher
    /// priority, then the earlier of `languages`, then the shorter word. One
    /// match per unit. `languages` (BCP 47 codes) limits the words to those
    /// languages and `units-src/` symbols; `nil` searches every language.
    public func search(_ text: String, languages wanted: [String]? = nil, limit: Int = 20)
        throws(SearchPackError) -> [SearchMatch]
    {
        let query = Array(SearchKey.normalize(text).utf8)
        guard !query.isEmpty, limit > 0, !shards.isEmpty else { return [] }
        // Language byte -> rank (0 best); symbols of units-src/ rank after every asked language.
        var languageRank = [Int](repeating: wanted == nil ? 0 : -1, count: 256)
        if let wanted {
            for (rank, code) in wanted.enumerated() {
                if let index = self.languages.firstIndex(of: code) ?? self.languages.firstIndex(of: Self.base(code)) {
                    if languageRank[index] < 0 { languageRank[index] = rank }
                }
            }
            languageRank[Int(SearchPackFormat.noLanguage)] = wanted.count
        }

        var best: [Int: Candidate] = [:]
        for index in shardRange(for: query) {
            let shard = try shard(index)
            var position = shard.lowerBound(query)
            while position < shard.count {
                let key = shard.key(position)
                guard key.starts(with: query) else { break }
                let exact = key.count == query.count
                shard.postings(position) { unit, language, form in
                    let rank = languageRank[Int(language)]
                    guard rank >= 0 else { return }
                    let candidate = Candidate(
                        unit: unit, exact: exact, priority: priority(of: unit), languageRank: rank, keyLength: key.count,
                        form: form, language: language, shard: index, position: position)
                    if let current = best[unit], !(candidate.ranksBefore(current)) { return }
                    best[unit] = candidate
                }
                position += 1
            }
        }
        var ranked = best.values.sorted { $0.ranksBefore($1) }
        if ranked.count > limit { ranked.removeLast(ranked.count - limit) }
        var matches: [SearchMatch] = []
        for candidate in ranked {
            let key = try shard(candidate.shard).key(candidate.position)
            matches.append(
                SearchMatch(
                    unit: UnitID(rawValue: candidate.unit), key: String(decoding: key, as: UTF8.self),
                    language: candidate.language == SearchPackFormat.noLanguage ? nil : self.languages[safe: Int(candidate.language)],
                    form: candidate.form, isExact: candidate.exact, priority: Double(candidate.priority) / 100))
        }
        return matches
    }

    struct Candidate {
        var unit: Int
        var exact: Bool
        var priority: UInt32
        var languageRank: Int
        var keyLength: Int
        var form: SearchPackFormat.Form
        var language: UInt8
        var shard: Int
        var position: Int

        func ranksBefore(_ other: Candidate) -> Bool {
            if exact != other.exact { return exact }
            if priority != other.priority { return priority > other.priority }
            if languageRank != other.languageRank { return languageRank < other.languageRank }
            if keyLength != other.keyLength { return keyLength < other.keyLength }
            return unit < other.unit
        }
    }

    /// The shards that can hold keys starting with `query`: from the last one
    /// whose first key is not after it, through those whose first key starts with it.
    func shardRange(for query: [UInt8]) -> Range<Int> {
        var low = 0
        var high = shards.count
        while low < high {
            let middle = (low + high) / 2
            if query.lexicographicallyPrecedes(shards[middle].firstKey) { high = middle } else { low = middle + 1 }
        }
        let start = max(0, low - 1)
        var end = low
        while end < shards.count, shards[end].firstKey.starts(with: query) { end += 1 }
        return start..<max(end, start + 1)
    }

    static func base(_ code: String) -> String {
        code.split(separator: "-").first.map(String.init) ?? code
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
