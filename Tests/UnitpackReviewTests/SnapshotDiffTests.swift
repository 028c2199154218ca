import Testing

@testable import UnitpackReview

@Suite struct SnapshotDiffTests {
    typealias Unit = DatabaseSnapshot.Unit

    func unit(_ id: Int, _ name: String, factor: Double? = 1, category: String = "length", ru few: String = "метра") -> Unit {
        Unit(
            id: id, category: category, name: name, symbols: [], factor: factor, toBase: nil, fromBase: nil, priority: 1,
            system: "metric", tier: 0, isInverse: false,
            words: [(language: "ru", words: .init(forms: [.init(form: "few", text: few)], symbols: [], synonyms: []))])
    }

    func snapshot(_ units: [Unit]) -> DatabaseSnapshot {
        DatabaseSnapshot(path: "x", formatVersion: 2, languages: [], categories: [], units: units)
    }

    @Test func aRenameKeepsItsIDWhenTheUnitIsTheSame() {
        let diff = SnapshotDiff(old: snapshot([unit(1, "metre")]), new: snapshot([unit(1, "meter")]))
        #expect(diff.changes == [.renamed(id: 1, oldKey: "length/metre", newKey: "length/meter")])
        #expect(!diff.hasViolations)
    }

    @Test func anIDGivenToAnotherDefinitionIsReused() {
        let diff = SnapshotDiff(old: snapshot([unit(1, "metre")]), new: snapshot([unit(1, "mile", factor: 1609.344)]))
        #expect(diff.violations == [.reusedID(id: 1, oldKey: "length/metre", newKey: "length/mile")])
        // A rename is also refused when the old name still exists under another id.
        let moved = SnapshotDiff(
            old: snapshot([unit(1, "a")]), new: snapshot([unit(1, "b"), unit(2, "a")]))
        #expect(moved.violations.contains(.reusedID(id: 1, oldKey: "length/a", newKey: "length/b")))
        #expect(moved.violations.contains(.changedID(key: "length/a", old: 1, new: 2)))
    }

    @Test func wordsAreComparedFormByForm() {
        let diff = SnapshotDiff(old: snapshot([unit(1, "meter")]), new: snapshot([unit(1, "meter", ru: "метров")]))
        #expect(diff.changes == [.changed(id: 1, key: "length/meter", field: "ru few", old: "метра", new: "метров")])
        #expect(diff.render() == "~ unit 1 length/meter: ru few \"метра\" -> \"метров\"\n0 added, 0 removed, 1 changed, 0 id errors\n")
    }

