import UnitpackCore
import UnitpackSource

/// Two units of one category with the same name (compared case-insensitively:
/// a lookup by name ignores case).
struct DuplicateNameRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for file in tree.categoryFiles {
            var first: [String: Located<String>] = [:]
            for unit in file.units where !unit.name.value.isEmpty {
                let folded = unit.name.value.lowercased()
                if let earlier = first[folded] {
                    diagnostics.append(
                        Diagnostic(
                            .duplicateName, "duplicate unit name '\(unit.name.value)' in category '\(file.key)'",
                            at: unit.name.location, notes: [.init("'\(earlier.value)' first defined here", at: earlier.location)],
                            hint: "a name is the unit's key in its category; rename one of them"))
                } else {
                    first[folded] = unit.name
                }
            }
        }
        return diagnostics
    }
}

/// Two units of one category sharing a symbol (case-sensitive: `M` is not `m`),
/// or a symbol spelling another unit's name.
struct DuplicateSymbolRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for file in tree.categoryFiles {
            var owners: [String: (unit: String, location: SourceLocation)] = [:]
            let names = Dictionary(
                file.units.map { ($0.name.value, $0.name.location) }, uniquingKeysWith: { a, _ in a })
            for unit in file.units {
                for symbol in unit.symbols {
                    if let earlier = owners[symbol.value] {
                        let same = earlier.unit == unit.name.value
                        diagnostics.append(
                            Diagnostic(
                                .duplicateSymbol,
                                same
                                    ? "symbol '\(symbol.value)' is listed twice for '\(unit.name.value)'"
                                    : "symbol '\(symbol.value)' of '\(unit.name.value)' is already used by '\(earlier.unit)'",
                                at: symbol.location, notes: [.init("first used here", at: earlier.location)],
                                hint: same ? "remove the repeated symbol" : "a symbol must name one unit in its category"))
                    } else {
                        owners[symbol.value] = (unit.name.value, symbol.location)
                    }
                    if let other = names[symbol.value], symbol.value != unit.name.value {
                        diagnostics.append(
                            Diagnostic(
                                .duplicateSymbol,
                                "symbol '\(symbol.value)' of '\(unit.name.value)' is the name of another unit",
                                at: symbol.location, notes: [.init("that unit is defined here", at: other)]))
                    }
                }
            }
        }
        return diagnostics
    }
}
