import UnitpackCore

/// Writes diagnostics to standard error, compiler style, with a count at the end.
enum DiagnosticPrinter {
    static func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            printError(diagnostic.rendered)
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        if errors + warnings > 0 {
            printError("\(plural(errors, "error")), \(plural(warnings, "warning"))")
        }
    }

    static func plural(_ count: Int, _ word: String, _ pluralForm: String? = nil) -> String {
        "\(count) \(count == 1 ? word : pluralForm ?? word + "s")"
    }
}