    @Test func relationsAreComparedByTheirKeys() {
        typealias Relation = DatabaseSnapshot.Relation
        let same = Relation(kind: "same", first: "rotation-speed", second: "frequency", factor: 1 / (2 * Double.pi))
        let also = Relation(kind: "also", first: "mass/ounce", second: "volume/US fluid ounce", factor: nil)
        let celsius = Relation(
            kind: "difference", first: "temperature/degree Celsius", second: "temperature-difference/degree Celsius (difference)",
            factor: nil)
        var old = snapshot([])
        old.relations = [also, same]
        var new = snapshot([])
        var changed = same
        changed.factor = 0.5
        new.relations = [celsius, changed]
        let diff = SnapshotDiff(old: old, new: new)
        #expect(
            diff.render() == """
                ~ relation difference temperature/degree Celsius -> temperature-difference/degree Celsius (difference): added
                ~ relation also mass/ounce -> volume/US fluid ounce: removed
                ~ relation same rotation-speed -> frequency: factor 0.15915494309189535 -> 0.5
                0 added, 0 removed, 3 changed, 0 id errors

                """)
        #expect(SnapshotDiff(old: old, new: old).changes.isEmpty)
        #expect(
            Dump.render(new).hasSuffix(
                """

                relations
                  difference temperature/degree Celsius -> temperature-difference/degree Celsius (difference)
                  same rotation-speed -> frequency, factor 0.5

                """))
    }

    /// compounds.tsv rows, by language, key and form: a changed pattern, an
    /// added and a removed row are changes of the language.
    @Test func compoundPatternsAreComparedByTheirKeys() {
        typealias Compound = DatabaseSnapshot.Compound
        var old = snapshot([])
        old.compounds = [
            Compound(language: "ru", key: "per", form: "-", pattern: "{0}/{1}"),
            Compound(language: "ru", key: "times", form: "-", pattern: "{0}⋅{1}"),
        ]
        var new = snapshot([])
        new.compounds = [
            Compound(language: "ru", key: "per", form: "-", pattern: "{0} на {1}"),
            Compound(language: "ru", key: "gender", form: "length/meter", pattern: "masculine"),
        ]
        let diff = SnapshotDiff(old: old, new: new)
        #expect(
            diff.changes == [
                .language(code: "ru", detail: "compound per -: '{0}/{1}' -> '{0} на {1}'"),
                .language(code: "ru", detail: "compound gender length/meter added: 'masculine'"),
                .language(code: "ru", detail: "compound times - removed"),
            ])
        #expect(old != new)
    }

    /// The `languages` columns past the separators (grouping, minus, the
    /// default patterns, the numbering system, latn regions, region
    /// separators) are each a change of the language, named with both
    /// values as the dump writes them; the dump shows a numbering system and
    /// region lists only where a language has them.
    @Test func theLanguagesNewerColumnsAreComparedAndDumped() {
        typealias Language = DatabaseSnapshot.Language
        let plain = Language(code: "ar", name: "العربية", complete: false, decimalSeparator: ".", groupSeparator: ",", pluralRules: "other:")
        var native = plain
        native.minusSign = "\u{200E}-"
        native.longPattern = "{0}\u{A0}{1}"
        native.nativeNumbering = "arab"
        native.nativeDigits = "٠١٢٣٤٥٦٧٨٩"
        native.nativeDecimal = "٫"
        native.nativeGroup = "٬"
        native.nativeMinus = "\u{61C}-"
        native.latnRegions = "MA TN"
        native.regionSeparators = "MA:,:."
        native.regionGrouping = "IN:3,2:1"
        var old = snapshot([]), new = snapshot([])
        old.languages = [plain]
        new.languages = [native]
        let diff = SnapshotDiff(old: old, new: new)
        #expect(
            diff.changes == [
                .language(code: "ar", detail: "minus changed: \"-\" -> \"\\u{200E}-\""),
                .language(code: "ar", detail: "long pattern changed: \"{0} {1}\" -> \"{0}\\u{A0}{1}\""),
                .language(
                    code: "ar",
                    detail: "numbering changed: latn -> numbering arab: digits \"٠١٢٣٤٥٦٧٨٩\", decimal \"٫\", group \"٬\", minus \"\\u{61C}-\""),
                .language(code: "ar", detail: "latn regions changed: none -> MA TN"),
                .language(code: "ar", detail: "region separators changed: \"\" -> \"MA:,:.\""),
                .language(code: "ar", detail: "region grouping changed: none -> IN:3,2:1"),
            ])
        #expect(Dump.details(plain) == ["grouping 3, 3, minimum 1, minus \"-\"", "patterns long \"{0} {1}\", short \"{0} {1}\""])
        #expect(
            Dump.details(native) == [
                "grouping 3, 3, minimum 1, minus \"\\u{200E}-\"", "patterns long \"{0}\\u{A0}{1}\", short \"{0} {1}\"",
                "numbering arab: digits \"٠١٢٣٤٥٦٧٨٩\", decimal \"٫\", group \"٬\", minus \"\\u{61C}-\"",
                "latn regions MA TN", "region separators \"MA:,:.\"", "region grouping IN:3,2:1",
            ])
    }

    /// The tables and columns the review once left out (issue 35): phrase
    /// words, left-out words, a relation's regions, a unit's prefixes and
    /// case forms, each dumped and diffed.
    @Test func phraseWordsLeftOutWordsRegionsPrefixesAndCasesAreComparedAndDumped() {
        typealias PhraseWord = DatabaseSnapshot.PhraseWord
        typealias Relation = DatabaseSnapshot.Relation
        var old = snapshot([unit(1, "meter")])
        old.phraseWords = [
            PhraseWord(language: "ru", word: "два", kind: "number", value: 2),
            PhraseWord(language: "ru", word: "и", kind: "conjunction", value: nil),
        ]
        old.leftOutNames = [.init(word: "ft", unitKey: "length/foot")]
        old.relations = [Relation(kind: "regional", first: "volume/US pint", second: "volume/imperial pint", factor: nil, regions: "GB")]
        var new = snapshot([unit(1, "meter")])
        new.units[0].prefixes = ["si"]
        new.units[0].words[0].words.cases = ["метре", "метром"]
        new.phraseWords = [
            PhraseWord(language: "ru", word: "в квадрате", kind: "power-after", value: 2),
            PhraseWord(language: "ru", word: "два", kind: "number", value: 3),
        ]
        new.leftOutNames = [.init(word: "al", unitKey: "length/light-year")]
        new.relations = [Relation(kind: "regional", first: "volume/US pint", second: "volume/imperial pint", factor: nil, regions: "GB IE")]
        #expect(
            SnapshotDiff(old: old, new: new).render() == """
                ~ relation regional volume/US pint -> volume/imperial pint: regions GB -> GB IE
                ~ language ru: phrase word power-after "в квадрате" added: 2
                ~ language ru: phrase word number "два": 2 -> 3
                ~ language ru: phrase word conjunction "и" removed
                ~ left out "al" length/light-year: added
                ~ left out "ft" length/foot: removed
                ~ unit 1 length/meter: prefixes "" -> "si"
                ~ unit 1 length/meter: ru cases "" -> "метре, метром"
                0 added, 0 removed, 8 changed, 0 id errors

                """)
        #expect(
            Dump.render(new).hasSuffix(
                """
                unit 1 length/meter
                  factor 1
                  priority 1, metric tier 0
                  prefixes si
                  ru few метра
                  ru cases метре, метром

                relations
                  regional volume/US pint -> volume/imperial pint, in GB IE

                phrase words ru
                  power-after "в квадрате" 2
                  number "два" 3

                left out
                  "al" length/light-year

                """))
        #expect(old != new)
    }

    @Test func numbersReadBackExactly() {
        for value in [1, 0.3048, 1e-9, 1609.344, 1.0 / 3, 6.02214076e23, 4.184 * 1000] {
            #expect(Double(Dump.number(value)) == value, "\(Dump.number(value))")
        }
        #expect(Dump.number(1000) == "1000")
        #expect(Dump.quoted("1\u{A0}000") == "\"1\\u{A0}000\"")
    }
}
