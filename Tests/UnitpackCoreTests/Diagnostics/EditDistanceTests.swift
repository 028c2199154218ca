import Testing

@testable import UnitpackCore

/// `Suggestion.editDistance`: insertions, deletions, substitutions, and two
/// neighbouring letters swapped, each one edit (the optimal string alignment
/// distance), ignoring case.
@Suite struct EditDistanceTests {
    @Test(arguments: [
        ("miles", "miles", 0), ("miels", "miles", 1), ("miels", "mils", 1), ("Miles", "miles", 0),
        ("kilomters", "kilometers", 1), ("poudns", "pounds", 1), ("ab", "ba", 1), ("abc", "ca", 3),
        ("", "abc", 3), ("abc", "", 3), ("metre", "meter", 1), ("гарм", "грам", 1),
    ])
    func distances(_ a: String, _ b: String, _ expected: Int) {
        #expect(Suggestion.editDistance(a, b) == expected)
        #expect(Suggestion.editDistance(b, a) == expected)
    }
}
