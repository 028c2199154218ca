import UnitpackPhrases
import UnitpackRuntime

/// Quantity phrases as the fuzzer writes them from pieces (issue 37): each
/// input byte picks a piece of a quantity phrase (a number in digits or
/// words, a unit's symbol or name in English, Russian, German or Spanish, a
/// marker, a conjunction, a fraction, a word that names nothing, a sign), or,
/// with its high bit set, stands for itself, so that the phrases libFuzzer
/// grows are the long runs of parts and unknown words that made the old
/// reader exponential. Run with a time limit per input (`Scripts/fuzz` gives
/// this target 1 s): any phrase, read in English, Russian, German and
/// Spanish at once, ends with a reading or a reason, within
/// `PhraseReader.workLimit` steps, and its readings keep the `phrase`
/// target's properties.
enum QuantityPhraseProperties {
    /// The pieces a byte picks: kinds of words, not phrases to match.
    static let pieces = [
        "5", "1", "2.5", "1/2", "-3", "½", "a", "one", "two", "half", "a half", "quarter", "twenty-one", "hundred", "пять",
        "полтора", "dos", "zwei", "ft", "in", "m", "km", "mi", "mile", "miles", "feet", "foot", "inch", "inches", "lb", "oz",
        "kg", "g", "h", "min", "s", "hours", "minutes", "°C", "°F", "degrees", "F", "C", "are", "фут", "футов", "метр", "метра",
        "в", "и", "Grad", "Meter", "und", "grados", "y", "en", "to", "into", "and", "of", "per", "/", "*", "^2", "'", "\"",
        "flurb", "the", "how", "many", "is", "?", ",", "-", "+", "(", ")", "x", "e", "10", "0", "1e300", "5'8\"",
    ]

    static func phrase(of input: [UInt8]) -> String {
        var text = ""
        var raw: [UInt8] = []
        func flush() {
            text += String(decoding: raw, as: UTF8.self)
            raw.removeAll()
        }
        for byte in input {
            if byte >= 0x80 {
                raw.append(byte & 0x7F == 0 ? 0x20 : byte)
                continue
            }
            flush()
            let piece = pieces[Int(byte) % pieces.count]
            text += (text.isEmpty ? "" : " ") + piece
        }
        flush()
        return text
    }

    static func check(_ input: [UInt8], in context: FuzzContext) -> String? {
        let database: UnitDatabase
        do {
            database = try context.database()
        } catch {
            return "\(error)"
        }
        let text = phrase(of: input)
        // One parse in four languages: a second of a sanitizer's time is
        // the limit, and the reader is what is under test, not the languages.
        let languages = ["en", "ru", "de", "es"]
        var work = 0
        let result: PhraseResult
        do {
            result = try PhraseReader(database: database).parse(text, languages: languages, work: &work)
        } catch {
            return "\(text.debugDescription) (\(languages)): the database fails: \(error)"
        }
        // The limit is checked between steps: a step may pass it by what
        // one step adds (`PhraseReader.mostWorkOfOneStep`), never by more.
        guard work <= PhraseReader.workLimit + PhraseReader.mostWorkOfOneStep else {
            return "\(text.debugDescription): \(work) steps, over the limit of \(PhraseReader.workLimit)"
        }
        if case .notUnderstood(.tooMuchWork) = result, work <= PhraseReader.workLimit {
            return "\(text.debugDescription): refused for too much work after \(work) steps"
        }
        return PhraseProperties.problem(in: result, of: text, database)
    }
}
