/// A unit's key, `category/name` (`length/meter`, `fuel-consumption/liter
/// per 100 kilometers`): how `units-src/`, the database, the commands and the
/// tests name one unit. Category keys hold no `/`; a unit's name may, so the
/// first `/` separates them. One place builds and reads it, so that the
/// source model, the compiler, the runtime and the review agree.
public enum UnitKey {
    /// `category/name`.
    public static func make(category: String, name: String) -> String { category + "/" + name }

    /// The category and the name of `key`, split at its first `/`; nil when
    /// there is none or either part is empty.
    public static func split(_ key: String) -> (category: String, name: String)? {
        guard let slash = key.firstIndex(of: "/") else { return nil }
        let category = key[..<slash], name = key[key.index(after: slash)...]
        guard !category.isEmpty, !name.isEmpty else { return nil }
        return (String(category), String(name))
    }
}
