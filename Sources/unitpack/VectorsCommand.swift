import ArgumentParser
import Foundation
import UnitpackCore
import UnitpackReview
import UnitpackRuntime

/// `unitpack vectors`: what the runtime answers on a built generation, as
/// JSON that a reader in another language checks itself against
/// (docs/vectors.md; `Readers/python/check_vectors.py`). Everything is
/// enumerated in a fixed order and every random choice comes from one
/// seeded generator, so two runs on the same data write the same bytes.
struct VectorsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vectors",
        abstract: "Write JSON test vectors from dist/'s current generation, for readers in other languages.",
        discussion: """
            Writes conversions.json, plurals.json, formatting.json, targets.json, phrases.json and \
            search.json into --output: the runtime's answers on the built data (the manifest's files), \
            for a reader written from docs/ to compare with. The schema is docs/vectors.md. Two runs on \
            the same data and seed write identical bytes.
            """)

    @OptionGroup var data: DataOptions

    @Option(name: .long, help: ArgumentHelp("Directory to write the vector files into (created if missing).", valueName: "dir"))
    var output: String

    @Option(name: .long, help: ArgumentHelp(
        "Directory of phrase corpora (*.tsv: phrase<TAB>languages<TAB>...) to read for phrases.json.", valueName: "dir"))
    var phrases = "Tests/UnitpackRuntimeTests/Phrases/Corpora"

    @Option(name: .long, help: "Seed of the choices (values, sample units, prefixes).")
    var seed: UInt64 = 22

    func run() throws {
        let files: [(name: String, text: String)]
        do {
            let generation = try Generation.read(directory: data.data)
            let snapshot = try DatabaseSnapshot.read(data.data)
            let library = try UnitLibrary(directory: data.data, budget: 1 << 20)
            let corpora = try Self.corpora(in: phrases)
            var vectors = Vectors(
                snapshot: snapshot, database: library.database, search: library.search,
                source: generation.manifest.sourceSHA256, seed: seed)
            files = [
                ("conversions.json", try vectors.conversions()),
                ("plurals.json", try vectors.plurals()),
                ("formatting.json", try vectors.formatting()),
                ("targets.json", try vectors.targets()),
                ("phrases.json", try vectors.phrases(corpora)),
                ("search.json", try vectors.searches()),
            ]
        } catch let error as CorpusProblem {
            printError(error.description)
            throw ExitCode.failure
        } catch let error as any Error & CustomStringConvertible {
            printError("error: \(error.description)")
            throw ExitCode.failure
        }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            printError("error: " + FileProblem.sentence(error, doing: "create the vectors directory", path: output, option: "--output"))
            throw ExitCode.failure
        }
        func shown(_ path: String) -> String { "\(TextEscaping.visible(path)) (in --output \(TextEscaping.visible(output)))" }
        // Every place looked at first: a FIFO where the fourth file goes
        // refuses the run before the first three are replaced.
        /// `body` for each file; its failure printed as the file's error, and the run failed.
        func forEachFile(_ body: (_ file: (name: String, text: String), _ path: String) throws -> Void) throws {
            for file in files {
                let path = output + "/" + file.name
                try OutputFile.failing(doing: "write \(file.name)", path: path) { try body(file, path) }
            }
        }
        try forEachFile { _, path in _ = try OutputFile.place(of: path, shown: shown(path), option: "--output") }
        try forEachFile { file, path in try OutputFile.write(Array(file.text.utf8), to: path, shown: shown(path), option: "--output") }
        try StandardOutput.line("ok: \(files.count) vector files in \(output)")
    }

    /// A phrase corpus line that cannot be read: located, as a source error is.
    struct CorpusProblem: Error, CustomStringConvertible {
        var path: String
        var line: Int
        var message: String
        var description: String { "\(path):\(line):1: error: \(message)" }
    }

    /// Each phrase of the corpora with the languages it is read in, by file
    /// name then line.
    static func corpora(in directory: String) throws -> [(file: String, line: Int, phrase: String, languages: [String])] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tsv") }.sorted()
        } catch {
            throw CorpusProblem(path: directory, line: 1, message: "no phrase corpora here (--phrases names a directory of *.tsv)")
        }
        var cases: [(file: String, line: Int, phrase: String, languages: [String])] = []
        for name in names {
            let path = directory + "/" + name
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw CorpusProblem(path: path, line: 1, message: "cannot read the corpus as UTF-8")
            }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.isEmpty || line.hasPrefix("#") { continue }
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count >= 2, !fields[0].isEmpty, !fields[1].isEmpty else {
                    throw CorpusProblem(path: path, line: index + 1, message: "expected phrase<TAB>languages<TAB>...")
                }
                cases.append((name, index + 1, String(fields[0]), fields[1].split(separator: ",").map(String.init)))
            }
        }
        return cases
    }
}

extension Vectors {
    // MARK: phrases

    func phrases(_ corpora: [(file: String, line: Int, phrase: String, languages: [String])]) throws -> String {
        var cases: [JSONValue] = []
        for entry in corpora {
            var fields: [(String, JSONValue)] = [
                ("source", .string("\(entry.file):\(entry.line)")), ("phrase", .string(entry.phrase)),
                ("languages", .array(entry.languages.map { .string($0) })),
            ]
            switch try database.parse(entry.phrase, languages: entry.languages) {
            case .understood(let readings):
                let reading = readings[0]
                fields += [
                    ("understood", .bool(true)), ("value", .number(reading.value)), ("unit", .string(reading.from.key)),
                    ("targets", .array(reading.targets.map { .string($0.key) })),
                    ("readings", .int(readings.count)),
                ]
            case .notUnderstood:
                fields.append(("understood", .bool(false)))
            }
            cases.append(.object(fields))
        }
        return file("phrases", cases)
    }
}
