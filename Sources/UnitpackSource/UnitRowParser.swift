import UnitpackCore

/// Parses one row of a category file:
/// `name  symbols  coefficient-or-FORMULAE(to,from)  priority  system  [prefixes]`.
enum UnitRowParser {
    static let columns = ["name", "symbols", "coefficient or FORMULAE", "priority", "system"]
    /// The optional sixth column: the kinds of prefixes the unit takes.
    static let prefixesColumn = "prefixes"

    static func parse(_ line: TSVLine, category: String, diagnostics: inout [Diagnostic]) -> UnitRow? {
        guard line.fields.count == columns.count || line.fields.count == columns.count + 1 else {
            let tooMany = line.fields.count > columns.count
            diagnostics.append(columnCountDiagnostic(line, expected: tooMany ? columns + [prefixesColumn] : columns, optional: 1))
            return nil
        }
        let f = line.fields
        var name = f[0].text
        var nameLocation = f[0].location
        let isInverse = name.hasPrefix("^")
        if isInverse {
            name.removeFirst()
            let spaces = name.prefix(while: { $0 == " " }).count
            name.removeFirst(spaces)
            nameLocation = nameLocation.advanced(by: 1 + spaces)
        }
        if name.isEmpty {
            diagnostics.append(
                Diagnostic(.emptyName, "unit has no name", at: nameLocation, hint: "the first column is the unit's English name"))
        }
        return UnitRow(
            category: category,
            name: Located(name, at: nameLocation),
            isInverse: isInverse,
            symbols: CommaList.split(f[1], item: "symbol", code: .emptySymbol, diagnostics: &diagnostics),
            definition: definition(f[2], diagnostics: &diagnostics),
            priority: priority(f[3], diagnostics: &diagnostics),
            system: system(f[4], diagnostics: &diagnostics),
            prefixes: f.count > columns.count ? prefixes(f[5], diagnostics: &diagnostics) : [],
            location: line.location)
    }

    /// `optional`: how many of the last columns may be left out (their names
    /// are in `expected` only when there are too many columns).
    static func columnCountDiagnostic(_ line: TSVLine, expected: [String], optional: Int = 0) -> Diagnostic {
        let found = line.fields.count
        let location = found > expected.count ? line.fields[expected.count].location.advanced(by: -1) : line.location
        let range = optional > 0 && found < expected.count ? "\(expected.count) or \(expected.count + optional)" : "\(expected.count)"
        let optionalNote = optional > 0 && found < expected.count ? ", then optionally \(UnitRowParser.prefixesColumn)" : ""
        return Diagnostic(
            .columnCount,
            "expected \(range) TAB-separated columns (\(expected.joined(separator: ", "))\(optionalNote)), found \(found)",
            at: location,
            hint: found < expected.count
                ? "separate columns with one TAB; spaces do not separate columns"
                : "remove the extra TAB; names and symbols cannot contain TABs")
    }

    private static func definition(_ field: TSVLine.Field, diagnostics: inout [Diagnostic]) -> UnitDefinition? {
        let text = field.text
        if text.hasPrefix("FORMULAE(") || text.uppercased().hasPrefix("FORMULAE(") {
            return formulae(field, diagnostics: &diagnostics)
        }
        guard !text.isEmpty else {
            diagnostics.append(
                Diagnostic(.invalidCoefficient, "missing coefficient", at: field.location,
                           hint: "write how many base units one unit is worth, e.g. 0.3048, or FORMULAE(to_base,from_base)"))
            return nil
        }
        do {
            let formula = try Formula(parsing: text)
            if formula.usesVariable {
                diagnostics.append(
                    Diagnostic(.invalidCoefficient, "a coefficient cannot use X", at: field.location,
                               hint: "write FORMULAE(to_base,from_base) for a unit converted by formulas"))
                return nil
            }
            return .coefficient(Located(formula, at: field.location))
        } catch {
            diagnostics.append(
                Diagnostic(.invalidCoefficient, "invalid coefficient '\(text)': \(error.message)",
                           at: field.location.advanced(by: error.offset),
                           hint: "a coefficient is a number such as 0.3048 or 1e-3, or a constant expression such as 1852/3600"))
            return nil
        }
    }

