import Foundation
import Testing
import UnitpackCore
import UnitpackSQLite
import UnitpackStore
import UnitpackTestSupport

/// The two compressed texts of format 14 (docs/database.md): the words of
/// consecutive units (`unit_words`, `UnitWords`) and a block of names (`name_blocks`,
/// `NameBlock`), each read back as written (seeded random round trips),
/// each thing the format forbids refused with its reason, and the page's
/// example held to the repository's database.
@Suite struct CompressedRowsTests {
    // MARK: unit_words

    static func inflated(_ text: String) -> Result<[UInt8], UnitWords.Problem> {
        let bytes = Array(text.utf8)
        return UnitWords.compress(bytes).withUnsafeBytes { UnitWords.inflate($0, size: bytes.count) }
    }

    @Test func unitWordsRoundTrip() throws {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        let forms = ["display", "few", "long:one", "many", "one", "other", "short:other", "symbol", "zero"]
        let words = ["метр", "метра", "метров", "mètre", "{0} m", "ميل", "時速 {0} キロ", "a b"]
        for _ in 0..<200 {
            var sections: [UnitWords.Section] = []
            for code in ["ar", "de", "en", "ja", "ru"] where Bool.random(using: &random) {
                let chosen = forms.filter { _ in Bool.random(using: &random) }
                guard !chosen.isEmpty else { continue }
                sections.append(.init(language: code, forms: chosen.map { .init(form: $0, text: words.randomElement(using: &random)!) }))
            }
            let text = UnitWords.text(sections.shuffled(using: &random))
            let inflated = try Self.inflated(text).get()
            #expect(String(decoding: inflated, as: UTF8.self) == text, "seed \(seed)")
            #expect(try UnitWords.sections(inflated).get() == sections, "seed \(seed)")
            for section in sections {
                #expect(try UnitWords.forms(of: section.language, in: inflated).get() == section.forms, "seed \(seed)")
            }
            #expect(try UnitWords.forms(of: "zz", in: inflated).get() == nil, "seed \(seed)")
        }
    }

    @Test(arguments: [
        ("en\ndisplay\tmetres\n", UnitWords.Problem.badLine(language: "en")),
        ("display\tmetres", .formBeforeLanguage),
        ("en\nother\tmetres\none\tmetre", .formOrder(language: "en", form: "one")),
        ("en\none\tmetre\none\tmetres", .formOrder(language: "en", form: "one")),
        ("ru\none\tметр\nen\none\tmetre", .languageOrder("en")),
        ("en\nde\none\tMeter", .emptyLanguage("en")),
        ("en", .emptyLanguage("en")),
        ("en\none\t", .badLine(language: "en")),
        ("en\n\tmetre", .badLine(language: "en")),
        ("en\none\tme\ttre", .badLine(language: "en")),
    ])
    func unitWordsTheFormatForbids(text: String, problem: UnitWords.Problem) throws {
        let inflated = try Self.inflated(text).get()
        #expect(throws: problem) { try UnitWords.sections(inflated).get() }
    }

