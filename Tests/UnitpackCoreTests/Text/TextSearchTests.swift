import Testing
import UnitpackCore

/// TextSearch stands in for the string-processing `split`, `contains` and
/// `ranges(of:)` (iOS 16): it must find what they found.
@Suite struct TextSearchTests {
    @Test func findsEveryMarkerWithoutOverlaps() {
        let text = "{0} per {0}{1}"
        let found = TextSearch.ranges(of: "{0}", in: text).map { text.distance(from: text.startIndex, to: $0.lowerBound) }
        #expect(found == [0, 8])
        #expect(TextSearch.ranges(of: "aa", in: "aaaa").count == 2)
        #expect(TextSearch.ranges(of: "x", in: "").isEmpty)
        #expect(TextSearch.ranges(of: "", in: "abc").isEmpty)
    }

    @Test func agreesWithSplittingOnTheMarker() {
        // The counts and pieces `split(separator:omittingEmptySubsequences: false)` gave.
        for (text, count) in [("{0} m", 1), ("m", 0), ("{0}{0}", 2), ("a{0}b{0}c{0}", 3), ("{0", 0)] {
            #expect(TextSearch.ranges(of: "{0}", in: text).count == count, "\(text)")
        }
        #expect(TextSearch.prefix(before: "{0}", in: "Kubik{0}") == "Kubik")
        #expect(TextSearch.prefix(before: "{0}", in: "{0} carré") == "")
        #expect(TextSearch.prefix(before: "{0}", in: "no marker") == "no marker")
        #expect(TextSearch.removing("{0}", from: "{0} per {1}{0}") == " per {1}")
        #expect(TextSearch.removing("{1}", from: "{0}") == "{0}")
    }

    @Test func comparesCharactersNotBytes() {
        // `é` precomposed and as `e` + a combining accent are one character:
        // found either way, as `contains` found it.
        #expect(TextSearch.contains("caf\u{E9}", in: "un cafe\u{301} noir"))
        #expect(TextSearch.contains("\\u{", in: "a\\u{00A0}b"))
        #expect(!TextSearch.contains("\\u{", in: "a\\u00A0b"))
        // A marker followed by a combining mark is another character: not found.
        #expect(!TextSearch.contains("{0}", in: "{0}\u{301}"))
    }
}
