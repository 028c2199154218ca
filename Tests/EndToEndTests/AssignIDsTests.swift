import Foundation
import Testing

/// `unitpack assign-ids` on a copy of `Fixtures/valid` (ids 1-8) with one new
/// unit (named in English and Russian) and a retired registry line holding
/// the largest id.
@Suite struct AssignIDsTests {
    let temporary: OwnedTemporaryDirectory
    var idsPath: String { temporary.path("units-src/ids.tsv") }

    /// A copy of `Fixtures/valid` with one unit, yard, that has no id yet:
    /// what `assign-ids` has to write.
    static func validTreeWithAnUnregisteredYard() throws -> OwnedTemporaryDirectory {
        let temporary = try OwnedTemporaryDirectory()
        try FileManager.default.removeItem(atPath: temporary.path)
        try Files.copyTree(Paths.fixture("valid"), to: temporary.path)
        try Files.append("yard\tyd\t0.9144\t3\timp\n", to: temporary.path("units-src/length.tsv"))
        return temporary
    }

    init() throws {
        temporary = try Self.validTreeWithAnUnregisteredYard()
        try Files.append("20\tlength\tfurlong\tretired\n", to: idsPath)
        // Named in both languages, so that the missing id is the only finding.
        try Files.append("yard\tyards\tyard\tyards\t\t\n", to: temporary.path("locales/en/length.tsv"))
        try Files.append("yard\tярды\tярд\tярда\tярдов\tярда\tярд\t\n", to: temporary.path("locales/ru/length.tsv"))
    }

    @Test func appendsOneLineAfterTheLargestIdRetiredOnesIncluded() throws {
        let before = try Files.text(idsPath)
        let unitsFilesBefore = try Files.list(temporary.path("units-src"))

        let result = try CLI.run(["assign-ids", "--source", "."], in: temporary.path)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "21\tlength\tyard\n")
        #expect(result.stderr == "1 id(s) assigned in units-src/ids.tsv\n")
        #expect(try Files.text(idsPath) == before + "21\tlength\tyard\n", "existing lines unchanged, one appended")
        #expect(try Files.list(temporary.path("units-src")) == unitsFilesBefore, "no temporary file left behind")

        let check = try CLI.run(["check", "--source", "."], in: temporary.path)
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout == "ok: 9 units in 3 categories, 2 languages\n")
        #expect(check.stderr == "")
    }

    @Test func beforeAssigningTheNewUnitFailsCheck() throws {
        let check = try CLI.run(["check", "--source", "."], in: temporary.path)
        #expect(check.status == 1)
        #expect(DiagnosticOutput.codes(in: check.stderr) == ["E602"])
    }

    @Test func aSecondRunAssignsNothing() throws {
        #expect(try CLI.run(["assign-ids", "--source", "."], in: temporary.path).status == 0)
        let once = try Files.text(idsPath)
        let again = try CLI.run(["assign-ids", "--source", "."], in: temporary.path)
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout == "")
        #expect(again.stderr == "0 id(s) assigned in units-src/ids.tsv\n")
        #expect(try Files.text(idsPath) == once)
    }

    @Test func dryRunWritesNothing() throws {
        let before = try Files.bytes(idsPath)
        let result = try CLI.run(["assign-ids", "--dry-run", "--source", "."], in: temporary.path)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "21\tlength\tyard\n")
        #expect(result.stderr == "1 id(s) would be assigned in units-src/ids.tsv\n")
        #expect(try Files.bytes(idsPath) == before)
    }

    @Test func aRegistryWithoutAFinalNewlineGetsOne() throws {
        var text = try Files.text(idsPath)
        text.removeLast()
        try Files.write(Array(text.utf8), to: idsPath)
        let result = try CLI.run(["assign-ids", "--source", "."], in: temporary.path)
        #expect(result.status == 0, "\(result)")
        #expect(try Files.text(idsPath) == text + "\n21\tlength\tyard\n")
    }

    @Test func aBrokenRegistryIsNotAppendedTo() throws {
        let fixture = temporary.path("broken")
        try Files.copyTree(try BrokenTrees.tree("invalid-id-row"), to: fixture)
        let registry = fixture + "/units-src/ids.tsv"
        try Files.append("yard\tyd\t0.9144\t3\timp\n", to: fixture + "/units-src/length.tsv")
        let before = try Files.bytes(registry)

        let result = try CLI.run(["assign-ids", "--source", "."], in: fixture)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "")
        #expect(Set(DiagnosticOutput.codes(in: result.stderr)) == ["E605"])
        #expect(result.stderr.hasSuffix("fix units-src/ids.tsv first: ids are assigned after the largest id in it\n"))
        #expect(try Files.bytes(registry) == before)
    }
}