    /// Rows of units' parts (`UnitWords.part`) read back as written, each
    /// unit's words found, a unit outside the row found in none.
    @Test func unitWordsRowsRoundTrip() throws {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            var units: [(id: Int, sections: [UnitWords.Section])] = []
            var id = Int.random(in: 1...5, using: &random)
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                var sections: [UnitWords.Section] = []
                for code in ["de", "en", "ru"] where Bool.random(using: &random) {
                    sections.append(.init(language: code, forms: [.init(form: "display", text: "u\(id)"), .init(form: "other", text: "w\(id)")]))
                }
                units.append((id, sections))
                id += Int.random(in: 1...3, using: &random)
            }
            let text = Array(units.map { UnitWords.part(unit: $0.id, $0.sections) }.joined(separator: "\n").utf8)
            let (first, last) = (units[0].id, units[units.count - 1].id)
            let parts = try UnitWords.parts(text, first: first, last: last).get()
            #expect(parts.map(\.unit) == units.map(\.id), "seed \(seed)")
            for unit in units {
                let words = try #require(try UnitWords.words(of: unit.id, in: text, first: first, last: last).get(), "seed \(seed)")
                #expect(try UnitWords.sections(words).get() == unit.sections, "seed \(seed)")
            }
            #expect(try UnitWords.words(of: last + 1, in: text, first: first, last: last).get() == nil, "seed \(seed)")
        }
    }

    @Test(arguments: [
        ("en\ndisplay\tm", 1, 1, UnitWords.Problem.wordsBeforeUnit),
        ("", 1, 1, .wordsBeforeUnit),
        ("#2\nen\ndisplay\tm", 1, 2, .unitLine("#2")),
        ("#1\n#1", 1, 1, .unitLine("#1")),
        ("#1\n#3\n#2", 1, 3, .unitLine("#2")),
        ("#1\n#4", 1, 3, .unitLine("#4")),
        ("#1\n#02", 1, 2, .unitLine("#02")),
        ("#1\n#x", 1, 2, .unitLine("#x")),
        ("#1\n#2", 1, 3, .rowBounds(first: 1, last: 3)),
        ("#1\n\n#2", 1, 2, .badLine(language: "")),
        ("#1\n", 1, 1, .badLine(language: "")),
    ])
    func unitWordsRowsTheFormatForbids(text: String, first: Int, last: Int, problem: UnitWords.Problem) throws {
        #expect(throws: problem) { try UnitWords.parts(Array(text.utf8), first: first, last: last).get() }
    }

    static func inflate(_ stream: [UInt8], size: Int) -> Result<[UInt8], UnitWords.Problem> {
        stream.withUnsafeBytes { UnitWords.inflate($0, size: size) }
    }

    @Test func aStreamMustInflateToItsSizeExactly() throws {
        let text = Array("en\none\tmetre\nother\tmetres".utf8)
        let stream = UnitWords.compress(text)
        #expect(try Self.inflate(stream, size: text.count).get() == text)
        #expect(throws: UnitWords.Problem.doesNotInflate) { try Self.inflate(stream, size: text.count - 1).get() }
        #expect(throws: UnitWords.Problem.doesNotInflate) { try Self.inflate(stream, size: text.count + 1).get() }
        #expect(throws: UnitWords.Problem.size(UnitWords.maxSize + 1)) { try Self.inflate(stream, size: UnitWords.maxSize + 1).get() }
        #expect(throws: UnitWords.Problem.doesNotInflate) { try Self.inflate(Array(stream.dropLast()), size: text.count).get() }
        // Bytes after the stream's end, and a flipped bit (zlib's Adler-32).
        #expect(throws: UnitWords.Problem.doesNotInflate) { try Self.inflate(stream + [0], size: text.count).get() }
        var flipped = stream
        flipped[flipped.count / 2] ^= 0x10
        #expect(throws: UnitWords.Problem.self) { try Self.inflate(flipped, size: text.count).get() }
        #expect(throws: UnitWords.Problem.doesNotInflate) { try Self.inflate([], size: 0).get() }
        #expect(try Self.inflated("").get() == [], "a unit named in no language: the empty text")
    }

    /// docs/database.md's example of a unit's words is the start of that
    /// unit's part of its row in the repository's database, line for line
    /// (`...` stands for lines left out).
    @Test func theDocumentedExampleIsTheDatabases() throws {
        let docs = try String(contentsOfFile: RepositoryBuild.root + "/docs/database.md", encoding: .utf8)
        let intro = try #require(docs.range(of: "Example, the part of unit 492 (`magnetic-flux/weber`) begins:\n\n```\n"))
        let example = try #require(docs[intro.upperBound...].components(separatedBy: "\n```").first)
        let connection = try Connection(path: try GenerationFiles.database(in: try RepositoryBuild.directory()), mode: .readOnlyImmutable)
        let lines = ["#492"] + (try UnitWordsEdit.lines(connection, unit: 492))
        var position = 0
        for line in example.split(separator: "\n").map({ $0.replacingOccurrences(of: "<TAB>", with: "\t") }) {
            if line == "..." {
                continue
            }
            let found = try #require(lines[position...].firstIndex(of: line), "docs/database.md: `\(line)` is not in unit 492's words")
            #expect(found == position || example.contains("...\n" + line.replacingOccurrences(of: "\t", with: "<TAB>")))
            position = found + 1
        }
        #expect(position > 8)
    }

    // MARK: name_blocks

    static func entry(_ unit: Int, _ kind: Int, _ language: String, _ stored: String) -> NameBlock.Entry {
        NameBlock.Entry(unit: unit, kind: kind, language: language, stored: stored)
    }

    @Test func nameBlocksRoundTrip() throws {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        let keys = ["a", "km", "km/h", "kмч", "metre", "metres cubes", "métre", "м", "метр", "метра", "ميل", "キロ"]
        for _ in 0..<200 {
            var names: [(folded: String, entry: NameBlock.Entry)] = []
            for key in keys where Int.random(in: 0..<3, using: &random) == 0 {
                var entries: Set<NameBlock.Entry> = []
                for _ in 0...Int.random(in: 0..<3, using: &random) {
                    entries.insert(
                        Self.entry(
                            Int.random(in: 1...40, using: &random), Int.random(in: 0...5, using: &random),
                            ["", "en", "ru"].randomElement(using: &random)!, ["", "KM", "Метр"].randomElement(using: &random)!))
                }
                for entry in entries.sorted(by: NameBlock.entryPrecedes) { names.append((key, entry)) }
            }
            guard !names.isEmpty else { continue }
            names.sort { $0.folded != $1.folded ? NameBlock.precedes($0.folded, $1.folded) : NameBlock.entryPrecedes($0.entry, $1.entry) }
            let text = Array(NameBlock.text(names).utf8)
            let block = try NameBlock.read(number: 1, first: "", next: nil, text: text).get()
            let distinct = names.map(\.folded).reduce(into: [String]()) { keys, key in if keys.last != key { keys.append(key) } }
            #expect(block.keys == distinct, "seed \(seed)")
            for key in keys {
                #expect(Array(block.entries(of: key)) == names.filter { $0.folded == key }.map(\.entry), "seed \(seed): \(key)")
            }
            // A block that ends before the last key, or starts after the first, does not hold them.
            let last = try #require(block.keys.last)
            #expect(throws: NameBlock.Problem.self) { try NameBlock.read(number: 1, first: "", next: last, text: text).get() }
            #expect(throws: NameBlock.Problem.self) { try NameBlock.read(number: 2, first: last + "z", next: nil, text: text).get() }
        }
    }

    @Test func aBlockSaysWhichKeysItCovers() throws {
        let text = Array(NameBlock.text([("km", Self.entry(9, 1, "", "")), ("metre", Self.entry(1, 0, "en", ""))]).utf8)
        let block = try NameBlock.read(number: 3, first: "k", next: "mi", text: text).get()
        #expect(block.covers("k") && block.covers("kz") && block.covers("metres") && !block.covers("j") && !block.covers("mi"))
        #expect(block.firstIndex(atLeast: "l") == 1 && block.firstIndex(atLeast: "n") == 2)
        #expect(block.entries(of: "kn").isEmpty && block.entries(of: "km").first?.unit == 9)
        // Byte order, not a String's: `é` decomposed (`e` U+0301) sorts before `f` as bytes.
        #expect(NameBlock.precedes("e\u{301}", "f") && NameBlock.precedes("z", "é"))
    }

    @Test(arguments: [
        ("km\t9\t1\t", NameBlock.Problem.badLine(1)),
        ("km\t0\t1\t\t", .badLine(1)),
        ("km\t09\t1\t\t", .badLine(1)),
        ("km\t9\t6\t\t", .badLine(1)),
        ("km\tnine\t1\t\t", .badLine(1)),
        ("\t9\t1\t\t", .badLine(1)),
        ("km\t9\t1\t\t\n", .badLine(2)),
        ("km\t9\t1\t\tkm", .storesKey(1)),
        ("m\t1\t0\ten\t\nkm\t9\t1\t\t", .order(2)),
        ("km\t9\t1\t\t\nkm\t9\t1\t\t", .order(2)),
        ("km\t9\t1\t\t\nkm\t3\t1\t\t", .order(2)),
        ("km\t9\t1\ten\tkilo\tmetre", .badLine(1)),
        ("km\t9\t1\t\t\nkm\t9\t1\tru\t\nm\t9\t1\ten\tmetre\t", .badLine(3)),
        ("km\t9\t1\t\t\nkm\t9\t1\tru\t\nkm\t9\t1\ten\t", .order(3)),
    ])
    func nameBlocksTheFormatForbids(text: String, problem: NameBlock.Problem) {
        #expect(throws: problem) { try NameBlock.read(number: 1, first: "", next: nil, text: Array(text.utf8)).get() }
    }

    @Test func aBlockThatIsNotUTF8IsRefused() {
        let text = Array("km\t9\t1\ten\t".utf8) + [0xC3]
        #expect(throws: NameBlock.Problem.words(.notUTF8)) { try NameBlock.read(number: 1, first: "", next: nil, text: text).get() }
    }
}
