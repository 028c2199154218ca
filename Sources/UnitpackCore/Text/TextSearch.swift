/// Finding a marker (`{0}`, `\u{`) in a text. The standard library's
/// `contains(_:)`, `split(separator:)` and `ranges(of:)` given a string come
/// from _StringProcessing, which Apple platforms have only from iOS 16 /
/// watchOS 9 / macOS 13: the runtime links this module, so it uses these
/// instead (docs/platforms.md). Characters are compared as those would
/// compare them (`hasPrefix`, canonical equivalence).
public enum TextSearch {
    /// Where `marker` occurs in `text`, left to right, without overlaps;
    /// empty for an empty marker.
    /// - Complexity: O(n·m) for a text of n characters and a marker of m.
    public static func ranges(of marker: String, in text: String) -> [Range<String.Index>] {
        guard !marker.isEmpty else { return [] }
        return byteRanges(of: marker, in: text) ?? characterRanges(of: marker, in: text)
    }

    /// `ranges(of:in:)` found among the bytes, for a marker of ASCII
    /// characters that no other character equals: all but `;`, `` ` `` and
    /// `K`, which U+037E, U+1FEF and U+212A are canonically equivalent to.
    /// Such a marker's characters occur where its bytes do and both ends of
    /// them are characters' boundaries (an ASCII character is joined only
    /// by a prepended mark before it, an extending mark after it, or a CR
    /// before an LF; a marker's own characters join none of these). Walking
    /// the characters, which breaks graphemes at every step, took 86
    /// million instructions of the build for `{0}` alone. Nil for another
    /// marker, or a text not stored as contiguous UTF-8.
    static func byteRanges(of marker: String, in text: String) -> [Range<String.Index>]? {
        let wanted = Array(marker.utf8)
        guard !wanted.isEmpty, wanted.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: "`") && $0 != UInt8(ascii: "K") })
        else { return nil }
        let utf8 = text.utf8
        return utf8.withContiguousStorageIfAvailable { bytes -> [Range<String.Index>] in
            var found: [Range<String.Index>] = []
            var offset = 0
            let last = bytes.count - wanted.count
            while offset <= last {
                guard bytes[offset] == wanted[0], (1..<wanted.count).allSatisfy({ bytes[offset + $0] == wanted[$0] }) else {
                    offset += 1
                    continue
                }
                let start = utf8.index(utf8.startIndex, offsetBy: offset)
                let end = utf8.index(start, offsetBy: wanted.count)
                guard start.samePosition(in: text) != nil, end.samePosition(in: text) != nil else {
                    offset += 1
                    continue
                }
                found.append(start..<end)
                offset += wanted.count
            }
            return found
        }
    }

    /// `ranges(of:in:)` walking the text's characters.
    static func characterRanges(of marker: String, in text: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix(marker) {
                let end = text.index(index, offsetBy: marker.count)
                found.append(index..<end)
                index = end
            } else {
                index = text.index(after: index)
            }
        }
        return found
    }

    /// Whether `marker` occurs in `text`.
    public static func contains(_ marker: String, in text: String) -> Bool {
        !ranges(of: marker, in: text).isEmpty
    }

    /// The text before the first `marker`; all of it when there is none.
    public static func prefix(before marker: String, in text: String) -> Substring {
        ranges(of: marker, in: text).first.map { text[..<$0.lowerBound] } ?? text[...]
    }

    /// `text` without any `marker`.
    public static func removing(_ marker: String, from text: String) -> String {
        var result = ""
        var start = text.startIndex
        for range in ranges(of: marker, in: text) {
            result += text[start..<range.lowerBound]
            start = range.upperBound
        }
        return result + text[start...]
    }
}
