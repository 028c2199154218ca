extension UnitExpression {
    /// Reads `text` (grammar in docs/expressions.md): products (`*`, `·`,
    /// a space, `times`), quotients (`/`, `per`, `на`), powers (`^2`, `**2`,
    /// `²`, `⁻¹`, `square`, `squared`), parentheses and positive numbers.
    /// Words joined by spaces or hyphens are split into the fewest names
    /// `resolve` knows (`pound-force feet` is `pound-force` and `feet`;
    /// `метр-кельвин` is `метр` and `кельвин`), longest first.
    ///
    /// `*`, `/` and their words bind left to right; a space binds tighter
    /// than either, so `W/m K` and `watt per meter kelvin` are W/(m·K), and
    /// `L/100 km` is L/(100 km). A power word before a name raises the unit
    /// after it, one after a name (or a written power) the unit before it.
    ///
    /// - Complexity: linear in the text: each token is read once and a run of
    ///   n words asks `resolve` at most n × `namePieceLimit` times.
    public static func parse(
        _ text: String, words: ExpressionWords = .none, resolve: (String) -> Atom?
    ) throws(UnitExpressionError) -> UnitExpression {
        let scalars = Array(text.unicodeScalars)
        let tokens = try ExpressionLexer.tokens(scalars)
        guard !tokens.isEmpty else { throw UnitExpressionError(.empty, at: 0..<scalars.count) }
        let result: Result<[Term], UnitExpressionError> = withoutActuallyEscaping(resolve) { resolve in
            var parser = ExpressionParser<Atom>(tokens: tokens, words: words, resolve: resolve)
            do throws(UnitExpressionError) {
                let terms = try parser.expression(depth: 0)
                if parser.index < tokens.count {
                    let token = tokens[parser.index]
                    throw UnitExpressionError(
                        token.kind == ExpressionToken.Kind.close ? .unbalancedParenthesis : .missingOperand(token.text(scalars)),
                        at: token.range)
                }
                return .success(terms)
            } catch {
                return .failure(error)
            }
        }
        return UnitExpression(terms: try result.get())
    }
}

extension ExpressionToken {
    func text(_ scalars: [Unicode.Scalar]) -> String { String(String.UnicodeScalarView(scalars[range])) }
}

struct ExpressionParser<Atom: Hashable & Sendable> {
    typealias Term = UnitExpression<Atom>.Term
    typealias G = UnitExpressionGrammar

    let tokens: [ExpressionToken]
    let words: ExpressionWords
    let resolve: (String) -> Atom?
    var index = 0
    var termCount = 0

    init(tokens: [ExpressionToken], words: ExpressionWords, resolve: @escaping (String) -> Atom?) {
        self.tokens = tokens
        self.words = words
        self.resolve = resolve
    }

    /// What an operator word at `index` is, and how many tokens it spans.
    enum WordRole { case per, times, powerBefore(Int), powerAfter(Int) }

    func role(at position: Int) -> (role: WordRole, length: Int)? {
        guard !words.isEmpty, position < tokens.count, case .word(let first) = tokens[position].kind,
            !touchesSymbol(position)
        else { return nil }
        let folded = TextFolding.fold(first)
        if position + 1 < tokens.count, tokens[position + 1].spaceBefore, case .word(let second) = tokens[position + 1].kind {
            if let role = role(of: folded + " " + TextFolding.fold(second)) { return (role, 2) }
        }
        return role(of: folded).map { ($0, 1) }
    }

    /// Whether the word is written against an operator, a parenthesis or a
    /// power (`В·А`: the volt, not the Russian `в`): such a word is a unit's
    /// symbol, never an operator word.
    private func touchesSymbol(_ position: Int) -> Bool {
        func isSymbol(_ token: ExpressionToken) -> Bool {
            if case .word = token.kind { return false }
            if case .number = token.kind { return false }
            return true
        }
        if position > 0, !tokens[position].spaceBefore, isSymbol(tokens[position - 1]) { return true }
        if position + 1 < tokens.count, !tokens[position + 1].spaceBefore, isSymbol(tokens[position + 1]) { return true }
        return false
    }

