extension PluralRules {
    /// The most whole numbers a category is tried on: beyond every period of
    /// CLDR's rules for integers (`n % 100`), so that a category seen to hold
    /// one number below it holds no other.
    public static let countSample = 200

    /// The one whole number `category` holds, when it holds exactly one and
    /// is neither `one` nor `other` (the forms a unit is named by alone:
    /// `mile`, `ميل` state nothing): Arabic `two` is 2, so its dual `ميلان`
    /// and `ميلين` say "two miles" without a number. Nil otherwise.
    public func soleNumber(of category: PluralCategory) -> Int? {
        guard category != .one, category != .other else { return nil }
        var found: Int?
        for number in 0..<Self.countSample where self.category(for: String(number)) == category {
            guard found == nil else { return nil }
            found = number
        }
        return found
    }
}
