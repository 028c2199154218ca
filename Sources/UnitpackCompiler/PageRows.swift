import UnitpackCore
import UnitpackStore

/// Rows of compressed text cut to fill the database's pages: `name_blocks`
/// (a block of consecutive keys) and `unit_words` (consecutive units). A row
/// takes as many groups (a key's lines, a unit's words) as keep its cell
/// within half a page, so that two rows fill a page (docs/database.md,
/// "name_blocks"). Cut by raw bytes instead (2,048 a block, format 13's
/// first rule), the streams came out 250 to 900 bytes: a row of 600 left
/// 400 bytes of its page that the next did not fit in, and a fifth of the
/// pages of `name_blocks` was slack (issue 38).
enum PageRows {
    /// A row: the groups it holds, their text (LF between groups) and the
    /// text compressed (`UnitWords.compress`).
    struct Block {
        var groups: Range<Int>
        var text: [UInt8]
        var stream: [UInt8]
    }

    /// A column's value as the cell's size needs it.
    enum Column {
        case null
        case integer(Int)
        case text(bytes: Int)
        case blob(bytes: Int)
    }

    /// The most bytes a row's cell may take so that two fit a page: a table
    /// leaf page's 8-byte header and a 2-byte pointer a cell taken off
    /// (sqlite.org/fileformat2.html, "B-tree Pages").
    static let cellBudget = (DatabaseFormat.pageSize - 8) / 2 - 2

    /// The checksum column at its widest (a 32-bit integer: 4 bytes).
    static let checksum = Column.integer(Int(Int32.min))

    /// `groups` (each one or more lines, in row order) cut into rows, none
    /// splitting a group; a group that alone is over the budget is a row of
    /// its own. `cell(number, groups, text, stream)` is the cell's bytes of
    /// row `number` (1, 2, ...). Each try compresses the candidate, so the
    /// first guess comes from the last row's ratio of stream to text: about
    /// three tries a row.
    static func blocks(_ groups: [[UInt8]], cell: (Int, Range<Int>, Int, Int) -> Int) -> [Block] {
        var blocks: [Block] = []
        var ratio = 0.3
        var start = 0
        while start < groups.count {
            func candidate(_ end: Int) -> (block: Block, cell: Int) {
                var text: [UInt8] = []
                for index in start..<end {
                    if index > start { text.append(0x0A) }
                    text += groups[index]
                }
                let stream = UnitWords.compress(text)
                let block = Block(groups: start..<end, text: text, stream: stream)
                return (block, cell(blocks.count + 1, start..<end, text.count, stream.count))
            }
            // The guess: as many bytes of text as the last ratio compresses
            // to the budget, less a row's columns.
            let wanted = Double(cellBudget - 48) / ratio
            var end = start + 1
            var raw = groups[start].count
            while end < groups.count, Double(raw + 1 + groups[end].count) <= wanted {
                raw += 1 + groups[end].count
                end += 1
            }
            var best = candidate(end)
            if best.cell <= cellBudget {
                while end < groups.count {
                    let larger = candidate(end + 1)
                    guard larger.cell <= cellBudget else { break }
                    best = larger
                    end += 1
                }
            } else {
                while end > start + 1 {
                    end -= 1
                    best = candidate(end)
                    if best.cell <= cellBudget { break }
                }
            }
            if !best.block.text.isEmpty { ratio = max(0.05, Double(best.block.stream.count) / Double(best.block.text.count)) }
            blocks.append(best.block)
            start = end
        }
        return blocks
    }

    /// The bytes of a row's cell on a table leaf page: the payload's length
    /// and the rowid as varints, then the record (its header: its own
    /// length and a serial type a column; then the values). An `INTEGER
    /// PRIMARY KEY` column is the rowid and NULL in the record.
    static func cellBytes(rowid: Int, _ columns: [Column]) -> Int {
        var typesBytes = 0
        var body = 0
        for column in columns {
            let (type, bytes) = serialType(column)
            typesBytes += varintBytes(type)
            body += bytes
        }
        var header = typesBytes + 1
        if varintBytes(header) > 1 { header = typesBytes + varintBytes(typesBytes + 2) }
        let payload = header + body
        return varintBytes(payload) + varintBytes(rowid) + payload
    }

    /// SQLite's serial type of a value and its bytes in the record (schema
    /// format 4: the integers 0 and 1 take none).
    private static func serialType(_ column: Column) -> (type: Int, bytes: Int) {
        switch column {
        case .null: (0, 0)
        case .text(let bytes): (13 + 2 * bytes, bytes)
        case .blob(let bytes): (12 + 2 * bytes, bytes)
        case .integer(0): (8, 0)
        case .integer(1): (9, 0)
        case .integer(-128...127): (1, 1)
        case .integer(-32_768...32_767): (2, 2)
        case .integer(-8_388_608...8_388_607): (3, 3)
        case .integer(-2_147_483_648...2_147_483_647): (4, 4)
        case .integer(-140_737_488_355_328...140_737_488_355_327): (5, 6)
        case .integer: (6, 8)
        }
    }

    private static func varintBytes(_ value: Int) -> Int {
        var bytes = 1
        var rest = UInt64(bitPattern: Int64(value)) >> 7
        while rest > 0, bytes < 9 {
            bytes += 1
            rest >>= 7
        }
        return bytes
    }
}
