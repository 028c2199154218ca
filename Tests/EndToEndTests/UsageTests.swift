import Foundation
import Testing

/// `--help` of every subcommand, and wrong usage in general (status 64).
@Suite struct UsageTests {
    /// Every subcommand and every argument the CLI defines (ArgumentParser's
    /// own description of it, `--experimental-dump-help`), so that a new
    /// subcommand or option is held to its help without a list here.
    static func definedArguments() throws -> [(subcommand: String, arguments: [String])] {
        let result = try CLI.run(["--experimental-dump-help"])
        guard result.status == 0, let data = result.stdout.data(using: .utf8),
            let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let command = root["command"] as? [String: Any], let subcommands = command["subcommands"] as? [[String: Any]]
        else { throw CLIError(description: "no help dump: \(result)") }
        return subcommands.compactMap { subcommand in
            guard let name = subcommand["commandName"] as? String, name != "help" else { return nil }
            let arguments = (subcommand["arguments"] as? [[String: Any]] ?? []).filter { $0["shouldDisplay"] as? Bool ?? true }
            return (name, arguments.map { argument in
                if let names = argument["names"] as? [[String: Any]], let first = names.first(where: { $0["kind"] as? String == "long" }) ?? names.first,
                    let text = first["name"] as? String
                {
                    return (first["kind"] as? String == "long" ? "--" : "-") + text
                }
                return "<\(argument["valueName"] as? String ?? "?")>"
            })
        }
    }

    @Test func everySubcommandsHelpMentionsEveryArgument() throws {
        let defined = try Self.definedArguments()
        #expect(defined.count >= 8, "\(defined.map(\.subcommand))")
        for (subcommand, arguments) in defined {
            let result = try CLI.run([subcommand, "--help"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr == "")
            #expect(result.stdout.contains("USAGE: unitpack \(subcommand)"), "\(result)")
            #expect(arguments.count >= 2, "\(subcommand): \(arguments)")
            for argument in arguments {
                #expect(result.stdout.contains(argument), "\(subcommand) --help does not mention \(argument)")
            }
        }
    }

    @Test func topLevelHelpListsTheSubcommands() throws {
        let result = try CLI.run(["--help"])
        #expect(result.status == 0)
        for (subcommand, _) in try Self.definedArguments() {
            #expect(result.stdout.contains("  \(subcommand) "), "unitpack --help does not list \(subcommand)")
        }
    }

    @Test(arguments: [["frobnicate"], ["build", "--frobnicate"], ["check", "extra-argument"], ["convert"]])
    func wrongUsageExits64(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.exitedNormally)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains("Usage: unitpack"), "\(result)")
    }
}
