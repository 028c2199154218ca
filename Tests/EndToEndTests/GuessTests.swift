import Foundation
import Testing

/// Issue 37, findings 1 and 2: a word no unit has, read by cutting its
/// ending or by the search pack's correction, is a guess. The answer says so
/// in every output (the text line, `--terse`, each `--batch` line, `--json`),
/// and a word as close to another unit's name as to the guess is refused.
/// Before, `1 poundl in N` answered a pound-force with exit 0 and no word
/// (a poundal is 0.138 N), and `1 pund in pounds` a pood with a note on
/// stderr only, which `--batch` dropped.
@Suite struct GuessTests {
    let database: BuiltRepositoryDatabase

    init() throws {
        database = try BuiltRepositoryDatabase()
    }

    @Test(arguments: [
        ("1 poundl in N", "'poundl'", ["'pound'", "'poundal'"]),
        ("1 abmpere in A", "'abmpere'", ["'ampere'", "'abampere'"]),
        ("1 literal in ml", "'literal'", ["'liter'"]),
        ("1 cupid in ml", "'cupid'", ["'cup'"]),
        // Two letters swapped is one edit: as close to miles as to mils.
        ("13.1 miels in km", "'miels'", ["'miles'", "'mils'"]),
    ])
    func aWordAsCloseToAnotherUnitIsRefused(_ phrase: String, _ word: String, _ names: [String]) throws {
        let result = try database.convert([phrase])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "", "\(result)")
        #expect(result.stderr.contains("error: not understood: \(word) names no unit, and it is as close to"), "\(result)")
        for name in names { #expect(result.stderr.contains(name), "\(name): \(result)") }
    }

    /// A symbol typed in a case no symbol has, where the case decides the
    /// unit: `mw` is `mW` or `MW`, a factor of a billion apart. Before, the
    /// phrase read the megawatt by priority and said nothing (a fresh
    /// clone's TypoScanTests found `mc` read as the millicoulomb).
    @Test(arguments: [
        (["1 mw in W"], "'mw'", ["'MW'", "'mW'"]),
        (["5 mwh in kwh"], "'mwh'", ["'MWh'", "'mWh'"]),
        (["1 W in mw"], "'mw'", ["'MW'", "'mW'"]),
        (["1 Mc in C"], "'Mc'", ["'mC'", "'MC'"]),
    ])
    func aSymbolOnlyItsCaseWouldTellIsRefused(_ arguments: [String], _ word: String, _ symbols: [String]) throws {
        let result = try database.convert(arguments)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "", "\(result)")
        #expect(result.stderr.contains("\(word) is no symbol as written, and its case decides the unit:"), "\(result)")
        for symbol in symbols { #expect(result.stderr.contains(symbol), "\(symbol): \(result)") }
    }

    /// A unit's name typed wrong among words of context is corrected, not
    /// left out (`farenheit`: left out, the phrase read `centigrados` as
    /// centi-gon); a short word of context is not (`tire`, `sacs`).
    @Test func aTypoLeftOutAsContextIsCorrected() throws {
        let result = try database.convert(["100 grados farenheit a centigrados"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("37,7778 grados Celsius"), "\(result)")
        #expect(result.stdout.contains("'farenheit' read as 'fahrenheit', a correction"), "\(result)")
        let context = try database.convert(["tire pressure 32 psi to bar"])
        #expect(context.stdout.contains("'tire pressure' left out"), "\(context)")
    }

    /// A case that decides nothing is no guess: `kw` can only be `kW`, a
    /// name's case never counts, and a target may leave one spelling (`pa`:
    /// `Pa`, `pA` or `PA`, and only the pascal converts to kilopascals).
    @Test(arguments: [
        ("1 kw in W", "1 kilowatt = 1,000 watts\n"), ("1 KM in m", "1 kilometer = 1,000 meters\n"),
        ("1 pa in kpa", "1 pascal = 0.001 kilopascals\n"),
    ])
    func aCaseThatDecidesNothingReads(_ phrase: String, _ answer: String) throws {
        let result = try database.convert([phrase])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == answer, "\(result)")
    }

    @Test func aCorrectionIsShownOnTheAnswersLine() throws {
        let result = try database.convert(["1 kilomters in mi"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "1 kilometer ≈ 0.621371 miles (a guess: 'kilomters' read as 'kilometers', a correction)\n", "\(result)")
        // --terse: the number and the marker, so a script cannot take it for the phrase's.
        let terse = try database.convert(["--terse", "1 kilomters in mi"])
        #expect(terse.stdout == "0.621371 (a guess: 'kilomters' read as 'kilometers', a correction)\n", "\(terse)")
    }

    @Test func anEndingCutIsShownOnTheAnswersLine() throws {
        let result = try database.convert(["3 inchs in cm"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "3 inches = 7.62 centimeters (a guess: 'inchs' read as 'inch', its ending cut)\n", "\(result)")
    }

    @Test func everyBatchLineOfAGuessSaysSo() throws {
        let result = try database.convert(["--batch", "--terse"], input: "1 kilomters in mi\n1 km in mi\n3 inchs in cm\n")
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 4, "\(result)")
        #expect(lines[0].hasSuffix("(a guess: 'kilomters' read as 'kilometers', a correction)"), "\(lines)")
        #expect(lines[1] == "0.621371", "\(lines)")
        #expect(lines[2].hasSuffix("(a guess: 'inchs' read as 'inch', its ending cut)"), "\(lines)")
    }

    @Test func theJSONReportListsTheGuesses() throws {
        let result = try database.convert(["--json", "1 kilomters in mi"])
        #expect(result.status == 0, "\(result)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let guesses = report?["guesses"] as? [[String: String]]
        #expect(guesses == [["kind": "correction", "word": "kilomters", "readAs": "kilometers"]], "\(result.stdout)")
        let plain = try database.convert(["--json", "1 km in mi"])
        #expect(!plain.stdout.contains("guesses"), "\(plain.stdout)")
    }
}
