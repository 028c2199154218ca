import UnitpackCore

extension SearchPack {
    /// The units whose words start with `text` (normalised as the pack was),
    /// best first: a whole-word match before a prefix match, then higher
    /// priority, then the earlier of `languages`, then the shorter word. One
    /// match per unit. `languages` (BCP 47 codes) limits the words to those
    /// languages and `units-src/` symbols; `nil` searches every language.
    ///
    /// A query longer than `maxQueryBytes` of UTF-8 is not searched: it
    /// throws `.queryTooLong`, which gives the limit (cutting it would answer
    /// another question).
    public func search(_ text: String, languages wanted: [String]? = nil, limit: Int = 20)
        throws(SearchPackError) -> [SearchMatch]
    {
        var work = 0
        return try search(text, languages: wanted, limit: limit, work: &work)
    }

    /// The longest query `search` reads, in bytes of UTF-8: the phrase's
    /// limit (`UnitDatabase.maxPhraseBytes`, `TextLimits.phraseBytes`), which the commands check too
    /// (`InputLimits.queryBytes`).
    public static let maxQueryBytes = TextLimits.phraseBytes

    /// `search`, adding to `work` what it read: the text's bytes and the
    /// normalised query's (one pass each), the bytes its binary searches
    /// compared, and the postings it ranked.
    func search(_ text: String, languages wanted: [String]?, limit: Int, work: inout Int)
        throws(SearchPackError) -> [SearchMatch]
    {
        let bytes = text.utf8.count
        guard bytes <= Self.maxQueryBytes else { throw .queryTooLong(bytes: bytes, limit: Self.maxQueryBytes) }
        let query = Array(SearchKey.normalize(text).utf8)
        work += bytes + query.count
        return try search(normalized: query, languages: wanted, limit: limit, rewrite: true, work: &work)
    }

    /// `search` of a normalised query; `rewrite`: also read it as typed in
    /// another layout or in Latin letters when it finds too little;
    /// `forgive`: correct it when it finds too little as typed.
    func search(
        normalized query: [UInt8], languages wanted: [String]?, limit: Int, rewrite: Bool, forgive: Bool = true, work: inout Int
    ) throws(SearchPackError) -> [SearchMatch] {
        guard !query.isEmpty, limit > 0, !shards.isEmpty else { return [] }
        // A short prefix of many keys ranks thousands of postings; its result
        // is kept (within the budget) because typing asks it again and again.
        let resultKey = ResultKey(query: query, languages: wanted, limit: limit)
        if let kept = cachedResults(resultKey) { return kept }
        let languageRank = languageRanks(wanted)

        var top = TopMatches(limit: limit)
        // The shards stay referenced until the matches are read: a budget too
        // small to cache them must not make the keys unreadable.
        let range = shardRange(for: query, compared: &work)
        var loaded: [SearchShard] = []
        loaded.reserveCapacity(range.count)
        for index in range {
            let shard = try shard(index)
            loaded.append(shard)
            shard.collect(query, shard: index, languageRank: languageRank, into: &top)
        }
        work += top.compared + top.ranked
        let matches = top.entries.map { entry in
            let shard = loaded[Int(entry.shard) - range.lowerBound]
            let posting = Int(entry.posting)
            let key = shard.key(Int(entry.position))
            let found = shard.postings[posting]
            return SearchMatch(
                unit: UnitID(rawValue: Int(entry.unit)), key: String(decoding: key, as: UTF8.self),
                language: found.language == SearchPackFormat.noLanguage ? nil : self.languages[safe: Int(found.language)],
                form: found.form, isExact: entry.score >> 63 == 1, priority: Double(found.priority) / 100)
        }
        if top.ranked > Self.rankedWorthKeeping { keep(matches, for: resultKey) }
        // Too little as typed: the forgiving search adds corrected matches
        // after them (issue 23), never kept (they are cheap only when warm).
        guard forgive, !matches.contains(where: \.isExact), matches.count < min(limit, Self.forgivingWanted) else { return matches }
        var units = Set(matches.map { UInt32($0.unit.rawValue) })
        let corrected = try forgivingMatches(
            query, languageRank: languageRank, limit: limit - matches.count, excluded: units, work: &work)
        guard rewrite else { return matches + corrected }
        // Enough corrections: the query was meant in its script and layout,
        // only misspelt (its spacing is still read otherwise: `km per h`).
        let scripts = matches.count + corrected.count < min(limit, Self.forgivingWanted)
        // The query read in another layout or from Latin letters: what that
        // finds as typed ranks after what the query finds as typed and before
        // its corrections; its own corrections come last.
        var rewrittenFound: [SearchMatch] = []
        var rewrittenCorrected: [SearchMatch] = []
        // A rewriting is corrected too only when the query's own corrections
        // found nothing: else `metric ton per yea`, found at one edit, would
        // walk its letter again for `metrictonperyea` and `metric/ton/per/yea`.
        for other in rewrites(of: query, scripts: scripts, work: &work) {
            for var match in try search(
                normalized: other, languages: wanted, limit: limit, rewrite: false, forgive: scripts, work: &work)
            {
                let isCorrected = match.isCorrected
                match.distance += 1
                if isCorrected { rewrittenCorrected.append(match) } else { rewrittenFound.append(match) }
            }
        }
        var merged = matches
        for match in rewrittenFound + corrected + rewrittenCorrected where merged.count < limit {
            if units.insert(UInt32(match.unit.rawValue)).inserted { merged.append(match) }
        }
        return merged
    }

