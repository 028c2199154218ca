import Testing

/// `--help` of every subcommand, and wrong usage in general (status 64).
@Suite struct UsageTests {
    @Test(arguments: [
        ("build", ["--source <dir>", "--output <dir>"]),
        ("check", ["--source <dir>"]),
        ("convert", ["--data <dir>", "--precision <precision>", "-t, --terse", "<value-or-phrase>", "<from>", "<to>", "--json", "--region <region>", "--system <system>", "--usage <usage>"]),
        ("assign-ids", ["--source <dir>", "--dry-run"]),
    ])
    func helpMentionsEveryOption(subcommand: String, options: [String]) throws {
        let result = try CLI.run([subcommand, "--help"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        #expect(result.stdout.contains("USAGE: unitpack \(subcommand)"), "\(result)")
        for option in options {
            #expect(result.stdout.contains(option), "\(subcommand) --help does not mention \(option)")
        }
    }

    @Test func topLevelHelpListsTheSubcommands() throws {
        let result = try CLI.run(["--help"])
        #expect(result.status == 0)
        for subcommand in ["build", "check", "convert", "assign-ids"] {
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
