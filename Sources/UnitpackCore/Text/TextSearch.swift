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
