import UnitpackCore
import UnitpackReview
import UnitpackRuntime

extension Vectors {
    /// Significant digits of the formatting vectors: the runtime's default.
    static let significantDigits = 6

    /// One unit a category, chosen by the seed, in category display order;
    /// then the units that take the other paths of placing a number: for
    /// each language, the first unit with a CLDR `long:` pattern and the
    /// first with a `short:` one; the units whose symbol is one mark (`°`);
    /// the first unit without a symbol.
    mutating func sampleUnits() -> [DatabaseSnapshot.Unit] {
        var sample: [DatabaseSnapshot.Unit] = []
        for category in snapshot.categories {
            let units = snapshot.units.filter { $0.category == category.key }
            guard !units.isEmpty else { continue }
            sample.append(units[random.below(units.count)])
        }
        var more: [DatabaseSnapshot.Unit] = []
        for language in snapshot.languages.map(\.code) {
            for prefix in ["long:", "short:"] {
                let first = snapshot.units.first { unit in
                    unit.words.contains { $0.language == language && $0.words.forms.contains { $0.form.hasPrefix(prefix) } }
                }
                if let first { more.append(first) }
            }
        }
        more += snapshot.units.filter { ["°", "′", "″", "'", "\""].contains($0.symbols.first ?? "") }
        if let bare = snapshot.units.first(where: { $0.symbols.isEmpty }) { more.append(bare) }
        for unit in more where !sample.contains(where: { $0.id == unit.id }) { sample.append(unit) }
        return sample
    }

    /// Values beyond the plural numbers, written with no fraction digits
    /// asked for: rounding to six significant digits (a tie included),
    /// grouping, the scientific forms, a negative number.
    static let formattingExtras = [
        "1234567.891", "0.000123456789", "1.5e20", "2.5e-8", "-3.25", "1234.5", "0.30000000000000004", "99999.95",
        "2.0000005", "123456.5", "-0.0001",
    ]

    mutating func formatting() throws -> String {
        var cases: [JSONValue] = []
        let units = sampleUnits()
        var tags: [(tag: String, numbers: [(String, PluralCategory)], units: ArraySlice<DatabaseSnapshot.Unit>)] = []
        for (language, _, numbers) in try pluralNumbers() {
            tags.append((language, numbers, units[...]))
            // Each region that writes numbers otherwise than the language
            // (`ar-MA` latn digits, `de-CH` `’`, `en-IN` 12,34,567), with a
            // few of the units: the words are the language's.
            let numbering = try database.language(language).numbering
            let regions = Set(numbering.latnRegions + numbering.regionSeparators.keys + numbering.regionGrouping.keys)
            for region in regions.sorted() { tags.append((language + "-" + region, numbers, units.prefix(3))) }
        }
        for (language, numbers, units) in tags {
            for row in units {
                let unit = try database.unit(key: row.key)
                for number in numbers.map(\.0) + Self.formattingExtras {
                    guard let value = Double(number) else { continue }
                    let fractionDigits = Self.formattingExtras.contains(number) ? 0 : number.split(separator: ".").dropFirst().first?.count ?? 0
                    let options = LocalizedNumberFormatting.Options(
                        significantDigits: Self.significantDigits, minimumFractionDigits: fractionDigits, grouping: true)
                    let formatted = try database.format(value, unit, language: language, options: options)
                    cases.append(.object([
                        ("language", .string(language)), ("unit", .string(unit.key)), ("value", .number(value)),
                        ("significant_digits", .int(Self.significantDigits)),
                        ("minimum_fraction_digits", .int(fractionDigits)), ("grouping", .bool(true)),
                        ("number", .string(formatted.number)), ("category", .string(formatted.pluralCategory.rawValue)),
                        ("name_language", .string(formatted.nameLanguage)),
                        ("long", .string(formatted.long)), ("short", .string(formatted.short)),
                    ]))
                }
            }
        }
        return file("formatting", cases)
    }
}
