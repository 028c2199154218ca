import Foundation
import Testing
import UnitpackTestSupport

@testable import UnitpackRuntime

/// Issue 37, findings 1 and 2, as the issue found them: one-edit typos of
/// unit names (a letter dropped, added, changed, or two swapped), each read
/// as `1 TYPO` with the search pack's corrections. No typo answers for
/// another unit without the guess shown (`PhraseReading.guesses`), unless
/// the typo is itself a name of that unit as typed (`mil` is a unit).
/// Before, 16 of 7,977 came out as another unit with another value, no
/// word said. The share that still reads as the unit meant is printed.
@Suite struct TypoScanTests {
    /// The English names of the units of `units-src/` (the first field of a unit file).
    static func names(_ categories: [String]) throws -> [(category: String, name: String)] {
        var names: [(String, String)] = []
        for category in categories {
            let path = TestPaths.repository.appendingPathComponent("units-src/\(category).tsv").path
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                guard let name = line.split(separator: "\t").first, name.allSatisfy({ $0.isLetter }) else { continue }
                names.append((category, String(name)))
            }
        }
        return names
    }

    /// One edit of `word`, by `rng`.
    static func typo(of word: String, _ rng: inout SeededGenerator) -> String {
        var letters = Array(word)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        let at = Int.random(in: 0..<letters.count, using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0 where letters.count > 3: letters.remove(at: at)
        case 1: letters.insert(alphabet.randomElement(using: &rng)!, at: at)
        case 2: letters[at] = alphabet.randomElement(using: &rng)!
        default:
            if at + 1 < letters.count { letters.swapAt(at, at + 1) } else { letters.append(alphabet.randomElement(using: &rng)!) }
        }
        return String(letters)
    }

    @Test func noTypoAnswersForAnotherUnitWithoutSayingSo() throws {
        let database = try RepositoryBuild.database()
        let search = try SearchPack(directory: try RepositoryBuild.directory(), budget: 1 << 20)
        let seed = SeededGenerator.seed()
        var rng = SeededGenerator(seed: seed)
        let all = try Self.names(try database.categoryKeys())
        #expect(all.count > 500, "seed \(seed): \(all.count) names")
        var (tried, right, guessed, refused) = (0, 0, 0, 0)
        for _ in 0..<600 {
            let (category, name) = all.randomElement(using: &rng)!
            guard let meant = try? database.unit(named: name, in: category) else { continue }
            let typo = Self.typo(of: name, &rng)
            guard typo.lowercased() != name.lowercased() else { continue }
            tried += 1
            let result = try database.parse("1 \(typo)", languages: ["en"], correctingWith: search).result
            guard case .understood(let readings) = result, let reading = readings.first else {
                refused += 1
                continue
            }
            // A prefixed unit read from the name (`microwat`: micro + the Polish
            // `wat`) is the unit meant when it is one of the same size.
            let same = reading.from == meant
                || (reading.from.category == meant.category && (try? database.convert(1, from: reading.from, to: meant)) == 1)
            if same { right += 1 }
            if !reading.guesses.isEmpty {
                guessed += 1
                continue
            }
            // Read with no guess: the typo is a name of the unit read as typed,
            // or a prefix and a name as typed (`ard`: atto and `rd`, the rad).
            if !same {
                let asTyped = try database.candidates(for: typo) + ((try? database.expressionUnits(typo, languages: ["en"])) ?? [])
                #expect(
                    asTyped.contains(reading.from),
                    "seed \(seed): '\(typo)' (a typo of \(name)) answers \(reading.from.key) with no guess shown")
            }
        }
        print("TypoScanTests: seed \(seed): \(tried) one-edit typos: \(right) read as the unit meant, \(guessed) shown as guesses, \(refused) refused")
        #expect(tried > 500)
    }
}
