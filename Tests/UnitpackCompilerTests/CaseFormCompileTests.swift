import Foundation
import Testing
import UnitpackCore
import UnitpackRuntime
import UnitpackTestSupport

@testable import UnitpackCompiler

/// `cases.tsv` -> the model, `names` rows of kind 3 and search postings of
/// form 5; a form that is already a word or symbol of its unit adds nothing.
@Suite struct CaseFormCompileTests {
    static let cases = """
        # category\tunit\tcase\tplural\tform
        length\tmeter\tlocative\tmany\tметрах
        length\tmeter\tprepositional\tmany\tметрах
        length\tmeter\tgenitive\tone\tметра
        length\tmeter\tnominative\tone\tМ
        length\tfoot\tdative\tmany\tфутам
        speed\tkilometer per hour\tlocative\tmany\tкилометрах в час

        """

    let fixture: SourceFixture

    init() throws {
        fixture = try SourceFixture(SourceFixture.validFilesWithLocales.merging(["locales/ru/cases.tsv": Self.cases]) { a, _ in a })
    }

    func model() throws -> CompiledModel {
        let (tree, diagnostics) = BuildPipeline.check(source: fixture.root)
        return try ModelCompiler.compile(tree, diagnostics: diagnostics)
    }

    @Test func newFormsOnlyOncePerUnit() throws {
        let model = try model()
        let ids = Dictionary(uniqueKeysWithValues: model.units.map { ($0.key, $0.id) })
        let ru = try #require(model.languages.first { $0.code == "ru" })
        // метрах twice (two cases), метра (the `few` form), м (a symbol): one row.
        #expect(ru.caseForms == [
            .init(unit: ids["length/meter"]!, text: "метрах"), .init(unit: ids["length/foot"]!, text: "футам"),
            .init(unit: ids["speed/kilometer per hour"]!, text: "километрах в час"),
        ].sorted())
        #expect(model.languages.first { $0.code == "en" }?.caseForms == [])
    }

    @Test func searchPostingsSayCaseForm() throws {
        let model = try model()
        let entries = Dictionary(uniqueKeysWithValues: SearchPackWriter.entries(model).map { (String(decoding: $0.key, as: UTF8.self), $0.postings) })
        #expect(entries[SearchKey.normalize("метрах")]?.map(\.form) == [.caseForm])
        // The plural form stays what it is.
        #expect(entries[SearchKey.normalize("метра")]?.map(\.form) == [.pluralForm])
    }

    @Test func theDatabaseFindsCaseFormsLikeNames() throws {
        let outcome = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        try #require(outcome.summary != nil, "\(outcome.diagnostics.map(\.rendered))")
        let database = try UnitDatabase(directory: fixture.path("dist"))
        #expect(try database.candidates(for: "метрах").map(\.key) == ["length/meter"])
        #expect(try database.candidates(for: "МЕТРАХ").map(\.key) == ["length/meter"])
        #expect(try database.unit(named: "футам").key == "length/foot")
        #expect(try database.unit(named: "километрах в час").key == "speed/kilometer per hour")
        // The symbol keeps its exact-case rank over the case form that was left out.
        #expect(try database.candidates(for: "м").map(\.key) == ["length/meter"])
    }
}
