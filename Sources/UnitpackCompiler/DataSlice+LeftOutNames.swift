import UnitpackCheck
import UnitpackCore

extension DataSlice {
    /// The words `slice` leaves out of `whole` that the runtime could read,
    /// in the slice, as an SI or binary prefix and a held unit: words of the
    /// units it leaves out (`ft`, the foot, when length is out and the tonne
    /// `t` is in, would read as femtotonnes) and words of the languages it
    /// leaves out (`al`, the light-year in Spanish, as an attolitre in an
    /// English slice) (docs/database.md, "Slices"). The runtime reads a
    /// prefix only on a word no name has, and refuses one of these.
    ///
    /// A word the slice still has (a held unit's, in a held language) is
    /// never listed: it is read as that unit. The prefix reading is taken broadly (folded;
    /// any prefix symbol, or a held language's word for a prefix, an
    /// optional hyphen, then any held word), so a listed word may be one the
    /// runtime would not have read; one it would read is never missing.
    static func leftOutNames(whole: CompiledModel, slice: CompiledModel) -> [CompiledModel.LeftOutName] {
        let heldUnits = Set(slice.units.map(\.id))
        let heldLanguages = Set(slice.languages.map(\.code) + [Self.requiredLanguage, ""])
        let heldWords = Set(slice.words.map { BuildFolding.fold($0.text) })
        var heads = Set(UnitPrefix.all.flatMap(\.symbols).map(BuildFolding.fold))
        for language in slice.languages {
            for pattern in language.compounds where pattern.key == .prefix && pattern.pattern.hasSuffix("{0}") {
                let head = BuildFolding.fold(String(pattern.pattern.dropLast(3)))
                if !head.isEmpty { heads.insert(head) }
            }
        }
        // The heads by their first byte, each with its length in characters:
        // a word is compared only with the heads it starts as (words and
        // heads are folded, so NFC: a head that is a prefix of a word begins
        // with its byte). Every head at every word, each counting the
        // characters of both, was half of `unitpack check` (its slices).
        // (No head is empty: the prefixes' symbols are letters, the patterns'
        // heads are kept only when not empty.)
        var headsByLead: [UInt8: [(head: String, count: Int)]] = [:]
        for head in heads {
            if let lead = head.utf8.first { headsByLead[lead, default: []].append((head, head.count)) }
        }
        func readsAsPrefixed(_ folded: String) -> Bool {
            func prefixes(_ head: String, _ count: Int) -> Bool {
                guard folded.hasPrefix(head), folded.count > count else { return false }
                var rest = folded.dropFirst(count)
                if rest.first == "-" { rest = rest.dropFirst() }
                return heldWords.contains(String(rest))
            }
            guard let lead = folded.utf8.first, let candidates = headsByLead[lead] else { return false }
            return candidates.contains(where: prefixes)
        }
        // A word of several, joined by spaces or hyphens, reads as the
        // product of its parts when each is a word or a prefixed word of the
        // slice: `US-Peck` (German, left out of an English slice) would be
        // microseconds (`us`) times pecks.
        func readsAsProduct(_ folded: String) -> Bool {
            let parts = folded.split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
            return parts.count > 1 && parts.allSatisfy { heldWords.contains($0) || readsAsPrefixed($0) }
        }
        let keys = Dictionary(whole.units.map { ($0.id, $0.key) }, uniquingKeysWith: { a, _ in a })
        var found: Set<CompiledModel.LeftOutName> = []
        for word in whole.words where !heldUnits.contains(word.unit) || !heldLanguages.contains(word.language) {
            let folded = BuildFolding.fold(word.text)
            guard !heldWords.contains(folded), let key = keys[word.unit], readsAsPrefixed(folded) || readsAsProduct(folded)
            else { continue }
            found.insert(CompiledModel.LeftOutName(folded: folded, unitKey: key))
        }
        return found.sorted()
    }
}
