/// A unit symbol that spells its own definition, parsed into factors:
/// `km/h` = km¹·h⁻¹, `kg·m/s²` = kg¹·m¹·s⁻², `L/100 km` = L¹·100⁻¹·km⁻¹.
///
/// Grammar: `term (('/' | '*' | '·' | '⋅' | ' ') term)*`, `term = atom power?`,
/// `power = ('^' '-'? digits) | '²' | '³'`. A `/` divides only the next term
/// (so `m/s/s` = m·s⁻²), matching how such symbols are read; a number and the
/// atom after it, separated by a space, form one term (`L/100 km`).
struct SymbolExpression: Equatable {
    enum Factor: Equatable {
        case atom(String)
        case number(Double)
    }
    var terms: [(factor: Factor, power: Int)]

    static func == (a: SymbolExpression, b: SymbolExpression) -> Bool {
        a.terms.elementsEqual(b.terms) { $0.factor == $1.factor && $0.power == $1.power }
    }

    /// Nil when the text is not a compound symbol (a single atom without a
    /// power is not analysed: it is a definition, not a spelling of one).
    static func parse(_ text: String) -> SymbolExpression? {
        let operators: Set<Character> = ["/", "*", "·", "⋅", " "]
        var terms: [(Factor, Int)] = []
        var sign = 1
        var current = ""
        var compound = false

        func flush() -> Bool {
            guard !current.isEmpty else { return false }
            var power = 1
            var atom = Substring(current)
            if atom.hasSuffix("²") { power = 2; atom = atom.dropLast(); compound = true }
            else if atom.hasSuffix("³") { power = 3; atom = atom.dropLast(); compound = true }
            else if let caret = atom.firstIndex(of: "^") {
                guard let p = Int(atom[atom.index(after: caret)...]), p != 0 else { return false }
                power = p
                atom = atom[..<caret]
                compound = true
            }
            guard !atom.isEmpty else { return false }
            if let number = Double(atom), number.isFinite, number > 0, atom.allSatisfy({ $0.isNumber || $0 == "." }) {
                terms.append((.number(number), power * sign))
            } else {
                guard !atom.contains(where: { $0.isNumber && !$0.isLetter }) else { return false }
                terms.append((.atom(String(atom)), power * sign))
            }
            current = ""
            return true
        }

        for character in text {
            if operators.contains(character) {
                if character == " " && current.isEmpty { continue }
                let previousWasNumber = Double(current) != nil
                guard flush() else { return nil }
                compound = true
                // A space after a number keeps its sign: `L/100 km` is L/(100 km).
                if character != " " || !previousWasNumber { sign = character == "/" ? -1 : 1 }
            } else {
                current.append(character)
            }
        }
        guard flush(), compound, terms.count >= 1 else { return nil }
        return SymbolExpression(terms: terms)
    }
}
