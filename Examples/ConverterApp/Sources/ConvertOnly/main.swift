// The smallest app: the database alone, to convert and format (no search
// pack, no phrases): it imports the UnitpackDatabase product, so it links
// neither. With ConverterApp, it measures what search and phrases add to an
// app's size (README "What an app pays").
//
//   ConvertOnly [DATA_DIR] VALUE FROM TO   (default DATA_DIR: ../../dist; TO may be ft+in)
import UnitpackDatabase

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

var arguments = Array(CommandLine.arguments.dropFirst())
let directory = arguments.count == 4 ? arguments.removeFirst() : "../../dist"
guard arguments.count == 3, let value = Double(arguments[0]) else {
    printError("usage: ConvertOnly [DATA_DIR] VALUE FROM TO")
    exit(64)
}
do {
    let database = try UnitDatabase(directory: directory, pageCacheBytes: 64 << 10, objectCacheBytes: 64 << 10)
    // TO may be mixed: `180 cm ft+in` is 5 feet 11 inches.
    let answer = try database.answer(value, from: arguments[1], to: arguments[2])
    let from = try database.format(value, answer.from, language: "en")
    let to = try answer.mixed.map { try database.format($0, language: "en").long }
        ?? database.format(answer.result, answer.to, language: "en").long
    print("\(from.long) → \(to)")
} catch {
    printError("ConvertOnly: \(error)")
    exit(1)
}
