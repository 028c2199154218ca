import Foundation
import Testing
import UnitpackCompiler
import UnitpackCore
import UnitpackSQLite
import UnitpackStore
import UnitpackTestSupport

@testable import UnitpackReview

/// Every column of every table reaches the review (issue 35: the review
/// read `languages` by hand and never read `region_grouping`, so `diff`
/// missed a grouping change). One column of one row at a time is set to
/// another value, its checksum re-stamped (an edit only the reader's
/// sanity checks could catch): a column the snapshot shows must change the
/// snapshot; a bookkeeping column (a count, `prev_key`, an id others
/// name) must be refused. A column added to `DatabaseFormat.tables` fails
/// here until it is given one or the other.
@Suite struct EveryColumnTests {
    /// A tree with a row in every table: a native numbering system and
    /// region lists in Russian, a phrase word, a compound pattern, a case
    /// form, preference lists, one relation of each kind with a column of
    /// its own. (`left_out_names` gets its row in `database()`: only a slice
    /// writes one.)
    static let files = SourceFixture.validFilesWithLocales.merging([
        "units-src/clusters.tsv": """
            length\tdefault\t001\tkilometer\t
            length\tdefault\t001\tmeter\t
            length\tdefault\tUS GB\tfoot\t
            speed\tdefault\t001\tkilometer per hour\t
            speed\tdefault\tUS GB\tknot\t

            """,
        "units-src/relations.tsv": "also\tspeed/knot\tlength/foot\nregional\tlength/kilometer\tlength/foot\tGB\nsame\tlength\tspeed\t2\n",
        "locales/ru/language.tsv": SourceFixture.localeFiles["locales/ru/language.tsv"]! + """
            numbering\tarab
            native-digits\t٠١٢٣٤٥٦٧٨٩
            native-decimal\t٫
            native-group\t٬
            native-minus\t-
            latn-regions\tKZ
            region-separators\tKZ:.:,
            region-grouping\tUA:3:2

            """,
        "locales/ru/words.tsv": "два\tnumber\t2\n",
        "locales/ru/compounds.tsv": "per\t-\t{0} на {1}\n",
        "locales/ru/cases.tsv": "length\tmeter\tprepositional\tone\tметре\n",
    ]) { _, new in new }

    enum Outcome { case shown, refused }

