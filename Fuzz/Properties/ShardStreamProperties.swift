import CZlib
import UnitpackCore
import UnitpackRuntime
import UnitpackTestSupport

/// A shard's compressed stream, as the fuzzer mutates it: the runtime reads
/// the streams of fixed-Huffman blocks the writer makes with a decoder of
/// its own (`FixedBlockInflater`) and leaves every other stream to zlib.
/// Held to zlib: the pack of one shard whose stream is the input answers
/// every search exactly as the same pack with zlib's bytes of the stream
/// stored again (stored blocks, which only zlib reads), and when zlib
/// refuses the stream, the runtime refuses the shard as a damaged stream.
enum ShardStreamProperties {
    /// The packs' preset dictionary: words and endings of several scripts,
    /// runs of a byte and small numbers, as the shards hold (the trainer's
    /// pieces are of those), so that matches reach into it.
    static let dictionary: [UInt8] = {
        let words = ["metre", "metres", "mètre", "метр", "метра", "фут", "°c", "km/h", "гр", "kilo", "per", "ounce"]
        var bytes: [UInt8] = []
        var state: UInt32 = 0x9E37_79B9
        while bytes.count < 4096 {
            state = state &* 1_664_525 &+ 1_013_904_223
            let word = words[Int(state >> 16) % words.count]
            bytes.append(UInt8(truncatingIfNeeded: state >> 8) % 6)
            bytes += word.utf8
        }
        return Array(bytes.prefix(4096))
    }()

    static let units: [(UInt32, UInt32)] = (1...40).map { (UInt32($0), UInt32($0 % 7 * 100)) }

    /// `input` is raw deflate data (RFC 1951); at most 8 KiB of it is read.
    static func check(_ input: [UInt8], in context: FuzzContext) -> String? {
        let body = Array(input.prefix(8192))
        let inflated = zlibInflate(body)
        let reference = inflated.flatMap { try? ReferenceShardDecoder.decode($0, languageCount: 2) }
        var assembler = PackAssembler()
        assembler.languages = ["en", "ru"]
        assembler.units = units
        assembler.dictionary = dictionary
        // A length zlib does not give, when it refuses the stream.
        assembler.shards = [([], inflated ?? [UInt8](repeating: 0x61, count: body.count % 2000 + 1))]
        assembler.keyCount = UInt32(reference?.count ?? 0)
        assembler.postingCount = UInt32(reference?.reduce(0) { $0 + $1.postings.count } ?? 0)
        var stored = assembler
        stored.streams = [zlibStream(storedBlocks(inflated ?? []), inflated: inflated ?? [])]
        assembler.streams = [zlibStream(body, inflated: inflated ?? [])]
        let keys = (reference ?? []).compactMap { String(validating: $0.key, as: UTF8.self) }.prefix(16)
        let queries = ["a", "m", "м", "°"] + keys
        do {
            let path = context.write(assembler.bytes(), to: "stream.pack")
            let fuzzed = try SearchPack(path: path, budget: 1 << 20)
            let answers = queries.map { answer(fuzzed, $0, path: path) }
            guard inflated != nil else {
                return answers.allSatisfy({ $0.hasPrefix("stream damage") })
                    ? nil : "zlib refuses the stream; the runtime reads it: \(answers.first { !$0.hasPrefix("stream damage") }!)"
            }
            let againPath = context.write(stored.bytes(), to: "stored.pack")
            let again = try SearchPack(path: againPath, budget: 1 << 20)
            for (query, given) in zip(queries, answers) {
                let expected = answer(again, query, path: againPath)
                if given != expected { return "\(query.debugDescription): \(given), where zlib's bytes give \(expected)" }
            }
        } catch {
            return "a pack of one shard does not open: \(error)"
        }
        return nil
    }

    /// What a search answers, as text without the file's path: the units
    /// and keys found, or the damage it was refused for.
    static func answer(_ pack: SearchPack, _ query: String, path: String) -> String {
        do {
            return try pack.search(query, limit: 50).map { "\($0.unit.rawValue) \($0.key) \($0.isExact)" }.joined(separator: ", ")
        } catch .corruptShard(_, _, .stream(let damage)) {
            return "stream damage: \(damage)"
        } catch .corruptShard(_, let shard, let damage) {
            return "shard \(shard): \(damage)"
        } catch {
            return "\(error)".replacingOccurrences(of: path, with: "PACK")
        }
    }

    /// zlib's bytes of raw deflate data with the dictionary, when it reads
    /// the data to its end, no byte left over, in at most 64 KiB (not none).
    static func zlibInflate(_ body: [UInt8]) -> [UInt8]? {
        RawDeflate.inflate(body, dictionary: dictionary, limit: 1 << 16).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `body` as a zlib stream (RFC 1950) naming the dictionary: header
    /// with FDICT, DICTID, the data, the Adler-32 of `inflated`.
    static func zlibStream(_ body: [UInt8], inflated: [UInt8]) -> [UInt8] {
        let header = UInt16(0x78) << 8 | 0x20
        let check = UInt8((31 - Int(header) % 31) % 31)
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        return [0x78, 0x20 | check] + bigEndian(adler(dictionary)) + body + bigEndian(adler(inflated))
    }

    /// `bytes` as raw deflate data of stored blocks (RFC 1951, 3.2.4).
    static func storedBlocks(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        repeat {
            let count = min(65_535, bytes.count - start)
            let final: UInt8 = start + count == bytes.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), ~UInt8(count & 0xFF), ~UInt8(count >> 8)]
            out += bytes[start..<(start + count)]
            start += count
        } while start < bytes.count
        return out
    }

    static func adler(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(adler32(1, $0.baseAddress, uInt($0.count))) }
    }

    /// Seeds: the assembled two shards' bytes in fixed blocks (the writer's
    /// kind), in dynamic blocks, and the first in fixed blocks ended early.
    static func seeds() -> [String: [UInt8]] {
        var seeds: [String: [UInt8]] = [:]
        for (index, shard) in PackAssembler.twoShards().shards.enumerated() {
            seeds["seed-fixed-\(index)"] = deflateRaw(shard.raw, strategy: Z_FIXED)
            seeds["seed-dynamic-\(index)"] = deflateRaw(shard.raw + shard.raw + shard.raw, strategy: Z_DEFAULT_STRATEGY)
        }
        seeds["seed-fixed-words"] = deflateRaw(Array(dictionary[100..<1100]), strategy: Z_FIXED)
        return seeds
    }

    /// Raw deflate data of `bytes` with the dictionary.
    static func deflateRaw(_ bytes: [UInt8], strategy: Int32) -> [UInt8] {
        RawDeflate.deflate(bytes, dictionary: dictionary, strategy: strategy)
    }
}
