import Foundation
import Testing

/// Every public declaration an app gets from `import UnitpackRuntime` has a
/// documentation comment (issue 22, "Done when").
///
/// Method: the symbol graphs of the runtime's modules and of UnitpackCore
/// (`swift-symbolgraph-extract`, public declarations), as `PublicAPITests`
/// reads them: a symbol of the runtime's sources, or of a core type that
/// `Exports.swift` re-exports (its members included), without `docComment`
/// fails. Limits: what the compiler synthesises or inherits (an `==`, a
/// `Hashable` or `OptionSet` member, a protocol's default implementation,
/// an enum's `rawValue` init) has no location in these sources and is not
/// asked for; a comment's content is not judged, only that there is one; an
/// enum case whose doc comment sits on a `case a, b` line counts for both.
@Suite struct DocCommentTests {
    static func undocumented() throws -> [String] {
        let runtimeSources = PublicAPITests.runtimeModules.map { PublicAPITests.repository.appendingPathComponent("Sources/\($0)/").path }
        let coreSources = PublicAPITests.repository.appendingPathComponent("Sources/UnitpackCore").path
        let exported = try PublicAPITests.reexported()
        var missing: [String] = []
        for symbol in try PublicAPITests.runtimeSymbols()
        where !symbol.hasDocComment && runtimeSources.contains(where: { symbol.file?.hasPrefix($0) == true }) {
            missing.append("\(symbol.file ?? ""):\(symbol.line ?? 0): \(symbol.name)")
        }
        for symbol in try PublicAPITests.symbols(of: "UnitpackCore")
        where !symbol.hasDocComment && symbol.file?.hasPrefix(coreSources) == true && exported.contains(symbol.path.first ?? "")
            && !PublicAPITests.buildOnlyMembers.contains(symbol.name)
        {
            missing.append("\(symbol.file ?? ""):\(symbol.line ?? 0): \(symbol.name) (re-exported)")
        }
        return missing.sorted()
    }

    @Test func everyPublicDeclarationIsDocumented() throws {
        let missing = try Self.undocumented()
        #expect(missing.isEmpty, "\(missing.count) public declarations without a doc comment:\n\(missing.joined(separator: "\n"))")
    }
}
