/// Reads the compiler-style diagnostics `check` and `build` print on stderr
/// (`path:line:column: severity: message [CODE]`, notes, hints, a count line).
enum DiagnosticOutput {
    struct Line: Equatable {
        var location: String
        var severity: String
        var message: String
        var code: String
    }

    /// The diagnostic lines (not notes, hints or the count), in order.
    static func diagnostics(in stderr: String) -> [Line] {
        stderr.split(separator: "\n").compactMap { line -> Line? in
            guard let match = line.wholeMatch(of: /(\S+:\d+:\d+): (error|warning): (.*) \[([EW]\d{3})\]/)
            else { return nil }
            return Line(
                location: String(match.1), severity: String(match.2), message: String(match.3),
                code: String(match.4))
        }
    }

    static func codes(in stderr: String) -> [String] {
        diagnostics(in: stderr).map(\.code)
    }

    /// The closing `N errors, M warnings` line, when there is one.
    static func summary(in stderr: String) -> (errors: Int, warnings: Int)? {
        for line in stderr.split(separator: "\n").reversed() {
            if let match = line.wholeMatch(of: /(\d+) errors?, (\d+) warnings?/),
                let errors = Int(match.1), let warnings = Int(match.2)
            {
                return (errors, warnings)
            }
        }
        return nil
    }
}
