import UnitpackCompiler
import UnitpackCore
import UnitpackTestSupport

/// One source file replaced (or added) by the input in a small valid tree
/// (`SourceFixture.validFilesWithLocales`): checking never traps, nor does
/// compiling the tree whatever the checks found (the build compiles beside
/// the checks, `BuildPipeline.build`), and every finding about that file
/// points inside it (a line it has, a column of that line or just past its
/// end), as docs/diagnostics.md promises.
enum SourceProperties {
    static func check(_ input: [UInt8], as relative: String, in context: FuzzContext) -> String? {
        let root = context.scratch + "/tree"
        if !context.treeWritten {
            for (path, content) in SourceFixture.validFilesWithLocales { _ = context.write(Array(content.utf8), to: "tree/" + path) }
            context.treeWritten = true
        }
        _ = context.write(input, to: "tree/" + relative)
        defer {
            // Back to the tree's own file, or none (the tree has no words.tsv).
            if let original = SourceFixture.validFilesWithLocales[relative] {
                _ = context.write(Array(original.utf8), to: "tree/" + relative)
            } else {
                context.remove("tree/" + relative)
            }
        }
        let (tree, diagnostics) = BuildPipeline.check(source: root)
        // As the build does before it knows the checks' findings: a tree
        // it cannot use throws, any other is compiled; neither may trap.
        _ = try? ModelCompiler.compile(tree, diagnostics: tree.diagnostics)
        // Columns count scalars, which only valid UTF-8 has.
        let valid = String(validating: input, as: UTF8.self)
        let lines = Self.lines(input)
        let locations = diagnostics.flatMap { [$0.location] + $0.notes.map(\.location) }
        for location in locations where location.path.hasSuffix("/" + relative) {
            guard location.line >= 1, location.line <= lines.count, location.column >= 1 else {
                return "\(location): outside the file's \(lines.count) lines"
            }
            guard valid != nil else { continue }
            let scalars = String(decoding: lines[location.line - 1], as: UTF8.self).unicodeScalars.count
            guard location.column <= scalars + 1 else {
                return "\(location): past the end of a line of \(scalars) scalars"
            }
        }
        return nil
    }

    /// The file's lines as the diagnostics count them: an LF, a CRLF or a
    /// CR alone ends one (docs/diagnostics.md, E107: "the CRs are read as
    /// line breaks"). Split at LF alone, a CR in a line put every finding
    /// after it on a line the file did not have.
    static func lines(_ input: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < input.count {
            switch input[index] {
            case 0x0A:
                lines.append(input[start..<index])
                index += 1
            case 0x0D:
                lines.append(input[start..<index])
                index += index + 1 < input.count && input[index + 1] == 0x0A ? 2 : 1
            default:
                index += 1
                continue
            }
            start = index
        }
        lines.append(input[start...])
        return lines
    }
}
