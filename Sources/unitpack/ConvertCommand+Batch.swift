import ArgumentParser
import Foundation
import UnitpackCore
import UnitpackRuntime

/// What one conversion prints: its line on standard output (a result, or
/// `--json`'s report), an error line, and whether it failed.
struct ConvertOutcome {
    var output: String?
    var error: String?
    var failed = false
}

extension ConvertCommand {
    /// VALUE FROM TO, or the phrase: the one path of `convert` and of every
    /// line of `--batch`.
    func outcome(_ database: UnitDatabase) -> ConvertOutcome {
        guard let input else { return ConvertOutcome() }
        do {
            if let from, let value {
                return ConvertOutcome(output: try show(try convert(value, from: from, in: database), database))
            }
            return try convertPhrase(input, database, target: value == nil ? from : nil)
        } catch {
            return ConvertOutcome(error: "error: \(error)", failed: true)
        }
    }

    /// `--batch`: each line of standard input converted as `convert` would
    /// convert it with the same options (the cross-check against GNU units
    /// sends thousands at once), its output or its error on one line.
    func runBatch(_ database: UnitDatabase) throws {
        var failures = 0
        while let line = readLine(strippingNewline: true) {
            let outcome = lineOutcome(line, database)
            // One line out for each line in: a script pairs them by position.
            try StandardOutput.line(outcome.output ?? outcome.error ?? "")
            if outcome.failed { failures += 1 }
        }
        if failures > 0 { throw ExitCode.failure }
    }

    /// One line of `--batch`: VALUE<TAB>FROM<TAB>TO (TO empty or left out
    /// with `--region`/`--system`), or a phrase (no tab).
    func lineOutcome(_ line: String, _ database: UnitDatabase) -> ConvertOutcome {
        var command = self
        command.batch = false
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count <= 3 else {
            return ConvertOutcome(
                error: "error: expected VALUE<TAB>FROM<TAB>TO or a phrase, got \(fields.count) fields: '\(TextEscaping.visible(line))'",
                failed: true)
        }
        command.input = fields[0]
        command.from = fields.count > 1 ? fields[1] : nil
        command.to = fields.count > 2 && !fields[2].isEmpty ? fields[2] : nil
        do {
            try command.validateInput(phraseTarget: false)
        } catch let error as ValidationError {
            return ConvertOutcome(error: "error: \(error.message)", failed: true)
        } catch {
            return ConvertOutcome(error: "error: \(error)", failed: true)
        }
        return command.outcome(database)
    }
}