    /// `FORMULAE(to_base,from_base)`: the two expressions are split at the one
    /// comma outside parentheses, so `pow(X,2)` stays whole.
    private static func formulae(_ field: TSVLine.Field, diagnostics: inout [Diagnostic]) -> UnitDefinition? {
        let scalars = Array(field.text.unicodeScalars)
        let open = "FORMULAE(".unicodeScalars.count
        guard scalars.last == ")" else {
            diagnostics.append(
                Diagnostic(.formulaSyntax, "FORMULAE( is not closed by ')' at the end of the column",
                           at: field.location.advanced(by: scalars.count), hint: "write FORMULAE(to_base,from_base)"))
            return nil
        }
        let inner = scalars[open..<(scalars.count - 1)]
        var depth = 0
        var commas: [Int] = []
        for (index, scalar) in zip(inner.indices, inner) {
            switch scalar {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0: commas.append(index)
            default: break
            }
        }
        guard commas.count == 1 else {
            let at = commas.count > 1 ? commas[1] : scalars.count - 1
            diagnostics.append(
                Diagnostic(.formulaSyntax,
                           "FORMULAE needs exactly two expressions separated by a comma, found \(commas.count + 1)",
                           at: field.location.advanced(by: at),
                           hint: "the first converts X of this unit to the base unit, the second converts X in the base unit back"))
            return nil
        }
        func parse(_ range: Range<Int>, role: String) -> Located<Formula>? {
            let text = String(String.UnicodeScalarView(scalars[range]))
            let location = field.location.advanced(by: range.lowerBound)
            do {
                return Located(try Formula(parsing: text), at: location)
            } catch {
                diagnostics.append(
                    Diagnostic(.formulaSyntax, "invalid \(role) formula: \(error.message)",
                               at: location.advanced(by: error.offset)))
                return nil
            }
        }
        let to = parse(open..<commas[0], role: "to-base")
        let from = parse((commas[0] + 1)..<(scalars.count - 1), role: "from-base")
        guard let to, let from else { return nil }
        return .formulae(toBase: to, fromBase: from)
    }

    private static func priority(_ field: TSVLine.Field, diagnostics: inout [Diagnostic]) -> Located<Double>? {
        guard let value = DecimalLiteral.parse(field.text) else {
            diagnostics.append(
                Diagnostic(.invalidPriority, "invalid priority '\(field.text)'", at: field.location,
                           hint: "a priority is a number of zero or more, larger = more preferred, e.g. 3 or 0.5"))
            return nil
        }
        return Located(value, at: field.location)
    }

    /// `si`, `binary` or `si,binary` (empty: none).
    private static func prefixes(_ field: TSVLine.Field, diagnostics: inout [Diagnostic]) -> [Located<UnitPrefix.Kind>] {
        guard !field.text.isEmpty else { return [] }
        var kinds: [Located<UnitPrefix.Kind>] = []
        for item in CommaList.split(field, item: "prefix kind", code: .unknownPrefixKind, diagnostics: &diagnostics) {
            guard let kind = UnitPrefix.Kind(rawValue: item.value) else {
                diagnostics.append(
                    Diagnostic(.unknownPrefixKind, "unknown prefix kind '\(item.value)'", at: item.location,
                               hint: "write si (kilo, milli: powers of ten), binary (kibi, mebi: powers of 1024) or si,binary"))
                continue
            }
            if kinds.contains(where: { $0.value == kind }) {
                diagnostics.append(Diagnostic(.unknownPrefixKind, "prefix kind '\(item.value)' written twice", at: item.location))
                continue
            }
            kinds.append(Located(kind, at: item.location))
        }
        return kinds
    }

    private static func system(_ field: TSVLine.Field, diagnostics: inout [Diagnostic]) -> Located<SystemTag>? {
        guard let tag = SystemTag(field.text) else {
            let known = SystemTag.vocabulary.map(\.spelling).joined(separator: ", ")
            let close = SystemTag.vocabulary.first { $0.spelling.lowercased() == field.text.lowercased() }
            diagnostics.append(
                Diagnostic(.unknownSystemTag, "unknown system tag '\(field.text)'", at: field.location,
                           hint: close.map { "tags are case-sensitive: did you mean '\($0.spelling)'?" }
                               ?? "use one of: \(known)"))
            return nil
        }
        return Located(tag, at: field.location)
    }
}