    private func role(of folded: String) -> WordRole? {
        if words.per.contains(folded) { return .per }
        if words.times.contains(folded) { return .times }
        if let power = words.powerBefore[folded] { return .powerBefore(power) }
        if let power = words.powerAfter[folded] { return .powerAfter(power) }
        return nil
    }

    mutating func expression(depth: Int) throws(UnitExpressionError) -> [Term] {
        guard depth <= G.depthLimit else { throw UnitExpressionError(.tooDeep, at: tokens[max(index - 1, 0)].range) }
        var terms = try group(depth: depth)
        while index < tokens.count {
            let token = tokens[index]
            var divides: Bool
            var length = 1
            switch token.kind {
            case .times: divides = false
            case .per: divides = true
            default:
                guard let (role, span) = role(at: index) else { return terms }
                switch role {
                case .per: divides = true
                case .times: divides = false
                default: return terms
                }
                length = span
            }
            let operatorRange = token.range.lowerBound..<tokens[index + length - 1].range.upperBound
            index += length
            guard index < tokens.count, startsGroup(index) else {
                throw UnitExpressionError(.missingOperand(operatorName(token)), at: operatorRange)
            }
            var next = try group(depth: depth)
            if divides { for i in next.indices { next[i].power = -next[i].power } }
            terms += next
        }
        return terms
    }

    private func operatorName(_ token: ExpressionToken) -> String {
        switch token.kind {
        case .times: "*"
        case .per: "/"
        case .word(let word): word
        default: "?"
        }
    }

    /// Whether a group can start at `position`: a name, a number, `(` or a power word before a name.
    private func startsGroup(_ position: Int) -> Bool {
        switch tokens[position].kind {
        case .number, .open: return true
        case .word:
            guard let (role, _) = role(at: position) else { return true }
            if case .powerBefore = role { return true }
            return false
        default: return false
        }
    }

    /// Factors joined by spaces: `100 km`, `kg m^2`, `square meter kelvin`.
    mutating func group(depth: Int) throws(UnitExpressionError) -> [Term] {
        var terms: [Term] = []
        while index < tokens.count {
            var before: (power: Int, range: Range<Int>)?
            if let (role, length) = role(at: index), case .powerBefore(let power) = role {
                before = (power, tokens[index].range.lowerBound..<tokens[index + length - 1].range.upperBound)
                index += length
                guard index < tokens.count else {
                    throw UnitExpressionError(.danglingPower(word(at: index - length)), at: before!.range)
                }
            }
            var primary: [Term]
            let token = tokens[index]
            switch token.kind {
            case .number(let value):
                index += 1
                primary = [Term(factor: .number(value), power: 1, range: token.range)]
            case .open:
                index += 1
                primary = try expression(depth: depth + 1)
                guard index < tokens.count, tokens[index].kind == .close else {
                    throw UnitExpressionError(.unbalancedParenthesis, at: token.range)
                }
                index += 1
            case .word where role(at: index) == nil:
                primary = try run()
            case .power:
                throw UnitExpressionError(.danglingPower(terms.isEmpty ? "^" : "^"), at: token.range)
            default:
                if let before {
                    throw UnitExpressionError(.danglingPower(word(at: index - 1)), at: before.range)
                }
                guard !terms.isEmpty else {
                    if case .word = token.kind {
                        throw UnitExpressionError(.missingOperand(word(at: index)), at: token.range)
                    }
                    throw UnitExpressionError(
                        token.kind == .close ? .unbalancedParenthesis : .missingOperand(operatorName(token)), at: token.range)
                }
                return terms
            }
            if let before {
                try raise(&primary[0], by: before.power)
            }
            // Powers after: `^2`, `²`, `squared`; on a parenthesis, every term in it.
            while index < tokens.count {
                var power: Int
                if case .power(let p) = tokens[index].kind {
                    power = p
                    index += 1
                } else if let (role, length) = role(at: index), case .powerAfter(let p) = role {
                    power = p
                    index += length
                } else {
                    break
                }
                if token.kind == .open {
                    for i in primary.indices { try raise(&primary[i], by: power) }
                } else {
                    try raise(&primary[primary.count - 1], by: power)
                }
            }
            terms += primary
            termCount += primary.count
            guard termCount <= G.termLimit else { throw UnitExpressionError(.tooManyTerms, at: token.range) }
        }
        return terms
    }

