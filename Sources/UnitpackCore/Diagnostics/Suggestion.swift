/// "Did you mean …?" for names typed by hand: function names in formulas,
/// unit names in locale files.
public enum Suggestion {
    /// The closest candidate ignoring case, within 1 edit for names of up to
    /// 3 letters and 2 edits for longer ones; ties go to the earlier one.
    public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let lowered = Array(name.lowercased().unicodeScalars)
        let limit = lowered.count <= 3 ? 1 : 2
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars))
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Levenshtein distance of two texts, ignoring case.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        editDistance(Array(a.lowercased().unicodeScalars), Array(b.lowercased().unicodeScalars))
    }

    /// Levenshtein distance with two letters swapped counted as one edit
    /// (the optimal string alignment distance): `miels` is as close to
    /// `miles` as to `mils`, the typo people make most.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        var beforePrevious = Array(repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
