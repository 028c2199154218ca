// What a converter app does with the runtime, in the order a user meets it:
// open the bundled data within a memory budget, convert and format a value,
// read a typed phrase, search as the user types. Only UnitpackRuntime is
// imported: everything here is what an app can reach with that one import.
//
//   ConverterApp [DATA_DIR]   (default: the repository's dist/, from here)
import UnitpackRuntime

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A line on standard error (descriptor 2: C's `stderr` is a global the
/// Swift 6 language mode will not share).
func printError(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
}

let arguments = CommandLine.arguments.dropFirst()
let directory = arguments.first ?? "../../dist"
// A watch extension's kind of budget: 256 KiB for every cache together.
let budget = 256 << 10

func fail(_ message: String) -> Never {
    printError("ConverterApp: \(message)")
    exit(1)
}

let library: UnitLibrary
do {
    library = try UnitLibrary(directory: directory, budget: budget)
} catch {
    fail("cannot open \(directory): \(error)")
}
let database = library.database
print("opened: \(library.search.languages.count) languages, budget \(budget) bytes")

// Convert by name (the runtime's answer: the units read, the result and,
// for a target such as `ft+in`, its parts), then write the result as each
// language does.
do {
    let answer = try database.answer(1, from: "mile", to: "kilometer")
    let english = try database.format(answer.result, answer.to, language: "en")
    print("convert: 1 mile → \(english.long)")
    let russian = try database.format(1.5, answer.to, language: "ru")
    print("format ru: \(russian.long) (\(russian.short))")
} catch {
    fail("convert: \(error)")
}

// A phrase as a user types it, in any language of the data, answered by the
// same call the command line makes (the units it names, else the ones the
// user expects).
let reader = PhraseReader(database: database)
for phrase in ["5 mètres en pieds", "тридцать четыре фута в метрах"] {
    do {
        let languages = try database.phraseLanguages()
        guard let reading = try reader.parse(phrase, languages: languages).readings.first else {
            fail("phrase '\(phrase)': not understood")
        }
        guard let answer = try reader.answer(for: reading) else {
            fail("phrase '\(phrase)': \(PhraseProblem.noPreferredUnits(reading.from))")
        }
        let language = reading.language ?? "en"
        let from = try database.format(answer.value, answer.from, language: language)
        let to = try database.format(answer.result, answer.to, language: language)
        print("phrase \"\(phrase)\": \(from.long) → \(to.long)")
    } catch {
        fail("phrase '\(phrase)': \(error)")
    }
}

// Search as the user types: each match shown by its display name.
do {
    let matches = try library.search.search("kilom", languages: ["en"], limit: 3)
    var shown: [String] = []
    for match in matches {
        let unit = try database.unit(match.unit)
        shown.append(try database.names(of: unit, in: "en").display)
    }
    print("search kilom: \(shown.joined(separator: ", "))")
} catch {
    fail("search: \(error)")
}

let held = library.statistics.bytesHeld
print("held: \(held <= budget ? "within" : "over") the budget")
if held > budget { exit(1) }
