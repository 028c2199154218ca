import Testing
import UnitpackTestSupport

@testable import UnitpackPhrases

/// The lookup memo's table (`SpanTable`) answers as a Dictionary by span
/// would: the latest value of a span, nil for a span never kept.
@Suite struct SpanTableTests {
    @Test func answersAsADictionaryWould() {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        for _ in 0..<50 {
            var table = SpanTable<Int?>()
            var model: [Phrase.Span: Int?] = [:]
            // Spans of a phrase of up to 300 scalars, many sharing a start;
            // starts asked far past the last kept one too.
            let length = Int.random(in: 1...300, using: &random)
            for step in 0..<Int.random(in: 0...400, using: &random) {
                let start = Int.random(in: 0..<length, using: &random)
                let span = Phrase.Span(start: start, end: start + Int.random(in: 0...40, using: &random))
                let value: Int? = Bool.random(using: &random) ? step : nil
                table.insert(value, for: span)
                model[span] = .some(value)
            }
            for _ in 0..<400 {
                let start = Int.random(in: 0..<(2 * length), using: &random)
                let span = Phrase.Span(start: start, end: start + Int.random(in: 0...40, using: &random))
                #expect(table[span] == model[span], "seed \(seed): span \(span.start)..<\(span.end)")
            }
            for (span, value) in model {
                #expect(table[span] == value, "seed \(seed): kept span \(span.start)..<\(span.end)")
            }
        }
    }
}