    /// `table.column`: the row to change (a WHERE clause), its new value,
    /// and what the review must make of it.
    static let edits: [String: (row: String, value: Statement.Value, outcome: Outcome)] = [
        "meta.key": ("key = 'generator'", .text("generators"), .refused),
        "meta.value": ("key = 'unit_count'", .text("8"), .refused),

        "categories.id": ("id = 1", .integer(9), .refused),
        "categories.key": ("id = 1", .text("distance"), .shown),
        "categories.display_order": ("id = 1", .integer(15), .shown),
        "categories.base_unit": ("id = 1", .integer(2), .shown),
        "categories.dimension": ("id = 1", .text("km"), .shown),
        "categories.cluster_rows": ("id = 1", .integer(5), .refused),

        "units.id": ("id = 3", .integer(9), .refused),
        // Not foot: its relations state its category, so its row changed alone is refused.
        "units.category": ("id = 1", .integer(2), .shown),
        "units.name": ("id = 3", .text("feet"), .shown),
        "units.symbols": ("id = 3", .text("ft\tfoot"), .shown),
        "units.factor": ("id = 3", .real(0.3047), .shown),
        "units.to_base": ("id = 7", .text("1000/61/X"), .shown),
        "units.from_base": ("id = 7", .text("1000/61/X"), .shown),
        "units.priority": ("id = 3", .real(3), .shown),
        "units.system": ("id = 3", .text("us"), .shown),
        "units.tier": ("id = 3", .integer(1), .shown),
        "units.flags": ("id = 1", .integer(Int64(UnitFlags.siPrefixes.rawValue)), .shown),
        "units.usage": ("id = 3", .text("person-height"), .shown),

        "name_blocks.block": ("block = 1", .integer(9), .refused),
        "name_blocks.first": ("block = 1", .text("a"), .refused),
        "name_blocks.next": ("block = 1", .text("zzzz"), .refused),
        "name_blocks.size": ("block = 1", .integer(5), .refused),
        // The block's text, written again with its size (`NameBlocksEdit`):
        // the Russian symbol `кмч` stored as `КМЧ`.
        "name_blocks.entries": ("block = 1", .text("кмч\tКМЧ"), .shown),

        "languages.code": ("code = 'ru'", .text("uk"), .refused),
        "languages.name": ("code = 'ru'", .text("русский язык"), .shown),
        "languages.complete": ("code = 'ru'", .integer(0), .shown),
        "languages.decimal_separator": ("code = 'ru'", .text("."), .shown),
        "languages.group_separator": ("code = 'ru'", .text("."), .shown),
        "languages.primary_grouping": ("code = 'ru'", .integer(2), .shown),
        "languages.secondary_grouping": ("code = 'ru'", .integer(2), .shown),
        "languages.minimum_grouping_digits": ("code = 'ru'", .integer(2), .shown),
        "languages.plural_rules": ("code = 'ru'", .text("one: i = 1 and v = 0\nother:"), .shown),
        "languages.phrase_word_lines": ("code = 'ru'", .integer(2), .refused),
        "languages.compound_rows": ("code = 'ru'", .integer(2), .refused),
        "languages.minus_sign": ("code = 'ru'", .text("−"), .shown),
        "languages.long_pattern": ("code = 'ru'", .text("{0}\u{A0}{1}"), .shown),
        "languages.short_pattern": ("code = 'ru'", .text("{1} {0}"), .shown),
        "languages.native_numbering": ("code = 'ru'", .text("arabext"), .shown),
        "languages.native_digits": ("code = 'ru'", .text("۰۱۲۳۴۵۶۷۸۹"), .shown),
        "languages.native_decimal": ("code = 'ru'", .text(","), .shown),
        "languages.native_group": ("code = 'ru'", .text("."), .shown),
        "languages.native_minus": ("code = 'ru'", .text("−"), .shown),
        "languages.latn_regions": ("code = 'ru'", .text("KZ UA"), .shown),
        "languages.region_separators": ("code = 'ru'", .text("KZ:,:."), .shown),
        "languages.region_grouping": ("code = 'ru'", .text("IN:3,2:1"), .shown),
        // Derived from the prefix patterns of `compounds`, which dump and diff check it against.
        "languages.prefix_words": ("code = 'ru'", .text("мега\tmega"), .refused),

        "unit_words.first": ("first = 1", .integer(999), .refused),
        "unit_words.last": ("first = 1", .integer(1), .refused),
        "unit_words.size": ("first = 1", .integer(5), .refused),
        // The words' text, written again with its size (`UnitWordsEdit`):
        // metre's Russian `few` form is `метров`.
        "unit_words.words": ("first = 1", .text("ru\tfew\tметров"), .shown),

        "clusters.category": ("category = 1 AND region = '001' AND rank = 1", .integer(2), .refused),
        "clusters.usage": ("category = 1 AND region = '001' AND rank = 1", .text("road"), .shown),
        "clusters.region": ("category = 1 AND region = '001' AND rank = 1", .text("DE"), .shown),
        "clusters.completed": ("category = 1 AND region = '001' AND rank = 1", .integer(1), .shown),
        "clusters.rank": ("category = 1 AND region = '001' AND rank = 1", .integer(5), .shown),
        "clusters.unit": ("category = 1 AND region = '001' AND rank = 1", .integer(3), .shown),
        "clusters.at_least": ("category = 1 AND region = '001' AND rank = 1", .real(10), .shown),
        "clusters.parts": ("category = 1 AND region = '001' AND rank = 1", .text("3"), .shown),

        "phrase_words.lang": ("lang = 'ru'", .text("en"), .refused),
        // The fixture's one word, `два`, as another word, kind and value.
        "phrase_words.words": ("lang = 'ru'", .text("две\tmultiplier\t3"), .shown),

        "relations.kind": ("kind = 'also'", .text("difference"), .shown),
        "relations.first": ("kind = 'also'", .integer(6), .shown),
        "relations.second": ("kind = 'also'", .integer(2), .shown),
        "relations.factor": ("kind = 'same'", .real(3), .shown),
        "relations.regions": ("kind = 'regional'", .text("GB IE"), .shown),
        // Derived from the units' rows, which dump and diff check them against.
        "relations.first_category": ("kind = 'also'", .integer(99), .refused),
        "relations.second_category": ("kind = 'also'", .integer(99), .refused),

        "compounds.lang": ("key = 'per'", .text("en"), .refused),
        "compounds.key": ("key = 'per'", .text("times"), .shown),
        "compounds.form": ("key = 'per'", .text("one/-/-"), .shown),
        "compounds.pattern": ("key = 'per'", .text("{0}/{1}"), .shown),

        "left_out_names.folded": ("folded = 'mm'", .text("nm"), .shown),
        "left_out_names.unit_key": ("folded = 'mm'", .text("speed/nanomach"), .shown),
    ]

