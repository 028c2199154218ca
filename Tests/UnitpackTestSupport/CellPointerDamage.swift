import Foundation
import UnitpackCore
import UnitpackSQLite

/// The damage ByteFlipTests found (`1 фута` for `1 фут`): a page's cell
/// pointer copied over another's, so that a leaf page of `unit_names`
/// shows one Russian word of metre (unit 1) twice and hides another. Every
/// row still matches its checksum and every count still checks; only a
/// reader that notices a primary key read twice, or SQLite's page check,
/// finds it. Used by the runtime's and the review's tests alike.
public enum CellPointerDamage {
    /// Rewrites the database at `path` so; throws when no leaf page holds
    /// two of metre's Russian words (the fixture must have them).
    public static func showMetresRussianWordTwice(at path: String) throws {
        var texts: [(form: String, text: String)] = []
        do {
            let connection = try Connection(path: path, mode: .readOnlyImmutable)
            let query = try connection.prepare("SELECT form, text FROM unit_names WHERE unit = 1 AND lang = 'ru'")
            while try query.step() { texts.append((query.text(at: 0) ?? "", query.text(at: 1) ?? "")) }
        }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let pageSize = Int(DatabaseFormat.pageSize)
        // A record's body holds its values one after the other: lang, form, text.
        func offset(of needle: [UInt8]) -> Int? {
            (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
        func pointer(_ page: Int, _ index: Int) -> Int { Int(bytes[page + 8 + 2 * index]) << 8 | Int(bytes[page + 9 + 2 * index]) }
        // Two words of metre on one leaf page of an index b-tree (a WITHOUT
        // ROWID table; not page 1, which starts with the file's header).
        let found = texts.compactMap { word in offset(of: Array(("ru" + word.form + word.text).utf8)) }
        let byPage = Dictionary(grouping: found, by: { $0 / pageSize * pageSize })
        guard let (page, offsets) = byPage.first(where: { $0.key > 0 && $0.value.count >= 2 && bytes[$0.key] == 0x0A }) else {
            throw Failure("no leaf page holds two words of metre in \(path)")
        }
        let cells = Int(bytes[page + 3]) << 8 | Int(bytes[page + 4])
        // The cell holding an offset starts at the largest pointer below it.
        func pointerIndex(holding at: Int) -> Int? {
            (0..<cells).filter { pointer(page, $0) <= at - page }.max { pointer(page, $0) < pointer(page, $1) }
        }
        guard let first = pointerIndex(holding: offsets[0]), let second = pointerIndex(holding: offsets[1]), first != second else {
            throw Failure("the two words of metre share a cell in \(path)")
        }
        bytes[page + 8 + 2 * first] = bytes[page + 8 + 2 * second]
        bytes[page + 9 + 2 * first] = bytes[page + 9 + 2 * second]
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
