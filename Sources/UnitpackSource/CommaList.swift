import UnitpackCore

/// A comma-separated cell (symbols, synonyms), each item trimmed and located.
/// An empty item is a mistake (a doubled or trailing comma) and is reported.
enum CommaList {
    static func split(
        _ field: TSVLine.Field, item: String, code: DiagnosticCode, diagnostics: inout [Diagnostic]
    ) -> [Located<String>] {
        guard !field.text.isEmpty else { return [] }
        var result: [Located<String>] = []
        var offset = 0
        for piece in field.text.split(separator: ",", omittingEmptySubsequences: false) {
            let leading = piece.prefix(while: { $0 == " " }).unicodeScalars.count
            var trimmed = piece.dropFirst(leading)
            // Not `reversed()`: a String made from a reversed sequence was
            // nine tenths of reading the names files.
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            let text = String(trimmed)
            let location = field.location.advanced(by: offset + leading)
            if text.isEmpty {
                diagnostics.append(
                    Diagnostic(code, "empty \(item) in the list '\(field.text)'", at: location,
                               hint: "remove the doubled or trailing comma"))
            } else {
                result.append(Located(text, at: location))
            }
            offset += piece.unicodeScalars.count + 1
        }
        return result
    }
}
