/// What the checks of names ask of a character (`NameText`), its Unicode
/// properties read once: for U+0000–U+07FF (Latin, Greek, Cyrillic,
/// Arabic ...) from a table made at the first use, above from the
/// properties. Each property is a search of the standard library's tables,
/// hundreds of instructions, and the checks asked several of every
/// character of every word: a sixth of the repository's build.
struct ScalarTraits: OptionSet {
    let rawValue: UInt8

    /// `Unicode.Scalar.Properties.isAlphabetic`.
    static let alphabetic = ScalarTraits(rawValue: 1 << 0)
    /// A letter or a mark: what a word is a run of (`NameText.isWordScalar`).
    static let wordScalar = ScalarTraits(rawValue: 1 << 1)
    /// `NameText.isInvisible`.
    static let invisible = ScalarTraits(rawValue: 1 << 2)
    /// General category Zs (the space among them).
    static let spaceSeparator = ScalarTraits(rawValue: 1 << 3)

    private static let tableLimit: UInt32 = 0x800
    // No surrogate below U+0800: every value is a scalar.
    private static let table = (0..<tableLimit).map { properties(of: Unicode.Scalar($0)!) }

    static func of(_ scalar: Unicode.Scalar) -> ScalarTraits {
        scalar.value < tableLimit ? table[Int(scalar.value)] : properties(of: scalar)
    }

    /// The traits as the properties give them.
    static func properties(of scalar: Unicode.Scalar) -> ScalarTraits {
        let properties = scalar.properties
        var traits: ScalarTraits = []
        if properties.isAlphabetic { traits.insert(.alphabetic) }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: traits.insert(.wordScalar)
        case .spaceSeparator: traits.insert(.spaceSeparator)
        default: break
        }
        if properties.isAlphabetic { traits.insert(.wordScalar) }
        // The bidirectional controls are E110's, not invisible (E111).
        if !NameText.isBidiControl(scalar)
            && (properties.isDefaultIgnorableCodePoint || (traits.contains(.spaceSeparator) && scalar != " "))
        {
            traits.insert(.invisible)
        }
        return traits
    }
}
