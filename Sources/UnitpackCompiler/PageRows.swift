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
    /// splitting a group: each row as many groups as keep its cell within
    /// the budget, found by halving (a group that alone is over it is a
    /// row of its own). `cell(number, groups, text, stream)` is the cell's
    /// bytes of row `number` (1, 2, ...). Each try needs the candidate's
    /// size at zlib's level 9, so the first guess comes from the last row's
    /// ratio of stream to text and its columns' bytes, and the end is then
    /// found by doubling steps and halving them: about four tries a row,
    /// where a key at a time took six (the cut of the names then took 2.3
    /// of the build's 10.3 billion instructions, then 1.46 of 9.49:
    /// callgrind, `UNITPACK_BUILD_THREADS=1`).
    ///
    /// `keepingSteps`: count the tries' sizes with `DeflateSize`, which
    /// takes zlib's steps on a row's text once for all its tries, moves
    /// the guess by estimates from the first try before the search, and
    /// writes the row's stream from the try that found it. It pays where a
    /// row takes many tries (the names' keys: about seven from the ratio's
    /// guess, 4.1 from the estimates'; their cut 185 → 152 ms of one core,
    /// where zlib compressing each try took twice that), not where it takes
    /// two (the units' words, whose large groups the first guess mostly
    /// meets: 175 ms against zlib's 115). Without it each try is
    /// compressed by zlib, and the row is the try's stream.
    static func blocks(_ groups: [[UInt8]], keepingSteps: Bool = false, cell: (Int, Range<Int>, Int, Int) -> Int) -> [Block] {
        var blocks: [Block] = []
        var ratio = 0.3
        var overhead = 40
        var start = 0
        // A try's size without compressing the candidate again: the row's
        // groups so far, and their steps, kept from try to try (`DeflateSize`).
        var sizes = DeflateSize()
        while start < groups.count {
            // Each try's stream (zlib's, where it compressed the try), its size and cell.
            var tried: [Int: (stream: [UInt8]?, size: Int, cell: Int)] = [:]
            sizes.reset()
            // The text's length with the groups start..<start + k + 1.
            var lengths: [Int] = []
            func text(_ end: Int) -> [UInt8] {
                var text: [UInt8] = []
                for index in start..<end {
                    if index > start { text.append(0x0A) }
                    text += groups[index]
                }
                return text
            }
            // The text up to group `end` given to `sizes`.
            func extend(to end: Int) {
                while start + lengths.count < end {
                    let index = start + lengths.count
                    if index > start { sizes.append(0x0A) }
                    sizes.append(contentsOf: groups[index])
                    lengths.append(sizes.count)
                }
            }
            func candidate(_ end: Int) -> (stream: [UInt8]?, size: Int, cell: Int) {
                if let known = tried[end] { return known }
                var found: (stream: [UInt8]?, size: Int, cell: Int)
                if keepingSteps {
                    extend(to: end)
                    let length = lengths[end - start - 1]
                    if let counted = sizes.size(ofPrefix: length) {
                        assert(counted == UnitWords.compress(text(end)).count, "DeflateSize counts otherwise than zlib")
                        found = (nil, counted, cell(blocks.count + 1, start..<end, length, counted))
                    } else {
                        let stream = UnitWords.compress(text(end))
                        found = (stream, stream.count, cell(blocks.count + 1, start..<end, length, stream.count))
                    }
                } else {
                    let text = text(end)
                    let stream = UnitWords.compress(text)
                    found = (stream, stream.count, cell(blocks.count + 1, start..<end, text.count, stream.count))
                }
                tried[end] = found
                return found
            }
            func fits(_ end: Int) -> Bool { candidate(end).cell <= cellBudget }
            // The guess: as many bytes of text as the last ratio compresses
            // to the budget, less the last row's columns.
            let wanted = Double(cellBudget - overhead) / ratio
            var guess = start + 1
            var raw = groups[start].count
            while guess < groups.count, Double(raw + 1 + groups[guess].count) <= wanted {
                raw += 1 + groups[guess].count
                guess += 1
            }
            // With `sizes`, the guess tried, and then moved by estimates
            // from that try (`DeflateSize.estimatedSize`) to the last end
            // they say fits: the search below starts there, 4.1 tries a row
            // where from the ratio's guess it took 6.8 (the names' keys).
            if keepingSteps, tried[guess] == nil {
                func estimatedFits(_ end: Int) -> Bool {
                    // The text far enough past the end for the steps the estimate counts.
                    extend(to: end)
                    var past = end
                    while past < groups.count, sizes.count - lengths[end - start - 1] < DeflateSize.lookahead {
                        past += 1
                        extend(to: past)
                    }
                    let length = lengths[end - start - 1]
                    guard let size = sizes.estimatedSize(ofPrefix: length) else { return false }
                    return cell(blocks.count + 1, start..<end, length, size) <= cellBudget
                }
                if fits(guess) {
                    while guess < groups.count, estimatedFits(guess + 1) { guess += 1 }
                } else {
                    while guess > start + 1, !estimatedFits(guess - 1) { guess -= 1 }
                    if guess > start + 1 { guess -= 1 }
                }
            }
            // `low` fits (or is one group), `high` does not (or is past the end).
            var low = start + 1
            var high = groups.count + 1
            if fits(guess) {
                low = guess
                var step = 1
                while low + step <= groups.count, fits(low + step) {
                    low += step
                    step *= 2
                }
                high = min(low + step, groups.count + 1)
            } else {
                high = guess
                var step = 1
                while high - step > start + 1, !fits(high - step) {
                    high -= step
                    step *= 2
                }
                low = max(high - step, start + 1)
            }
            while high - low > 1 {
                let middle = (low + high) / 2
                if fits(middle) { low = middle } else { high = middle }
            }
            let best = candidate(low)
            let found = text(low)
            let block = Block(groups: start..<low, text: found, stream: best.stream ?? Self.stream(found, &sizes, prefix: lengths[low - start - 1]))
            // A zlib that compresses otherwise than the one `DeflateSize`
            // copies (1.2.x at level 9) makes the counts wrong: the cut is
            // then made again by compressing each try, as zlib has it.
            if block.stream.count != best.size {
                assertionFailure("DeflateSize counts otherwise than zlib")
                return Self.blocks(groups, keepingSteps: false, cell: cell)
            }
            if !block.text.isEmpty { ratio = max(0.05, Double(block.stream.count) / Double(block.text.count)) }
            overhead = max(8, best.cell - block.stream.count)
            blocks.append(block)
            start = low
        }
        return blocks
    }

    /// The row's stream, written from the steps `sizes` counted its size
    /// with (`DeflateSize.stream`): zlib's bytes, without compressing the
    /// row once more (0.20 of the build's 7.5 billion instructions). It is
    /// inflated to be sure (a tenth of compressing): a stream that does not
    /// give the text back is zlib's to write.
    private static func stream(_ text: [UInt8], _ sizes: inout DeflateSize, prefix length: Int) -> [UInt8] {
        guard let written = sizes.stream(ofPrefix: length),
            case .success(let inflated) = written.withUnsafeBytes({ UnitWords.inflate($0, size: text.count) }),
            inflated == text
        else {
            assertionFailure("DeflateSize writes a stream that does not inflate to its text")
            return UnitWords.compress(text)
        }
        assert(written == UnitWords.compress(text), "DeflateSize writes otherwise than zlib")
        return written
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
