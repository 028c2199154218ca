import ArgumentParser
import Foundation
import UnitpackCore

/// How `check` (and `build`) report diagnostics: for people, for programs, or
/// as GitHub Actions annotations. docs/diagnostics.md describes each.
enum DiagnosticFormat: String, ExpressibleByArgument, CaseIterable {
    /// `path:line:col: error: message [E402]` on standard error, as compilers do.
    case text
    /// One JSON document on standard output.
    case json
    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…::…`) on standard output.
    case github

    static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// The JSON document of `--format json` (docs/diagnostics.md, "Machine-readable output").
struct DiagnosticReport: Encodable {
    struct Place: Encodable {
        let file: String
        let line: Int
        let column: Int
        let message: String?
    }
    struct Entry: Encodable {
        let severity: String
        let code: String
        let message: String
        let file: String
        let line: Int
        let column: Int
        let hint: String?
        let notes: [Place]
    }
    /// The format of this document; it changes only when a field changes meaning.
    let version = 1
    let ok: Bool
    let errors: Int
    let warnings: Int
    let units: Int
    let categories: Int
    let languages: Int
    let diagnostics: [Entry]

    init(_ diagnostics: [Diagnostic], units: Int, categories: Int, languages: Int) {
        self.errors = diagnostics.filter { $0.severity == .error }.count
        self.warnings = diagnostics.filter { $0.severity == .warning }.count
        self.ok = errors == 0
        self.units = units
        self.categories = categories
        self.languages = languages
        self.diagnostics = diagnostics.map { diagnostic in
            Entry(
                severity: diagnostic.severity.rawValue, code: diagnostic.code.rawValue, message: diagnostic.message,
                file: diagnostic.location.path, line: diagnostic.location.line, column: diagnostic.location.column,
                hint: diagnostic.hint,
                notes: diagnostic.notes.map {
                    Place(file: $0.location.path, line: $0.location.line, column: $0.location.column, message: $0.message)
                })
        }
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}

/// GitHub Actions workflow commands: one annotation a diagnostic, with its
/// notes and hint in the message (GitHub shows the first line as the title).
enum GitHubAnnotations {
    static func render(_ diagnostic: Diagnostic) -> String {
        let command = diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "notice"
        // What the sources held, written out as in the text format (a log shows it on a terminal).
        let visible = TextEscaping.visible
        var message = "\(visible(diagnostic.message)) [\(diagnostic.code.rawValue)]"
        for note in diagnostic.notes { message += "\n\(visible(note.location.description)): note: \(visible(note.message))" }
        if let hint = diagnostic.hint { message += "\nhint: \(visible(hint))" }
        let location = diagnostic.location
        let properties = [
            "file=\(property(location.path))", "line=\(location.line)", "col=\(location.column)",
            "title=\(property(diagnostic.code.rawValue))",
        ]
        return "::\(command) \(properties.joined(separator: ","))::\(data(message))"
    }

    /// The escaping GitHub's runner applies to a command's message.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// …and to a property value, which also may not hold `:` or `,`.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
