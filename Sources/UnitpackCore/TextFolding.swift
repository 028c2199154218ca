/// The folding both the database writer and the runtime apply to names and
/// symbols before comparing them, so that a lookup ignores case.
/// (The search issue widens it: `ё`→`е`, normalisation, superscripts.)
public enum TextFolding {
    public static func fold(_ text: String) -> String {
        text.lowercased()
    }
}