    /// Language byte -> rank (0 best, negative: not asked); symbols of
    /// units-src/ rank after every asked language.
    func languageRanks(_ wanted: [String]?) -> [Int16] {
        var languageRank = [Int16](repeating: wanted == nil ? 0 : -1, count: 256)
        if let wanted {
            for (rank, code) in wanted.prefix(250).enumerated() {
                if let index = self.languages.firstIndex(of: code) ?? self.languages.firstIndex(of: Self.base(code)) {
                    if languageRank[index] < 0 { languageRank[index] = Int16(rank) }
                }
            }
            languageRank[Int(SearchPackFormat.noLanguage)] = Int16(min(wanted.count, 250))
        }
        return languageRank
    }

    /// The query as typed in another language's keyboard layout (every pair
    /// of keyboards of the pack: `ьуеук` is `meter`, `vtnh` is `метр`) and
    /// as a language written in Latin letters (`metr` is `метр`), distinct
    /// and not the query.
    func rewrites(of query: [UInt8], scripts: Bool = true, work: inout Int) -> [[UInt8]] {
        let scalars = Array(String(decoding: query, as: UTF8.self).unicodeScalars.map(\.value))
        guard scalars.count <= Self.forgivingMaximumScalars else { return [] }
        var found: [[UInt8]] = []
        func add(_ candidate: [UInt8]) {
            if candidate != query, !found.contains(candidate) { found.append(candidate) }
        }
        for from in rewriting where scripts && from.hasKeyboard {
            for to in rewriting where to.hasKeyboard {
                guard let swapped = from.layoutSwap(scalars, to: to) else { continue }
                var text = String.UnicodeScalarView()
                for value in swapped { if let scalar = Unicode.Scalar(value) { text.append(scalar) } }
                add(Array(SearchKey.normalize(String(text)).utf8))
            }
        }
        for language in rewriting where scripts {
            if let latin = language.transliterate(query) { add(latin) }
        }
        // Spacing: `km h` as `kmh` and `km/h`, `km per h` as `km/h` (the
        // languages' `per` words); symbols are written without spaces.
        let words = query.split(separator: 0x20, omittingEmptySubsequences: true).map(Array.init)
        if words.count > 1 {
            let per = rewriting.flatMap(\.perWords)
            let divided = words.map { per.contains($0) ? [0x2F] : $0 }
            if divided != words { add(Array(divided.joined())) }
            add(Array(words.joined()))
            add(Array(words.joined(separator: [0x2F])))
        }
        work += scalars.count * rewriting.count
        return found
    }

    /// Postings ranked by a query above which its result is kept: a few
    /// microseconds of work, against a few hundred bytes held.
    static let rankedWorthKeeping = 256

    /// The shards that can hold keys starting with `query`: from the last one
    /// whose separator is not after it, through those whose separator starts
    /// with it. (A key of a later shard starts with `query` only if its
    /// separator does: the separator is a prefix of the key and sorts after
    /// `query`, so it cannot be a shorter prefix of it.)
    func shardRange(for query: [UInt8], compared: inout Int) -> Range<Int> {
        var low = 0
        var high = shards.count
        while low < high {
            let middle = (low + high) / 2
            if KeyComparison(separator(middle), query, compared: &compared).queryPrecedes { high = middle } else { low = middle + 1 }
        }
        let start = max(0, low - 1)
        var end = low
        while end < shards.count, KeyComparison(separator(end), query, compared: &compared).keyStartsWithQuery { end += 1 }
        return start..<max(end, start + 1)
    }

    static func base(_ code: String) -> String {
        code.split(separator: "-").first.map(String.init) ?? code
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
