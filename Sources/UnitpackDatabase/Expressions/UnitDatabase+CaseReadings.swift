import UnitpackCore

/// A word that is a symbol only ignoring case (`mw`, `mc`) names what the
/// case of its letters would decide: `mW` is a milliwatt, `MW` a megawatt, a
/// factor of a billion apart. Such a word is read only when one spelling
/// reads (`kw`: `kW` alone), or when what else the phrase says leaves one
/// (`1 pa in kPa`: only `Pa` converts); otherwise it is refused with the
/// spellings (`PhraseProblem.caseDecides`; `convert` with two units says
/// the word could mean either), never read by a unit's priority.
extension UnitDatabase {
    /// A spelling of a word that reads it: `spelling` (`MW`) and its units.
    package struct CaseReading: Sendable, Equatable {
        package var spelling: String
        package var units: [MeasureUnit]
    }

    /// The spellings of symbols (a symbol of `units-src/`, or a prefix's
    /// symbol then one) that are `word` ignoring case, one of each size they
    /// read as, with their units; empty when at most one size is read.
    /// `units` are the units `word` names ignoring case (`candidates`).
    package func caseReadings(_ word: String, units: [MeasureUnit], languages: [String]?) throws(UnitDatabaseError) -> [CaseReading] {
        let folded = TextFolding.fold(word)
        var spellings: [(text: String, size: Size, unit: MeasureUnit?)] = []
        func add(_ text: String, _ size: Size, _ unit: MeasureUnit?) {
            guard text != word, !spellings.contains(where: { $0.text == text }) else { return }
            spellings.append((text, size, unit))
        }
        for unit in units {
            for symbol in unit.symbols where TextFolding.fold(symbol) == folded { add(symbol, Size(unit, prefix: nil), unit) }
        }
        // Symbols are a few letters: each spelling of them is looked up
        // exactly (`candidates` keeps only the best match of a folded key).
        for spelling in Self.caseVariants(word) {
            for unit in try candidates(for: spelling, preferring: languages) where unit.symbols.contains(spelling) {
                add(spelling, Size(unit, prefix: nil), unit)
            }
        }
        // A prefix on a unit no row names (`MC`, the megacoulomb): the
        // prefix's symbol and the unit's, each in any case.
        for prefix in UnitPrefix.all {
            for symbol in prefix.symbols {
                let head = TextFolding.fold(symbol)
                guard folded.count > head.count, folded.hasPrefix(head) else { continue }
                let rest = String(String.UnicodeScalarView(word.unicodeScalars.dropFirst(symbol.unicodeScalars.count)))
                for spelling in Self.caseVariants(rest) + [rest] {
                    for unit in try candidates(for: spelling, preferring: languages)
                    where unit.symbols.contains(spelling) && prefix.isTaken(by: unit.flags) {
                        guard case .linear = unit.conversion else { continue }
                        add(symbol + spelling, Size(unit, prefix: prefix), nil)
                    }
                }
            }
        }
        // One spelling of each size, the first found (a row's before a
        // prefixed one's), with the units of every spelling of that size.
        var readings: [CaseReading] = []
        var sizes: [Size] = []
        for (text, size, unit) in spellings {
            // A prefixed unit no row names is the expression's unit.
            var units = unit.map { [$0] } ?? []
            if unit == nil {
                do {
                    units = try expressionUnits(text, languages: languages) ?? []
                } catch .badExpression {
                } catch .notInExpression {}
            }
            if let index = sizes.firstIndex(of: size) {
                for unit in units where !readings[index].units.contains(unit) { readings[index].units.append(unit) }
            } else if !units.isEmpty {
                sizes.append(size)
                readings.append(CaseReading(spelling: text, units: units))
            }
        }
        return readings.count > 1 ? readings : []
    }

    /// `text` with its ASCII letters in every mix of cases but the one typed
    /// (`mw`: `mW`, `Mw`, `MW`); none for a text of more than six letters,
    /// which no symbol is.
    static func caseVariants(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        let letters = scalars.indices.filter { scalars[$0].isASCIILetter }
        guard !letters.isEmpty, letters.count <= 6 else { return [] }
        var variants: [String] = []
        for mask in 0..<(1 << letters.count) {
            var spelled = scalars
            for (bit, index) in letters.enumerated() {
                let value = spelled[index].value
                let lower = value | 0x20
                spelled[index] = Unicode.Scalar(mask & (1 << bit) != 0 ? lower & ~0x20 : lower)!
            }
            let text = String(String.UnicodeScalarView(spelled))
            if text != String(String.UnicodeScalarView(scalars)) { variants.append(text) }
        }
        return variants
    }

    /// What a spelling reads as: a unit's category and its size in the
    /// category's base unit (a row and a prefixed unit of one size are one
    /// reading: `mC` and `m` + `C`), or the unit itself for a formula.
    private struct Size: Equatable {
        var category: String
        var factor: Double?
        var key: String

        init(_ unit: MeasureUnit, prefix: UnitPrefix?) {
            category = unit.category
            key = (prefix?.name ?? "") + unit.key
            if case .linear(let factor) = unit.conversion {
                self.factor = factor * (prefix?.factor ?? 1)
            }
        }

        static func == (a: Size, b: Size) -> Bool {
            guard a.category == b.category else { return false }
            if let x = a.factor, let y = b.factor { return abs(x - y) <= 1e-9 * max(abs(x), abs(y)) }
            return a.key == b.key
        }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
