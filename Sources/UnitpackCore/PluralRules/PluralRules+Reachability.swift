extension PluralRules {
    /// Numbers a reader writes: every integer 0 to 1000, the round numbers
    /// d·10^k up to 9e17 (French and Spanish `many` is a multiple of a
    /// million, nothing below), and decimals up to 100 with one and with two
    /// fraction digits (`v` and `f` rules). A category none of them selects is
    /// a rule mistake: its names are written but never shown (E705).
    static let reachabilityProbes: [PluralOperands] = {
        var texts = (0...1000).map(String.init)
        var power = "000"
        for _ in 3...17 {
            texts += (1...9).map { "\($0)" + power }
            power += "0"
        }
        for hundredths in 0...10_000 {
            let whole = hundredths / 100, fraction = hundredths % 100
            texts.append("\(whole)." + (fraction < 10 ? "0" : "") + "\(fraction)")
            if fraction % 10 == 0 { texts.append("\(whole).\(fraction / 10)") }
        }
        return texts.compactMap { PluralOperands($0) }
    }()

    /// The categories some probe selects; `other` included when one falls through.
    func reachedCategories() -> Set<PluralCategory> {
        var reached: Set<PluralCategory> = []
        let all = Set(categories)
        for operands in Self.reachabilityProbes {
            reached.insert(category(for: operands))
            if reached == all { break }
        }
        return reached
    }
}
