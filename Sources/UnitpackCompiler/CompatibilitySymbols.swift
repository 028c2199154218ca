import Foundation
import UnitpackCore

/// Unit symbols as Unicode's compatibility characters write them: the
/// squared abbreviations of the CJK Compatibility block (`㎡`, `㎏`, `㏄`),
/// which Japanese and Chinese text uses for units as one character, and
/// the letterlike symbols Unicode names as units (`℃`, `℉`, the liter's
/// `ℓ`; the ohm, kelvin and angstrom signs are their letters by NFC, which
/// the folding of every lookup applies). Each is a unit's symbol when
/// its compatibility decomposition (NFKC) is that of the symbol: `㎡` and
/// `m²` are both `m2`. Only the build reads Unicode's tables (Foundation);
/// the database holds the characters as more symbols of their units, so a
/// phrase reads `100㎡` with a lookup (docs/database.md, `names`).
enum CompatibilitySymbols {
    /// The letterlike symbols that are units (U+2100–U+214F holds others:
    /// `ℂ`, `ℕ` are sets of numbers, not the coulomb or the newton).
    static let letterlike: [Unicode.Scalar] = ["\u{2103}", "\u{2109}", "\u{2113}"]

    /// NFKC of each character -> the characters.
    static let byDecomposition: [String: [String]] = {
        var table: [String: [String]] = [:]
        let squared = (0x3371...0x33DF).compactMap(Unicode.Scalar.init)
        for scalar in letterlike + squared {
            let character = String(scalar)
            let decomposed = character.precomposedStringWithCompatibilityMapping
            guard decomposed != character else { continue }
            table[decomposed, default: []].append(character)
        }
        return table
    }()

    /// The compatibility characters that write one of `symbols`, not among them.
    static func characters(writing symbols: [String]) -> [String] {
        var found: [String] = []
        for symbol in symbols {
            for character in byDecomposition[symbol.precomposedStringWithCompatibilityMapping] ?? []
            where !symbols.contains(character) && !found.contains(character) {
                found.append(character)
            }
        }
        return found
    }
}

extension CompiledModel.Unit {
    /// The unit's symbols as compatibility characters write them
    /// (`CompatibilitySymbols`): more rows of `names`, of kind `symbol`.
    public var compatibilitySymbols: [String] { CompatibilitySymbols.characters(writing: symbols) }
}
