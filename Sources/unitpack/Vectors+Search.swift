extension Vectors {
    static let searchLimit = 10

    /// Queries for each language: prefixes of one to three characters and
    /// whole words of seeded words of the language (its units' display
    /// names, plural forms and symbols), and a few `units-src/` symbols;
    /// each searched in the language alone and with English after it.
    mutating func searches() throws -> String {
        var cases: [JSONValue] = []
        var symbols: [String] = []
        for unit in snapshot.units { symbols += unit.symbols }
        for language in snapshot.languages.map(\.code) {
            var words: [String] = []
            for unit in snapshot.units {
                for entry in unit.words where entry.language == language {
                    words += entry.words.forms.filter { $0.form != "composed" && !$0.form.contains(":") }.map(\.text)
                    words += entry.words.symbols
                }
            }
            guard !words.isEmpty else { continue }
            var queries: [String] = []
            for _ in 0..<12 {
                let word = words[random.below(words.count)]
                let length = 1 + random.below(3)
                queries.append(String(word.prefix(length)))
            }
            for _ in 0..<4 { queries.append(words[random.below(words.count)]) }
            if !symbols.isEmpty { for _ in 0..<2 { queries.append(symbols[random.below(symbols.count)]) } }
            var seen: Set<String> = []
            for query in queries where seen.insert(query).inserted {
                for asked in language == "en" ? [["en"]] : [[language], [language, "en"]] {
                    let matches = try search.search(query, languages: asked, limit: Self.searchLimit)
                    let results: [JSONValue] = try matches.map { match in
                        .object([
                            ("unit", .string(try database.unit(match.unit).key)), ("key", .string(match.key)),
                            ("exact", .bool(match.isExact)), ("language", match.language.map { .string($0) } ?? .null),
                            ("distance", .int(match.distance)),
                        ])
                    }
                    cases.append(.object([
                        ("query", .string(query)), ("languages", .array(asked.map { .string($0) })),
                        ("limit", .int(Self.searchLimit)), ("results", .array(results)),
                    ]))
                }
            }
        }
        return file("search", cases)
    }
}
