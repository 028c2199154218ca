import UnitpackCore
import UnitpackRuntime
import UnitpackTestSupport

/// The reader's promises on damaged packs: every failure is a
/// `SearchPackError` (typed throws make anything else a crash), the cache
/// never holds more than the budget leaves it, and a pack that verifies
/// answers every search.
enum SearchPackProperties {
    static let queries = ["m", "к", "f", "z", "°", "a", "1", "мет", "km/h", "kilomter", "ьуеук", "vtnh", "metr", "%%%%%"]

    /// A whole pack, its CRCs made right first: the fuzzer cannot forge a
    /// CRC-32, and without this it would never get past them.
    static func checkPack(_ input: [UInt8], in context: FuzzContext) -> String? {
        var bytes = input
        fixCRCs(&bytes)
        let budget = 2048 + (input.count % 4) * 16384
        guard let pack = try? SearchPack(path: context.write(bytes, to: "search.pack"), budget: budget) else { return nil }
        return exercise(pack, budget: budget, queries: queries).broken
    }

    /// An inflated shard in a pack of its own (separator empty, two
    /// languages, forty units), held to the reference decoder: both accept
    /// it or both refuse it, and every key that the reference reads and that
    /// is already normalised finds exactly the units the reference reads.
    static func checkShard(_ input: [UInt8], in context: FuzzContext) -> String? {
        var assembler = PackAssembler()
        assembler.languages = ["en", "ru"]
        assembler.units = (1...40).map { (UInt32($0), UInt32($0 % 7 * 100)) }
        assembler.shards = [([], input)]
        let reference = try? ReferenceShardDecoder.decode(input, languageCount: assembler.languages.count)
        assembler.keyCount = UInt32(reference?.count ?? 0)
        assembler.postingCount = UInt32(reference?.reduce(0) { $0 + $1.postings.count } ?? 0)
        // The keys a user can type (valid UTF-8, already normalised), with
        // the units the reference reads for them.
        var unitsOfKey: [String: Set<Int>] = [:]
        for (bytes, postings) in reference ?? [] {
            guard let key = String(validating: bytes, as: UTF8.self), !key.isEmpty, SearchKey.normalize(key) == key
            else { continue }
            unitsOfKey[key] = Set(postings.map { Int($0.unit) })
        }
        let keys = unitsOfKey.keys.sorted()
        let budget = 1 << 20
        do {
            // Its tables are whole: only the shard can be refused, when read.
            let pack = try SearchPack(path: context.write(assembler.bytes(), to: "shard.pack"), budget: budget)
            let (broken, refusal) = exercise(pack, budget: budget, queries: ["a", "m", "к"] + keys.prefix(32))
            if let broken { return broken }
            if (refusal == nil) != (reference != nil) {
                let hex = input.map { String($0, radix: 16) }.joined(separator: " ")
                return refusal == nil
                    ? "the runtime accepts a shard the reference refuses: \(hex)"
                    : "the runtime refuses a shard the reference reads (\(refusal!)): \(hex)"
            }
            for key in keys.prefix(256) where refusal == nil {
                // An exact posting beats every prefix one: each unit of the
                // key comes back matched by the key itself.
                let found = Set(try pack.search(key, limit: 1000).filter { $0.isExact && $0.key == key }.map(\.unit.rawValue))
                guard found == unitsOfKey[key] else {
                    return "\(key.debugDescription) finds units \(found.sorted()); the reference reads \(unitsOfKey[key]!.sorted())"
                }
            }
        } catch {
            return "the pack of one shard does not open or search: \(error)"
        }
        return nil
    }

    /// Searches, then verifies: the broken promise, if any, and what
    /// `verify()` refused, if anything.
    static func exercise(_ pack: SearchPack, budget: Int, queries: [String]) -> (broken: String?, refusal: SearchPackError?) {
        var failedSearch: String?
        for query in queries {
            for languages in [nil, ["ru", "en"]] as [[String]?] {
                do {
                    _ = try pack.search(query, languages: languages, limit: 5)
                } catch {
                    failedSearch = "\(query.debugDescription): \(error)"
                }
                let statistics = pack.statistics
                if statistics.bytesHeld > max(0, budget - statistics.indexBytes) {
                    return ("the cache holds \(statistics.bytesHeld) bytes; the budget \(budget) leaves it \(budget - statistics.indexBytes)", nil)
                }
            }
        }
        do {
            _ = try pack.verify()
        } catch {
            return (nil, error)
        }
        if let failedSearch { return ("the pack verifies, yet a search fails: \(failedSearch)", nil) }
        return (nil, nil)
    }

    /// Sets the tables' CRC and every in-file shard's CRC to what the bytes
    /// give, walking the tables as docs/pack-format.md lays them out.
    static func fixCRCs(_ bytes: inout [UInt8]) { PackLayout.restampCRCs(&bytes) }
}
