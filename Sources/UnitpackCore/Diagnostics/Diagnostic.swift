/// A position in a source file: 1-based line and column, the column counted in
/// Unicode scalars (a TAB counts as one), as editors and `docs/diagnostics.md` expect.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// The start of a file, for findings about a file as a whole.
    public static func file(_ path: String) -> SourceLocation {
        SourceLocation(path: path, line: 1, column: 1)
    }

    /// The same line, `offset` scalars further right.
    public func advanced(by offset: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column + offset)
    }

    public var description: String { "\(path):\(line):\(column)" }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}

public enum Severity: String, Sendable, Hashable {
    case error, warning, note
}

/// One finding, rendered like a compiler's:
/// `units-src/speed.tsv:5:19: error: message [E402]`.
public struct Diagnostic: Sendable, Hashable {
    public var severity: Severity
    public var code: DiagnosticCode
    public var message: String
    public var location: SourceLocation
    /// Related places, e.g. the first definition of a duplicate.
    public var notes: [Note]
    /// What to do about it, in one line.
    public var hint: String?

    public struct Note: Sendable, Hashable {
        public var location: SourceLocation
        public var message: String
        public init(_ message: String, at location: SourceLocation) {
            self.location = location
            self.message = message
        }
    }

    public init(
        _ code: DiagnosticCode, _ message: String, at location: SourceLocation,
        notes: [Note] = [], hint: String? = nil
    ) {
        self.severity = code.severity
        self.code = code
        self.message = message
        self.location = location
        self.notes = notes
        self.hint = hint
    }

    /// The compiler-style text, one line per diagnostic and note, then the
    /// hint. What a source held is quoted with its control characters and
    /// direction marks written out (`TextEscaping`): a name with an escape
    /// sequence in it must not repaint the terminal that shows the finding.
    public var rendered: String {
        let visible = TextEscaping.visible
        var text = "\(visible(location.description)): \(severity.rawValue): \(visible(message)) [\(code.rawValue)]"
        for note in notes {
            text += "\n\(visible(note.location.description)): note: \(visible(note.message))"
        }
        if let hint {
            text += "\n    hint: \(visible(hint))"
        }
        return text
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// File order, then line and column; the code breaks ties so output is stable.
    public func sortedByLocation() -> [Diagnostic] {
        sorted { ($0.location, $0.code.rawValue, $0.message) < ($1.location, $1.code.rawValue, $1.message) }
    }
}
