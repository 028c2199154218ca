import Foundation
import Testing

/// `unitpack build --languages/--categories` (docs/database.md, "Slices"):
/// what the manifest and summary say, and the usage errors that leave the
/// current generation as it was. What a slice answers: SliceTests.
@Suite struct SliceCommandTests {
    let temporary: OwnedTemporaryDirectory
    let sources: String

    init() throws {
        temporary = try OwnedTemporaryDirectory()
        sources = temporary.path("sources")
        try Files.copyTree(Paths.fixture("valid"), to: sources)
    }

    @Test func aSliceIsBuiltAndRecordedInTheManifest() throws {
        let output = temporary.path("dist")
        let result = try CLI.run(["build", "--source", sources, "--output", output, "--languages", "EN", "--categories", "speed"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("  languages   en\n"), "\(result)")
        #expect(result.stdout.contains("  categories  speed (a slice)\n"), "\(result)")
        let manifest = try Files.text(output + "/manifest.tsv")
        #expect(manifest.contains("\nlanguages\ten\ncategories\tspeed\n"), "\(manifest)")
        #expect(try CLI.run(["verify", "--data", output]).status == 0)
        #expect(try CLI.run(["convert", "--data", output, "10", "km/h", "m/s"]).status == 0)
        let dropped = try CLI.run(["convert", "--data", output, "1", "km", "m"])
        #expect(dropped.status == 1)
        #expect(dropped.stderr == "error: unknown unit 'km'\n", "\(dropped)")
        let language = try CLI.run(["convert", "--data", output, "--lang", "ru", "1", "km/h", "m/s"])
        #expect(language.stderr == "error: no language 'ru'; this database has en\n", "\(language)")

        // Languages only: no categories line.
        let whole = try CLI.run(["build", "--source", sources, "--output", output, "--languages", "en,ru"])
        #expect(whole.status == 0, "\(whole)")
        #expect(!(try Files.text(output + "/manifest.tsv")).contains("categories"))
    }

    @Test(arguments: [
        (["--languages", "en,xx"], "error: no language 'xx' in the sources; they have en, ru"),
        (["--languages", "ru"], "error: a slice must hold 'en' (the names of units-src/ are English and the runtime falls back to them): write --languages en,ru"),
        (["--categories", "length,mass"], "error: no category 'mass' in the sources; they have length, speed, time"),
    ])
    func anUnknownNameLeavesTheGenerationAsItWas(options: [String], message: String) throws {
        let output = temporary.path("dist")
        #expect(try CLI.run(["build", "--source", sources, "--output", output]).status == 0)
        let before = try Files.list(output)
        let manifest = try Files.text(output + "/manifest.tsv")
        let result = try CLI.run(["build", "--source", sources, "--output", output] + options)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == message + "\nbuild failed: the current generation in \(output)/ is unchanged\n", "\(result)")
        #expect(try Files.list(output) == before)
        #expect(try Files.text(output + "/manifest.tsv") == manifest)
        // Nothing is created for a slice that cannot be built.
        let fresh = temporary.path("fresh")
        #expect(try CLI.run(["build", "--source", sources, "--output", fresh] + options).status == 64)
        #expect(!FileManager.default.fileExists(atPath: fresh))
    }

    @Test func anEmptyNameIsAUsageError() throws {
        let result = try CLI.run(["build", "--source", sources, "--output", temporary.path("dist"), "--languages", "en,,ru"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("--languages has an empty name"), "\(result)")
    }

    @Test func aSliceHasABudgetOfItsOwn() throws {
        try Files.write(
            Array("units.sqlite\t100000000\nunits.sqlite\t1024\tlanguages=en categories=speed\n".utf8),
            to: sources + "/budgets.tsv")
        let output = temporary.path("dist")
        let whole = try CLI.run(["build", "--source", sources, "--output", output])
        #expect(whole.status == 0, "\(whole)")
        #expect(whole.stdout.contains(" bytes of 100,000,000 budgeted (0%)\n"), "\(whole)")
        let slice = try CLI.run(["build", "--source", sources, "--output", output, "--categories", "speed", "--languages", "en"])
        #expect(slice.status == 1, "\(slice)")
        #expect((slice.stdout + slice.stderr).contains("error: units.sqlite of the slice languages=en categories=speed would take "), "\(slice)")
        #expect((slice.stdout + slice.stderr).contains("over its budget of 1024"), "\(slice)")
        #expect((slice.stdout + slice.stderr).contains("[E802]"), "\(slice)")
        // check measures each budgeted slice, and names one the sources cannot give.
        let check = try CLI.run(["check", "--source", sources])
        #expect(check.status == 1, "\(check)")
        #expect((check.stdout + check.stderr).contains("units.sqlite of the slice languages=en categories=speed would take"), "\(check)")
        try Files.write(Array("units.sqlite\t100000000\tlanguages=en,de\n".utf8), to: sources + "/budgets.tsv")
        let unknown = try CLI.run(["check", "--source", sources])
        #expect(unknown.status == 1, "\(unknown)")
        #expect((unknown.stdout + unknown.stderr).contains("budgets.tsv:1:24: error: no language 'de' in the sources; they have en, ru [E801]"), "\(unknown)")
    }
}
