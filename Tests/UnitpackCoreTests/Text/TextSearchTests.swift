import Testing
@testable import UnitpackCore
import UnitpackTestSupport

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

/// The search among bytes (`TextSearch.byteRanges`) finds what walking the
/// characters finds, and `CompoundPatternText.apply` on it writes what
/// replacing character by character wrote: on random texts of braces,
/// digits, letters of several scripts, marks, joiners, prepended
/// characters, CR and LF, and the characters canonically equal to an
/// ASCII one (U+037E, U+212A).
@Suite struct TextSearchBytesTests {
    static let pieces: [String] = [
        "{0}", "{1}", "{", "}", "0", "1", " ", "a", "к", "ي", "平", "\u{301}", "\u{200D}", "\u{600}", "\u{E33}",
        "\u{1F3FB}", "\r", "\n", "\r\n", "\\u{", "\\", "u", ";", "\u{37E}", "K", "\u{212A}", "é", "e\u{301}", "aa",
    ]

    @Test func findsWhatTheCharactersFind() {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        let markers = ["{0}", "{1}", "\\u{", "aa", "a", "}", "{", "\r", "\n"]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            for marker in markers {
                let slow = TextSearch.characterRanges(of: marker, in: text)
                guard let quick = TextSearch.byteRanges(of: marker, in: text) else {
                    Issue.record("seed \(seed): \(marker) not searched among bytes")
                    return
                }
                #expect(quick == slow, "seed \(seed): \(marker) in \(text.unicodeScalars.map { String($0.value, radix: 16) })")
                if quick != slow { return }
            }
        }
    }

    /// Markers another character can equal, or not ASCII, are left to the characters.
    @Test func leavesOtherMarkersToTheCharacters() {
        #expect(TextSearch.byteRanges(of: ";", in: "a\u{37E}b") == nil)
        #expect(TextSearch.ranges(of: ";", in: "a\u{37E}b").count == 1)
        #expect(TextSearch.byteRanges(of: "K", in: "\u{212A}") == nil)
        #expect(TextSearch.byteRanges(of: "é", in: "e\u{301}") == nil)
        #expect(TextSearch.ranges(of: "é", in: "e\u{301}").count == 1)
    }

    @Test func appliesAsCharacterByCharacter() {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        for _ in 0..<20_000 {
            let pattern = (0..<Int.random(in: 0...8, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            let applied = CompoundPatternText.apply(pattern, "X", "Y\u{301}")
            let expected = Self.characterByCharacter(pattern, "X", "Y\u{301}")
            #expect(Array(applied.utf8) == Array(expected.utf8), "seed \(seed): \(pattern.unicodeScalars.map { String($0.value, radix: 16) })")
            if applied.utf8.count != expected.utf8.count || !applied.utf8.elementsEqual(expected.utf8) { return }
        }
    }

    /// What `apply` did before it searched with `TextSearch`.
    static func characterByCharacter(_ pattern: String, _ first: String, _ second: String) -> String {
        var result = ""
        var index = pattern.startIndex
        while index < pattern.endIndex {
            let rest = pattern[index...]
            if rest.hasPrefix("{0}") {
                result += first
                index = pattern.index(index, offsetBy: 3)
            } else if rest.hasPrefix("{1}") {
                result += second
                index = pattern.index(index, offsetBy: 3)
            } else {
                result.append(pattern[index])
                index = pattern.index(after: index)
            }
        }
        return result
    }
}