    /// A build of `files` with a row of `left_out_names` added (and meta's
    /// count of them), each with its checksum.
    func database(in fixture: SourceFixture) throws -> String {
        let outcome = try BuildPipeline.build(source: fixture.root, output: fixture.path("dist"))
        try #require(outcome.summary != nil, "\(outcome.diagnostics.map(\.rendered))")
        let path = try GenerationFiles.database(in: fixture.path("dist"))
        let connection = try Connection(path: path, mode: .readWriteCreate)
        let row: [Statement.Value] = [.text("mm"), .text("speed/millimach")]
        try connection.prepare("INSERT INTO left_out_names VALUES (?, ?, ?)")
            .run(row + [RowChecksum.stored(RowChecksum.of(table: "left_out_names", row))])
        try Self.set(connection, "meta", where: "key = 'left_out_name_count'", "value", to: .text("1"))
        return path
    }

    /// Sets `column` of the `table` row that `key` selects, and its checksum to match.
    static func set(_ connection: Connection, _ table: String, where key: String, _ column: String, to value: Statement.Value)
        throws
    {
        let columns = DatabaseFormat.columns(of: table)
        let read = try connection.prepare("SELECT \(columns.joined(separator: ", ")) FROM \(table) WHERE \(key)")
        try #require(try read.step(), "no row of \(table) where \(key)")
        var row = (0..<Int32(columns.count)).map { read.value(at: $0) }
        #expect(try !read.step(), "more than one row of \(table) where \(key)")
        let index = try #require(columns.firstIndex(of: column))
        #expect(row[index] != value, "\(table).\(column) is \(value) already")
        row[index] = value
        let update = try connection.prepare("UPDATE \(table) SET \(column) = ?, crc = ? WHERE \(key)")
        try update.run([value, RowChecksum.stored(RowChecksum.of(table: table, row))])
    }

    @Test func everyColumnIsShownOrChecked() throws {
        let fixture = try SourceFixture(Self.files)
        defer { fixture.remove() }
        let path = try database(in: fixture)
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let original = try DatabaseSnapshot.read(path)
        #expect(original.leftOutNames.count == 1 && original.phraseWords.count == 1 && original.compounds.count == 1)
        #expect(original.relations.count == 3)

        let columns = DatabaseFormat.tables.flatMap { table in table.columns.map { "\(table.name).\($0)" } }
        #expect(
            Set(Self.edits.keys).subtracting(columns).isEmpty,
            "edits of columns the format does not have: \(Set(Self.edits.keys).subtracting(columns).sorted())")
        let edited = path + ".edited"
        for name in columns {
            guard let edit = Self.edits[name] else {
                Issue.record("\(name) has no edit: read it into the snapshot (dump and diff show it) or check it, and add it here")
                continue
            }
            let parts = name.split(separator: ".").map(String.init)
            try Data(good).write(to: URL(fileURLWithPath: edited))
            do {
                let connection = try Connection(path: edited, mode: .readWriteCreate)
                if name == "name_blocks.entries", case .text(let change) = edit.value {
                    let fields = change.split(separator: "\t").map(String.init)
                    try NameBlocksEdit.edit(connection, holding: fields[0]) { lines in
                        let index = try #require(lines.firstIndex { $0.hasPrefix(fields[0] + "\t") })
                        var parts = lines[index].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                        parts[4] = fields[1]
                        lines[index] = parts.joined(separator: "\t")
                    }
                } else if name == "unit_words.words", case .text(let change) = edit.value {
                    let fields = change.split(separator: "\t").map(String.init)
                    try UnitWordsEdit.remove(connection, unit: 1, language: fields[0], form: fields[1])
                    try UnitWordsEdit.edit(connection, unit: 1) { lines in
                        let section = try #require(lines.firstIndex(of: fields[0]))
                        let after = lines[(section + 1)...].firstIndex { $0 > fields[1] + "\t" || !$0.contains("\t") } ?? lines.count
                        lines.insert(fields[1] + "\t" + fields[2], at: after)
                    }
                } else {
                    try Self.set(connection, parts[0], where: edit.row, parts[1], to: edit.value)
                }
            }
            switch edit.outcome {
            case .shown:
                do {
                    let snapshot = try DatabaseSnapshot.read(edited)
                    #expect(snapshot != original, "\(name) set to \(edit.value) does not change the snapshot")
                    #expect(Dump.render(snapshot) != Dump.render(original), "\(name) set to \(edit.value) does not change the dump")
                    // A change, or a violation (a unit moved to another
                    // category is its id given to another key).
                    let diff = SnapshotDiff(old: original, new: snapshot)
                    #expect(diff.changes != [] || diff.hasViolations, "\(name) set to \(edit.value) is no change to diff")
                } catch {
                    Issue.record("\(name) set to \(edit.value) is refused: \(error)")
                }
            case .refused:
                // Typed throws: any error is a ReviewError.
                if (try? DatabaseSnapshot.read(edited)) != nil { Issue.record("\(name) set to \(edit.value) is not refused") }
            }
        }
        try? FileManager.default.removeItem(atPath: edited)
    }
}
