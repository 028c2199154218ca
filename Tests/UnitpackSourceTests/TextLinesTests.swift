import Testing
import UnitpackCore

@testable import UnitpackSource

/// `TextLines` reads bytes, and gives what reading Characters gave where a
/// space or `#` and a combining mark after it make one Character.
@Suite struct TextLinesTests {
    func lines(_ text: String) -> TextLines { TextLines(bytes: Array(text.utf8), path: "f.tsv") }

    @Test func fieldsAreTrimmedAndLocatedInScalars() {
        let read = lines("# a comment\n\n  \t \nмЕтр\t  метры \t\tx\n")
        #expect(read.lines.count == 1)
        let line = read.lines[0]
        #expect(line.number == 4)
        #expect(line.fields.map(\.text) == ["мЕтр", "метры", "", "x"])
        #expect(line.fields.map(\.location.column) == [1, 8, 15, 16])
    }

    /// A space before a combining mark is the mark's Character, not a space.
    @Test func aSpaceBeforeACombiningMarkStays() {
        let line = lines("a\t \u{301}b \t\n").lines[0]
        #expect(line.fields[1].text == " \u{301}b")
        #expect(line.fields[1].location.column == 3)
    }

    /// A prepended mark (U+0600) takes the space after it into its Character.
    @Test func aSpaceAfterAPrependedMarkStays() {
        let line = lines("a\tb\u{600} \n").lines[0]
        #expect(line.fields[1].text == "b\u{600} ")
    }

    /// `#` and a combining keycap are no comment; a space and a mark make a line that is not blank.
    @Test func aHashWithAMarkIsNoComment() {
        #expect(lines("#\u{20E3}\tx\n").lines.count == 1)
        #expect(lines(" #\tx\n").lines.isEmpty)
        #expect(lines("  \u{301}\n").lines.count == 1)
        #expect(lines("\t\t \n").lines.isEmpty)
    }

    @Test func controlsAreFoundAtTheirScalar() {
        let read = lines("ж\u{85}\tx\nok\u{2028}\n")
        let columns = read.diagnostics.filter { $0.code == .controlCharacter }.map(\.location.column)
        #expect(columns == [2, 3])
    }

    @Test func lineEndsAreReportedOnce() {
        let read = lines("a\r\nb\r\nc\rd\n")
        #expect(read.lines.map { $0.fields[0].text } == ["a", "b", "c", "d"])
        #expect(read.diagnostics.map(\.code) == [.crlfLineEndings, .crLineEndings])
        #expect(read.diagnostics.map(\.location.column) == [2, 2])
    }
}
