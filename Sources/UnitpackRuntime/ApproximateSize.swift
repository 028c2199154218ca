import UnitpackCore

/// What a cached value costs on the heap, near enough for a budget: Swift
/// allocations (16-byte object header, element storage) and the strings that
/// do not fit inline (more than 15 UTF-8 bytes). `Scripts/bench` compares the
/// sums with the allocator's own figures (mallinfo2), so these stay honest.
enum ApproximateSize {
    static let objectHeader = 32

    static func of(_ string: String) -> Int {
        string.utf8.count > 15 ? objectHeader + string.utf8.count : 0
    }

    static func of(_ strings: [String]) -> Int {
        strings.isEmpty ? 0 : objectHeader + 16 * strings.count + strings.reduce(0) { $0 + of($1) }
    }

    static func of(_ expression: FormulaExpression) -> Int {
        // Every case of an indirect enum is a boxed allocation.
        switch expression {
        case .number, .variable: return objectHeader
        case .negate(let operand): return objectHeader + of(operand)
        case .binary(_, let left, let right): return objectHeader + of(left) + of(right)
        case .call(_, let arguments): return 2 * objectHeader + arguments.reduce(0) { $0 + 16 + of($1) }
        }
    }

    static func of(_ unit: Unit) -> Int {
        var bytes = MemoryLayout<Unit>.stride + of(unit.name) + of(unit.category) + of(unit.symbols)
        if case .formulas(let toBase, let fromBase) = unit.conversion {
            bytes += of(toBase.expression) + of(fromBase.expression)
        }
        return bytes
    }

    static func of(_ names: LocalizedNames) -> Int {
        // A dictionary: its storage object, a slot per entry (key and value), a
        // quarter more slots than entries.
        let forms = objectHeader + names.forms.count * 5 / 4 * (8 + 16)
            + names.forms.values.reduce(0) { $0 + of($1) }
        return MemoryLayout<NamesKey>.stride + MemoryLayout<LocalizedNames>.stride + of(names.language)
            + of(names.display) + of(names.symbol) + forms
    }

    static func of(_ language: Language) -> Int {
        var rules = objectHeader
        for rule in language.plurals.rules {
            rules += MemoryLayout<PluralRules.Rule>.stride + objectHeader
            for conjunction in rule.condition {
                rules += objectHeader
                for relation in conjunction {
                    rules += MemoryLayout<PluralRules.Relation>.stride + objectHeader
                        + 16 * relation.ranges.count
                }
            }
        }
        return MemoryLayout<Language>.stride + of(language.code) + of(language.name) + of(language.numbers.decimal)
            + of(language.numbers.group) + rules
    }
}
