import Testing
import UnitpackCore
import UnitpackTestSupport

/// `CompoundPatternText.isWellFormed`, the runtime's quick check of a
/// compound row, gives `problem`'s answer for every pattern: it reads scalars
/// where `problem` searches characters, and must step aside wherever the two
/// could differ (a brace joined to a mark, a prepended character).
@Suite struct CompoundPatternCheckTests {
    @Test(arguments: [
        ("кило{0}", 1, true), ("{0} на {1}", 2, true), ("{0}", 1, true), ("{0}{1}", 2, true),
        ("{0} {0}", 1, false), ("{1}", 1, false), ("{0}", 2, false), ("kilo", 1, false), ("{0} }", 1, false),
        ("{0}\u{301}", 1, false), ("a{0}\u{301} {1}", 2, false), ("\u{600}{0}", 1, false), ("{0}\u{E33}", 1, false),
        ("{{0}", 1, false), ("{0}}", 1, false), ("{ 0}", 1, false), ("ميلي{0}", 1, true), ("平方{0}", 1, true),
        ("{0}\u{200D}", 1, false), ("{0}\u{3099}", 1, false),
    ])
    func knownPatterns(pattern: String, placeholders: Int, wellFormed: Bool) {
        #expect(CompoundPatternText.isWellFormed(pattern, placeholders: placeholders) == wellFormed, "\(pattern)")
        #expect((CompoundPatternText.problem(pattern, placeholders: placeholders) == nil) == wellFormed, "\(pattern)")
    }

    /// Random patterns of braces, digits, letters of several scripts, marks,
    /// joiners and prepended characters: the two checks agree on each.
    @Test func agreesWithProblemOnRandomPatterns() {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        let pieces: [String] = [
            "{0}", "{1}", "{", "}", "0", "1", " ", "a", "к", "ي", "平", "カ", "\u{301}", "\u{200D}", "\u{600}",
            "\u{E33}", "\u{3099}", "\u{FF9E}", "\u{1F3FB}", "\r", "\n", "-", "ß", "\u{5B4}", "\u{D4E}", "é",
        ]
        for _ in 0..<20_000 {
            let pattern = (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            for count in [1, 2] {
                let quick = CompoundPatternText.isWellFormed(pattern, placeholders: count)
                let slow = CompoundPatternText.problem(pattern, placeholders: count) == nil
                #expect(quick == slow, "seed \(seed): \(pattern.unicodeScalars.map { String($0.value, radix: 16) }) with \(count)")
                if quick != slow { return }
            }
        }
    }
}
