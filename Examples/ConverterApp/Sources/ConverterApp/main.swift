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

// Convert by name, then write the result as each language does.
do {
    let converted = try database.convert(1, from: "mile", to: "kilometer")
    let english = try database.format(converted.value, converted.to, language: "en")
    print("convert: 1 mile → \(english.long)")
    let russian = try database.format(1.5, converted.to, language: "ru")
    print("format ru: \(russian.long) (\(russian.short))")
} catch {
    fail("convert: \(error)")
}

// A phrase as a user types it, in any language of the data.
for phrase in ["5 mètres en pieds", "тридцать четыре фута в метрах"] {
    do {
        let languages = try database.phraseLanguages()
        guard let reading = try database.parse(phrase, languages: languages).readings.first, let target = reading.to else {
            fail("phrase '\(phrase)': not understood")
        }
        let value = try database.convert(reading.value, from: reading.from, to: target)
        let language = reading.language ?? "en"
        let from = try database.format(reading.value, reading.from, language: language)
        let to = try database.format(value, target, language: language)
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
