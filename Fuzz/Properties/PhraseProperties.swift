import UnitpackRuntime

/// `UnitDatabase.parse`: any text, in English, Russian or both, is understood
/// or not, never a trap; what is understood is a finite value in a unit of
/// the database, and a unit to convert to is of the same category.
enum PhraseProperties {
    static func check(_ input: [UInt8], in context: FuzzContext) -> String? {
        let database: UnitDatabase
        do {
            database = try context.database()
        } catch {
            return "\(error)"
        }
        let text = String(decoding: input, as: UTF8.self)
        for languages in [["en"], ["ru"], ["ru", "en"]] {
            let result: PhraseResult
            do {
                result = try database.parse(text, languages: languages, numbers: [.hexadecimal, .roman])
            } catch {
                return "\(text.debugDescription) (\(languages)): the database fails: \(error)"
            }
            for reading in result.readings {
                guard reading.value.isFinite else { return "\(text.debugDescription) reads as \(reading.value)" }
                if let to = reading.to, to.category != reading.from.category {
                    return "\(text.debugDescription): converts \(reading.from.name) to \(to.name), another category"
                }
            }
        }
        return nil
    }
}
