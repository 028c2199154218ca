import UnitpackCore
import UnitpackSQLite
import UnitpackStore

/// What a front end may pass as the region and usage of `bestTarget`, so
/// that a typo is an error rather than a silent fall back to the world's
/// units.
extension UnitDatabase {
    /// The usages of the database's preference lists (`default`,
    /// `person-height`, `road`, ...), sorted.
    public func usages() throws(UnitDatabaseError) -> [String] {
        try withState { state throws(UnitDatabaseError) in
            try sqlite { () throws(SQLiteError) -> [String] in
                let query = try state.prepare("SELECT DISTINCT usage FROM clusters ORDER BY usage")
                var usages: [String] = []
                while try query.step() { usages.append(query.text(at: 0) ?? "") }
                return usages
            }
        }
    }

    /// `usage` as the database spells it (lower case), when it or one of
    /// the usages CLDR falls back to before `default` (`road-small` ->
    /// `road`) has a list in the database; nil for a usage no list knows,
    /// which `bestTarget` would quietly read as `default`.
    public func knownUsage(_ usage: String) throws(UnitDatabaseError) -> String? {
        let folded = TextFolding.fold(usage)
        let known = try usages()
        var current = Substring(folded)
        while true {
            if known.contains(String(current)) { return folded }
            guard let dash = current.lastIndex(of: "-") else { return nil }
            current = current[..<dash]
        }
    }

    /// `region` as a CLDR code (`us` -> `US`), or `.invalidRegion`.
    static func checkedRegion(_ region: String) throws(UnitDatabaseError) -> String {
        guard let code = regionCode(region) else { throw .invalidRegion(region) }
        return code
    }

    /// `usage` as the database spells it, or `.unknownUsage` with the usages
    /// it has; `default` without a query.
    func checkedUsage(_ usage: String) throws(UnitDatabaseError) -> String {
        if usage == "default" { return usage }
        guard let known = try knownUsage(usage) else { throw .unknownUsage(usage, available: try usages()) }
        return known
    }

    /// A CLDR region code as `bestTarget` takes it: two letters in upper
    /// case (`us` -> `US`), or three digits (`001`, the world). Nil for
    /// anything else (`USA`, `metric`: a system is no region). A
    /// well-formed region without a list of its own uses the world's, as
    /// CLDR's does.
    public static func regionCode(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        let letters = bytes.count == 2 && bytes.allSatisfy { (0x41...0x5A).contains($0 & ~0x20) }
        let digits = bytes.count == 3 && bytes.allSatisfy { (0x30...0x39).contains($0) }
        guard letters || digits else { return nil }
        return String(decoding: bytes.map { letters ? $0 & ~0x20 : $0 }, as: UTF8.self)
    }
}
