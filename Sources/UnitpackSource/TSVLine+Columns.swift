import UnitpackCore

extension TSVLine {
    /// The fields of a row of `names`, or nil when the row has another number
    /// of them: reported (E104) with the names, so that a missing
    /// TAB is found by what the row lacks.
    func columns(_ names: [String], diagnostics: inout [Diagnostic]) -> [Field]? {
        guard fields.count == names.count else {
            diagnostics.append(UnitRowParser.columnCountDiagnostic(self, expected: names))
            return nil
        }
        return fields
    }

    /// `columns(_:diagnostics:)` for a file whose every cell is written: an
    /// empty one is reported too, as the file's `code`, with a `hint` that
    /// writes a whole row out.
    func filledColumns(_ names: [String], code: DiagnosticCode, hint: String, diagnostics: inout [Diagnostic]) -> [Field]? {
        guard let fields = columns(names, diagnostics: &diagnostics) else { return nil }
        if let empty = fields.firstIndex(where: { $0.text.isEmpty }) {
            diagnostics.append(Diagnostic(code, "the \(names[empty]) column is empty", at: fields[empty].location, hint: hint))
            return nil
        }
        return fields
    }
}
