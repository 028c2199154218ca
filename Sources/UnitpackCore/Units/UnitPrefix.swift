/// An SI or binary prefix (docs/expressions.md, "Prefixes"): `kilo` (`k`,
/// 10³) on `meter`, `kibi` (`Ki`, 2¹⁰) on `byte`.
///
/// The table is the standards' and fixed, so it is code shared by the build
/// and the runtime, like the plural operands: the SI Brochure (9th edition,
/// 2019, Table 7) with the four prefixes of the 27th CGPM (2022: ronna,
/// quetta, ronto, quecto), and IEC 80000-13 for the binary ones. What is
/// data is which units take them (column 6 of `units-src/<category>.tsv`,
/// stored in `units.flags`) and each language's words for them (the
/// `prefix` rows of `locales/<lang>/compounds.tsv`: `кило{0}`).
public struct UnitPrefix: Sendable, Hashable {
    /// The family of a prefix: SI (powers of ten) or binary (powers of 1024).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Powers of ten: `k`, `m`, `µ`.
        case si
        /// Powers of 1024 (IEC 80000-13): `Ki`, `Mi`; only on units of
        /// information (`bit`, `byte`), whose category's dimension is `bit`.
        case binary

        /// The `units.flags` bit of a unit that takes this kind.
        public var flag: UnitFlags { self == .si ? .siPrefixes : .binaryPrefixes }
    }

    /// CLDR's name, also the form of a `prefix` row of compounds.tsv: `kilo`.
    public let name: String
    /// Symbols, the standard's first: `µ` (U+00B5, the micro sign of the
    /// SI Brochure), then `μ` (U+03BC) and `u`, which people type for it.
    public let symbols: [String]
    /// What the prefix multiplies by (1000 for kilo, 1024 for kibi).
    public let factor: Double
    /// Whether the prefix is SI or binary; a unit takes one family or none (`UnitFlags`).
    public let kind: Kind

    /// Every prefix, largest first, decimal then binary.
    public static let all: [UnitPrefix] = [
        .init("quetta", ["Q"], 1e30, .si), .init("ronna", ["R"], 1e27, .si), .init("yotta", ["Y"], 1e24, .si),
        .init("zetta", ["Z"], 1e21, .si), .init("exa", ["E"], 1e18, .si), .init("peta", ["P"], 1e15, .si),
        .init("tera", ["T"], 1e12, .si), .init("giga", ["G"], 1e9, .si), .init("mega", ["M"], 1e6, .si),
        .init("kilo", ["k"], 1e3, .si), .init("hecto", ["h"], 1e2, .si), .init("deca", ["da"], 1e1, .si),
        .init("deci", ["d"], 1e-1, .si), .init("centi", ["c"], 1e-2, .si), .init("milli", ["m"], 1e-3, .si),
        .init("micro", ["µ", "μ", "u"], 1e-6, .si), .init("nano", ["n"], 1e-9, .si), .init("pico", ["p"], 1e-12, .si),
        .init("femto", ["f"], 1e-15, .si), .init("atto", ["a"], 1e-18, .si), .init("zepto", ["z"], 1e-21, .si),
        .init("yocto", ["y"], 1e-24, .si), .init("ronto", ["r"], 1e-27, .si), .init("quecto", ["q"], 1e-30, .si),
        .init("kibi", ["Ki"], 0x1p10, .binary), .init("mebi", ["Mi"], 0x1p20, .binary),
        .init("gibi", ["Gi"], 0x1p30, .binary), .init("tebi", ["Ti"], 0x1p40, .binary),
        .init("pebi", ["Pi"], 0x1p50, .binary), .init("exbi", ["Ei"], 0x1p60, .binary),
        .init("zebi", ["Zi"], 0x1p70, .binary), .init("yobi", ["Yi"], 0x1p80, .binary),
    ]

    /// The prefix of this name (`kilo`), nil for any other text.
    public static func named(_ name: String) -> UnitPrefix? { all.first { $0.name == name } }

    /// The prefixes whose symbol starts `text`, the longest symbol first
    /// (`da` before `d`), each with the symbol it matched.
    public static func symbolPrefixes(of text: Substring) -> [(prefix: UnitPrefix, symbol: String)] {
        var found: [(UnitPrefix, String)] = []
        for prefix in all {
            for symbol in prefix.symbols where text.count > symbol.count && text.hasPrefix(symbol) {
                found.append((prefix, symbol))
            }
        }
        return found.sorted { $0.1.unicodeScalars.count > $1.1.unicodeScalars.count }
    }

    /// Whether a unit of `flags` takes this prefix: its kind's flag, and,
    /// on a unit of information (one that takes binary prefixes), only a
    /// multiple: IEC 80000-13 gives bits and bytes prefixes for multiples,
    /// and no one stores a millibyte (`mb` is the millibar, `MB` or `Mb`,
    /// never `mB`).
    public func isTaken(by flags: UnitFlags) -> Bool {
        guard flags.contains(kind.flag) else { return false }
        return factor >= 1 || !flags.contains(.binaryPrefixes)
    }

    /// `isTaken(by:)` for a unit that takes the prefixes of `kinds`.
    public func isTaken(byKinds kinds: Set<Kind>) -> Bool {
        isTaken(by: UnitFlags(kinds.map(\.flag)))
    }

    init(_ name: String, _ symbols: [String], _ factor: Double, _ kind: Kind) {
        self.name = name
        self.symbols = symbols
        self.factor = factor
        self.kind = kind
    }
}
