import Testing
import UnitpackTestSupport
import UnitpackCore

@Suite struct PluralRulesTests {
    static let russian = """
        # CLDR 41, plurals.xml, locales="ru uk"
        one: v = 0 and i % 10 = 1 and i % 100 != 11 @integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, …
        few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14 @integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, …
        many: v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14 @integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …
        other: @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …
        """

    func rules(_ text: String) throws -> PluralRules {
        let (rules, diagnostics) = PluralRules.parse(text, path: "plurals.txt")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.rendered))")
        return try #require(rules)
    }

    func findings(_ text: String) -> [String] {
        PluralRules.parse(text, path: "p.txt").diagnostics.map { "\($0.location) \($0.code.rawValue) \($0.message)" }
    }

    @Test(arguments: [
        ("1", "one"), ("2", "few"), ("5", "many"), ("21", "one"), ("11", "many"), ("12", "many"), ("22", "few"),
        ("111", "many"), ("0", "many"), ("1.5", "other"), ("1.0", "other"), ("1000000", "many"),
        ("10000000000000000000000001", "one"), ("10000000000000000000000012", "many"),
    ])
    func russianCategories(number: String, expected: String) throws {
        #expect(try rules(Self.russian).category(for: number)?.rawValue == expected)
    }

    @Test func operandsFollowTheVisibleDigits() throws {
        let english = try rules("one: i = 1 and v = 0 @integer 1\nother: @integer 0, 2~16 @decimal 0.0~1.5")
        #expect(english.category(for: "1") == .one)
        #expect(english.category(for: "1.0") == .other)
        #expect(english.category(for: "-1") == .one)

        let operands = try #require(PluralOperands("1.50"))
        #expect(operands.v == 2 && operands.w == 1 && !operands.isInteger)
        let probe = try rules("one: f = 50 and t = 5 and w = 1 and v = 2 and i = 1 and n within 1..2 @decimal 1.50\nother:")
        #expect(probe.category(for: operands) == .one)
    }

    @Test func nWithAFractionIsNotInAnIntegerRangeButIsWithinIt() throws {
        let rules = try rules("one: n = 0..2\nfew: n within 0..3\nother:")
        #expect(rules.category(for: "2.0") == .one)
        #expect(rules.category(for: "1.5") == .few)
        #expect(rules.category(for: "3.0") == .few)
        #expect(rules.category(for: "3.5") == .other)
        #expect(try self.rules("one: n % 10 = 3 \nother:").category(for: "13.0") == .one)
        #expect(try self.rules("one: n % 10 = 3 \nother:").category(for: "13.5") == .other)
    }

    @Test func compactExponent() throws {
        let french = try rules("""
            one: i = 0,1 @integer 0, 1 @decimal 0.0~1.5
            many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5 @integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …
            other: @integer 2~17, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 2.0~3.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 1.0001c3, 2.0001c3, 3.0001c3, 4.0001c3, 5.0001c3, 6.0001c3, …
            """)
        #expect(french.category(for: "1.2c3") == .other)
        #expect(french.category(for: "1.2c6") == .many)
        let operands = try #require(PluralOperands("1.0000001c6"))
        #expect(operands.exponent == 6 && operands.v == 1 && operands.description == "1000000.1 (c6)")
    }

    @Test func isNotInAndModAreAccepted() throws {
        let rules = try rules("one: n is 1 or n mod 100 is not 5 and n not in 10..20\nother:")
        #expect(rules.category(for: "1") == .one)
        #expect(rules.category(for: "105") == .other)
        #expect(rules.category(for: "15") == .other)
        #expect(rules.category(for: "7") == .one)
    }

    @Test func canonicalTextRoundTrips() throws {
        let russian = try rules(Self.russian)
        #expect(russian.canonicalText == """
            one: v = 0 and i % 10 = 1 and i % 100 != 11
            few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14
            many: v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14
            other:
            """)
        #expect(try PluralRules(canonicalText: russian.canonicalText) == russian)
        #expect(russian.categories == [.one, .few, .many, .other])
        #expect(throws: PluralRulesError.self) { try PluralRules(canonicalText: "one: i = \nother:") }
    }

    @Test func syntaxErrorsAreLocatedAtTheirColumn() {
        #expect(findings("one: i = 1 annd v = 0\nother:")
                == ["p.txt:1:12 E701 expected 'and', 'or' or the samples, found 'annd'"])
        #expect(findings("one: q = 1\nother:") == ["p.txt:1:6 E701 expected an operand (n, i, v, w, f, t, c, e), found 'q'"])
        #expect(findings("\n\none: i = 4..2\nother:") == ["p.txt:3:13 E701 the range 4..2 is empty"])
        #expect(findings("one: i = 1 $\nother:").first?.hasPrefix("p.txt:1:12 E701 unexpected '$'") == true)
        #expect(findings("one i = 1\nother:") == ["p.txt:1:5 E701 expected 'category: condition'"])
        #expect(findings("one:\nother:") == ["p.txt:1:5 E701 'one' has no condition"])
        #expect(findings("one: i = 1 @integer 1.5\nother:") == ["p.txt:1:22 E701 an '@integer' sample has no fraction digits"])
        #expect(findings("one: i = 1 @decimal 1.0 @integer 1\nother:")
                == ["p.txt:1:25 E701 '@integer' samples come before '@decimal' samples"])
    }

    @Test func samplesInTheWrongCategoryAreReported() {
        #expect(findings("one: i = 1 and v = 0 @integer 1, 2, 21\nother: @integer 3~5, 1 @decimal 0.0~1.5")
                == ["p.txt:1:34 E702 sample '2' is listed under 'one' but the rules make it 'other'",
                    "p.txt:1:37 E702 sample '21' is listed under 'one' but the rules make it 'other'",
                    "p.txt:2:22 E702 sample '1' is listed under 'other' but the rules make it 'one'"])
        #expect(findings("one: n = 0..1 @decimal 0.0~1.5\nother:")
                == ["p.txt:1:24 E702 sample '0.1' (of 0.0~1.5) is listed under 'one' but the rules make it 'other'"])
    }

    @Test func theCategorySetIsChecked() {
        #expect(findings("one: i = 1") == ["p.txt:1:1 E703 there is no 'other' rule"])
        #expect(findings("several: i = 1\nother:") == ["p.txt:1:1 E703 'several' is not a plural category"])
        #expect(findings("one: i = 1\none: i = 2\nother:") == ["p.txt:2:1 E703 'one' has two rules"])
        #expect(findings("one: i = 1\nother: i = 2") == ["p.txt:2:1 E703 'other' takes no condition: it is what no other rule matches"])
        #expect(findings("") == ["p.txt:1:1 E703 there is no 'other' rule"])
    }

    @Test func largeSampleRangesAreCheckedByStride() {
        #expect(findings("one: i = 5..100000 @integer 5~100000\nother: @integer 0~4").isEmpty)
        #expect(findings("one: i = 5..99999 @integer 5~100000\nother: @integer 0~4")
                == ["p.txt:1:28 E702 sample '100000' (of 5~100000) is listed under 'one' but the rules make it 'other'"])
    }

    /// Seeded random edits of a real rule file: the parser never crashes,
    /// and every finding is a plural code at a column inside its line.
    @Test func randomEditsGiveLocatedFindingsNeverACrash() {
        var generator = SeededGenerator(seed: UInt64(0x5EED_2026))
        func next(_ bound: Int) -> Int {
            let state = generator.next()
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array("nivwftce=!%.,~@ 0123456789andorisnotinwithin:…\t#")
        for _ in 0..<2000 {
            var scalars = Array(Self.russian)
            for _ in 0..<(1 + next(4)) {
                let at = next(scalars.count)
                switch next(3) {
                case 0: scalars.remove(at: at)
                case 1: scalars.insert(alphabet[next(alphabet.count)], at: at)
                default: scalars[at] = alphabet[next(alphabet.count)]
                }
            }
            let text = String(scalars)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let (rules, diagnostics) = PluralRules.parse(text, path: "p.txt")
            #expect(rules != nil || !diagnostics.isEmpty, "\(text)")
            for diagnostic in diagnostics {
                // E705: an edit can leave a category that no number selects.
                #expect(["E701", "E702", "E703", "E705"].contains(diagnostic.code.rawValue))
                let line = lines[diagnostic.location.line - 1]
                #expect(diagnostic.location.column <= line.unicodeScalars.count + 1, "\(diagnostic.rendered)")
            }
        }
    }
}

/// `soleNumber(of:)`: the categories whose form states a count by itself.
@Suite struct PluralSoleNumberTests {
    static let arabic = """
        zero: n = 0 @integer 0
        one: n = 1 @integer 1
        two: n = 2 @integer 2
        few: n % 100 = 3..10 @integer 3~10, 103~110
        many: n % 100 = 11..99 @integer 11~26, 111
        other: @integer 100~102, 200~202
        """

    @Test func arabicTwoAndZeroStateTheirNumber() throws {
        let rules = try #require(PluralRules.parse(Self.arabic, path: "ar").rules)
        #expect(rules.soleNumber(of: .two) == 2)
        #expect(rules.soleNumber(of: .zero) == 0)
        // `one` and `other` name a unit alone (`mile`): never a count.
        #expect(rules.soleNumber(of: .one) == nil)
        #expect(rules.soleNumber(of: .other) == nil)
        #expect(rules.soleNumber(of: .few) == nil)
        #expect(rules.soleNumber(of: .many) == nil)
    }

    @Test func russianCategoriesStateNone() throws {
        let rules = try #require(PluralRules.parse(PluralRulesTests.russian, path: "ru").rules)
        for category in PluralCategory.allCases { #expect(rules.soleNumber(of: category) == nil, "\(category)") }
    }
}