    private func word(at position: Int) -> String {
        if case .word(let word) = tokens[position].kind { return word }
        return ""
    }

    private func raise(_ term: inout Term, by power: Int) throws(UnitExpressionError) {
        let result = term.power * power
        guard abs(result) <= G.powerLimit else {
            throw UnitExpressionError(.badPower(String(result)), at: term.range)
        }
        term.power = result
    }

    /// One piece of a run: a word, or a part of a hyphenated word.
    struct Piece {
        var text: String
        var range: Range<Int>
        /// What joins it to the piece before: "" (first), " " or "-".
        var separator: String
    }

    /// Consecutive words that are not operator words, split into the fewest
    /// names `resolve` knows, the first as long as possible.
    mutating func run() throws(UnitExpressionError) -> [Term] {
        var pieces: [Piece] = []
        while index < tokens.count, case .word(let word) = tokens[index].kind, role(at: index) == nil {
            let range = tokens[index].range
            let separator = pieces.isEmpty ? "" : " "
            let parts = word.split(separator: "-", omittingEmptySubsequences: false)
            if parts.count > 1, !parts.contains(where: \.isEmpty) {
                var offset = range.lowerBound
                for (n, part) in parts.enumerated() {
                    let length = part.unicodeScalars.count
                    pieces.append(Piece(text: String(part), range: offset..<(offset + length), separator: n == 0 ? separator : "-"))
                    offset += length + 1
                }
            } else {
                pieces.append(Piece(text: word, range: range, separator: separator))
            }
            index += 1
            if pieces.count > G.termLimit * G.namePieceLimit {
                throw UnitExpressionError(.tooManyTerms, at: range)
            }
        }
        let n = pieces.count
        // No name starts at a piece that begins with a digit (`2x` of
        // `N-2x`): written at a token's start, as the canonical text writes
        // a name, it would read as the number 2 and a name. Such a piece is
        // the end of a name that starts before it, or nothing reads.
        let mayStart = pieces.map { piece in piece.text.unicodeScalars.first.map { !G.isDigit($0) } ?? true }
        // best[i]: the fewest names covering pieces i..<n, and where the first ends.
        var best = [(count: Int, end: Int, atom: Atom?)](repeating: (Int.max, 0, nil), count: n + 1)
        best[n] = (0, n, nil)
        for start in stride(from: n - 1, through: 0, by: -1) where mayStart[start] {
            var text = ""
            for end in (start + 1)...min(n, start + G.namePieceLimit) {
                text += (end - 1 == start ? "" : pieces[end - 1].separator) + pieces[end - 1].text
                guard best[end].count != Int.max, let atom = resolve(text) else { continue }
                // Ties go to the longer first name: `end` grows, so `<=`.
                if best[end].count + 1 <= best[start].count {
                    best[start] = (best[end].count + 1, end, atom)
                }
            }
        }
        guard best[0].count != Int.max else {
            // Point at the first piece no split can start from.
            var start = 0
            var reachable = [Bool](repeating: false, count: n + 1)
            reachable[0] = true
            for i in 0..<n where reachable[i] && mayStart[i] {
                var text = ""
                for end in (i + 1)...min(n, i + G.namePieceLimit) {
                    text += (end - 1 == i ? "" : pieces[end - 1].separator) + pieces[end - 1].text
                    if resolve(text) != nil { reachable[end] = true }
                }
            }
            start = (0..<n).last(where: { reachable[$0] }) ?? 0
            let missing = pieces[start...].enumerated().map { $0.offset == 0 ? $0.element.text : $0.element.separator + $0.element.text }.joined()
            throw UnitExpressionError(.unknownUnit(missing), at: pieces[start].range.lowerBound..<pieces[n - 1].range.upperBound)
        }
        var terms: [Term] = []
        var start = 0
        while start < n {
            let (_, end, atom) = best[start]
            terms.append(Term(factor: .atom(atom!), power: 1, range: pieces[start].range.lowerBound..<pieces[end - 1].range.upperBound))
            start = end
        }
        return terms
    }
}
