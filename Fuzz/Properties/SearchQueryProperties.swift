import UnitpackCore
import UnitpackRuntime

/// `SearchPack.search` of any text on the repository's pack, the forgiving
/// search included (corrections, other layouts and scripts: issue 23), in a
/// cache of the front ends' search budget so that eviction runs too: a query
/// within the length limit answers (an intact pack never throws), and one
/// over it throws `.queryTooLong`; at most `limit` matches, one per unit;
/// a match found as typed has a key that the normalised query is a prefix of
/// (the whole key when exact), and comes before every corrected one; the
/// cache stays within the budget.
enum SearchQueryProperties {
    /// The search budget of the front ends' defaults (README, budgets.tsv).
    static let budget = 64 * 1024

    static func check(_ input: [UInt8], in context: FuzzContext) -> String? {
        let pack: SearchPack
        do {
            pack = try context.searchPack(budget: budget)
        } catch {
            return "\(error)"
        }
        let text = String(decoding: input, as: UTF8.self)
        let query = SearchKey.normalize(text)
        for (languages, limit) in [(nil, 5), (["en"], 20), (["ru", "en"], 3)] as [([String]?, Int)] {
            let matches: [SearchMatch]
            do {
                matches = try pack.search(text, languages: languages, limit: limit)
            } catch .queryTooLong(let bytes, let limit) where bytes > limit && text.utf8.count == bytes {
                continue
            } catch {
                return "\(text.debugDescription) (\(languages ?? [])): an intact pack fails: \(error)"
            }
            guard matches.count <= limit else { return "\(text.debugDescription): \(matches.count) matches for a limit of \(limit)" }
            guard Set(matches.map(\.unit)).count == matches.count else { return "\(text.debugDescription): a unit found twice" }
            var corrected = false
            for match in matches {
                if match.isCorrected {
                    corrected = true
                    guard match.distance <= 3 else { return "\(text.debugDescription): \(match.key) at distance \(match.distance)" }
                    continue
                }
                guard !corrected else { return "\(text.debugDescription): \(match.key), found as typed, after a correction" }
                guard match.key.utf8.starts(with: query.utf8) else {
                    return "\(text.debugDescription): \(match.key) found as typed does not start with \(query.debugDescription)"
                }
                guard !match.isExact || match.key == query else {
                    return "\(text.debugDescription): \(match.key) is called exact for \(query.debugDescription)"
                }
            }
            let statistics = pack.statistics
            guard statistics.bytesHeld <= budget - statistics.indexBytes else {
                return "the cache holds \(statistics.bytesHeld) bytes; the budget \(budget) leaves it \(budget - statistics.indexBytes)"
            }
        }
        return nil
    }
}
