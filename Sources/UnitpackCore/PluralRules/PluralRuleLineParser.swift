/// Parses one line of plural rules (`category: condition samples`); its findings collect in `diagnostics`.
struct PluralRuleLineParser {
    let scalars: [Unicode.Scalar]
    var position: Int
    let path: String
    let line: Int
    var diagnostics: [Diagnostic] = []

    /// Bounds and moduli are at most this, so that remainders never overflow.
    static let maxNumber: UInt64 = 1_000_000_000_000_000_000

    init(scalars: [Unicode.Scalar], position: Int, path: String, line: Int) {
        self.scalars = scalars
        self.position = position
        self.path = path
        self.line = line
    }

    private struct Failure: Error {}

    private func location(_ index: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: index + 1)
    }

    private mutating func fail(_ message: String, at index: Int, hint: String? = nil) -> Failure {
        diagnostics.append(Diagnostic(.pluralRuleSyntax, message, at: location(index), hint: hint))
        return Failure()
    }

    mutating func parseLine() -> (rule: PluralRules.Rule?, name: String, location: SourceLocation, samples: [SampleList])? {
        let nameStart = position
        while position < scalars.count, scalars[position].properties.isAlphabetic { position += 1 }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<position]))
        skipSpaces()
        guard !name.isEmpty, position < scalars.count, scalars[position] == ":" else {
            _ = fail("expected 'category: condition'", at: position == nameStart ? nameStart : position,
                     hint: "a rule line is a category, a colon, the condition and its samples: 'one: i = 1 and v = 0 @integer 1'")
            return nil
        }
        position += 1
        let nameLocation = location(nameStart)
        do {
            let condition = try parseCondition()
            let samples = try parseSamples()
            let category = PluralCategory(rawValue: name)
            if condition.isEmpty, category != .other, category != nil {
                throw fail("'\(name)' has no condition", at: position,
                           hint: "only 'other' has no condition; write when '\(name)' applies, e.g. 'i = 1 and v = 0'")
            }
            return (category.map { PluralRules.Rule(category: $0, condition: condition) }, name, nameLocation, samples)
        } catch {
            return (nil, name, nameLocation, [])
        }
    }

    // MARK: Condition

    private enum Token: Equatable {
        case word(String), number(UInt64), equals, notEquals, percent, dots, comma, end
    }

    private mutating func skipSpaces() {
        while position < scalars.count, scalars[position] == " " || scalars[position] == "\t" { position += 1 }
    }

    /// The next token and where it starts, without consuming it.
    private mutating func peek() throws(Failure) -> (Token, Int, Int) {
        skipSpaces()
        let start = position
        guard start < scalars.count, scalars[start] != "@" else { return (.end, start, start) }
        let scalar = scalars[start]
        func next(_ offset: Int) -> Unicode.Scalar? { start + offset < scalars.count ? scalars[start + offset] : nil }
        switch scalar {
        case "=": return (.equals, start, start + 1)
        case "%": return (.percent, start, start + 1)
        case ",": return (.comma, start, start + 1)
        case "!" where next(1) == "=": return (.notEquals, start, start + 2)
        case "." where next(1) == ".": return (.dots, start, start + 2)
        case "0"..."9":
            var end = start
            var value: UInt64 = 0
            while end < scalars.count, ("0"..."9").contains(scalars[end]) {
                value = value * 10 + UInt64(scalars[end].value - 48)
                end += 1
                if value > Self.maxNumber { throw fail("the number is too large (at most 10^18)", at: start) }
            }
            return (.number(value), start, end)
        case "a"..."z":
            var end = start
            while end < scalars.count, ("a"..."z").contains(scalars[end]) { end += 1 }
            return (.word(String(String.UnicodeScalarView(scalars[start..<end]))), start, end)
        default:
            throw fail("unexpected '\(scalar.escaped(asASCII: false))'", at: start,
                       hint: "a condition uses operands n i v w f t e, '%', '=', '!=', '..', ',', 'and', 'or'")
        }
    }

    private mutating func take() throws(Failure) -> (Token, Int) {
        let (token, start, end) = try peek()
        position = end
        return (token, start)
    }

    private mutating func takeComma() throws(Failure) -> Bool {
        let (token, _, end) = try peek()
        guard token == .comma else { return false }
        position = end
        return true
    }

    private mutating func takeWord(_ word: String) throws(Failure) -> Bool {
        let (token, _, end) = try peek()
        guard token == .word(word) else { return false }
        position = end
        return true
    }

    private mutating func parseCondition() throws(Failure) -> [[PluralRules.Relation]] {
        guard try peek().0 != .end else { return [] }
        var alternatives: [[PluralRules.Relation]] = []
        repeat {
            var conjunction: [PluralRules.Relation] = []
            repeat {
                conjunction.append(try parseRelation())
            } while try takeWord("and")
            alternatives.append(conjunction)
        } while try takeWord("or")
        let (token, start, _) = try peek()
        if token != .end {
            throw fail("expected 'and', 'or' or the samples, found \(describe(token))", at: start)
        }
        return alternatives
    }

    private mutating func parseRelation() throws(Failure) -> PluralRules.Relation {
        let (token, start) = try take()
        guard case .word(let name) = token, let operand = PluralRules.Operand(rawValue: name) else {
            throw fail("expected an operand (n, i, v, w, f, t, c, e), found \(describe(token))", at: start)
        }
        var modulus: UInt64?
        var hasModulus = try takeWord("mod")
        if !hasModulus, try peek().0 == .percent {
            _ = try take()
            hasModulus = true
        }
        if hasModulus {
            let (token, start) = try take()
            guard case .number(let value) = token, value > 0 else {
                throw fail("expected a modulus (a positive integer), found \(describe(token))", at: start)
            }
            modulus = value
        }
        let (op, opStart) = try take()
        var kind = PluralRules.Relation.Kind.in
        var negated = false
        switch op {
        case .equals: break
        case .notEquals: negated = true
        case .word("is"):
            negated = try takeWord("not")
            let (token, start) = try take()
            guard case .number(let value) = token else { throw fail("expected a number after 'is', found \(describe(token))", at: start) }
            return .init(operand: operand, modulus: modulus, kind: .in, negated: negated, ranges: [value...value])
        case .word("not"):
            negated = true
            let (token, start) = try take()
            switch token {
            case .word("in"): break
            case .word("within"): kind = .within
            default: throw fail("expected 'in' or 'within' after 'not', found \(describe(token))", at: start)
            }
        case .word("in"): break
        case .word("within"): kind = .within
        default:
            throw fail("expected '=', '!=', 'is', 'in' or 'within', found \(describe(op))", at: opStart)
        }
        var ranges: [ClosedRange<UInt64>] = []
        repeat {
            let (token, start) = try take()
            guard case .number(let low) = token else {
                throw fail("expected a number or a range such as 2..4, found \(describe(token))", at: start)
            }
            var high = low
            if try peek().0 == .dots {
                _ = try take()
                let (token, start) = try take()
                guard case .number(let value) = token else {
                    throw fail("expected the end of the range, found \(describe(token))", at: start)
                }
                guard value >= low else { throw fail("the range \(low)..\(value) is empty", at: start) }
                high = value
            }
            ranges.append(low...high)
        } while try takeComma()
        return .init(operand: operand, modulus: modulus, kind: kind, negated: negated, ranges: ranges)
    }

    private func describe(_ token: Token) -> String {
        switch token {
        case .word(let word): "'\(word)'"
        case .number(let value): "'\(value)'"
        case .equals: "'='"
        case .notEquals: "'!='"
        case .percent: "'%'"
        case .dots: "'..'"
        case .comma: "','"
        case .end: position < scalars.count ? "the samples" : "the end of the line"
        }
    }

    // MARK: Samples

    private mutating func parseSamples() throws(Failure) -> [SampleList] {
        var lists: [SampleList] = []
        var seen: Set<String> = []
        skipSpaces()
        while position < scalars.count {
            let start = position
            guard scalars[position] == "@" else { throw fail("expected '@integer' or '@decimal'", at: start) }
            position += 1
            let wordStart = position
            while position < scalars.count, ("a"..."z").contains(scalars[position]) { position += 1 }
            let word = String(String.UnicodeScalarView(scalars[wordStart..<position]))
            guard word == "integer" || word == "decimal" else {
                throw fail("unknown sample kind '@\(word)'", at: start, hint: "samples follow '@integer' or '@decimal'")
            }
            guard seen.insert(word).inserted else { throw fail("'@\(word)' is given twice", at: start) }
            if word == "integer", seen.contains("decimal") {
                throw fail("'@integer' samples come before '@decimal' samples", at: start)
            }
            lists.append(try parseSampleList(integer: word == "integer"))
            skipSpaces()
        }
        return lists
    }

    private mutating func parseSampleList(integer: Bool) throws(Failure) -> SampleList {
        var items: [SampleList.Item] = []
        while true {
            skipSpaces()
            let start = position
            if position < scalars.count, scalars[position] == "…" {
                position += 1
                break
            }
            if position + 2 < scalars.count, scalars[position] == ".", scalars[position + 1] == ".",
               scalars[position + 2] == "." {
                position += 3
                break
            }
            let first = try parseSampleValue(integer: integer)
            var last: String?
            skipSpaces()
            if position < scalars.count, scalars[position] == "~" {
                position += 1
                skipSpaces()
                let endStart = position
                let value = try parseSampleValue(integer: integer)
                guard !first.contains("c"), !value.contains("c") else {
                    throw fail("a sample range cannot use an exponent", at: endStart)
                }
                guard SampleList.Item.scaled(first).1 == SampleList.Item.scaled(value).1 else {
                    throw fail("both ends of '\(first)~\(value)' must have the same number of fraction digits", at: endStart)
                }
                guard let low = SampleList.Item.scaled(first).0, let high = SampleList.Item.scaled(value).0, low <= high
                else { throw fail("the sample range '\(first)~\(value)' is empty", at: endStart) }
                last = value
            }
            items.append(.init(first: first, last: last, location: location(start)))
            skipSpaces()
            guard position < scalars.count, scalars[position] == "," else { break }
            position += 1
        }
        skipSpaces()
        if position < scalars.count, scalars[position] != "@" {
            throw fail("expected ',' or the next '@integer'/'@decimal'", at: position)
        }
        return SampleList(items: items)
    }

    /// `15`, `1.50`, `1.2c3`: digits, an optional fraction, an optional exponent.
    private mutating func parseSampleValue(integer: Bool) throws(Failure) -> String {
        let start = position
        func digits() -> Int {
            let from = position
            while position < scalars.count, ("0"..."9").contains(scalars[position]) { position += 1 }
            return position - from
        }
        guard digits() > 0 else { throw fail("expected a sample number", at: start) }
        if position < scalars.count, scalars[position] == "." {
            if integer { throw fail("an '@integer' sample has no fraction digits", at: position) }
            position += 1
            guard digits() > 0 else { throw fail("expected fraction digits", at: position) }
        }
        if position < scalars.count, scalars[position] == "c" || scalars[position] == "e" {
            position += 1
            guard digits() > 0 else { throw fail("expected the exponent's digits", at: position) }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        guard text.count <= 40, PluralOperands(text) != nil else { throw fail("the sample '\(text)' is not a number this reader takes", at: start) }
        return text
    }
}
