import Testing
import UnitpackCore
import UnitpackSource
import UnitpackTestSupport

@testable import UnitpackCheck

@Suite struct DimensionRuleTests {
    static let files: [String: String] = [
        "units-src/categories.tsv": "length\t10\tmeter\tm\ntime\t20\tsecond\ts\nspeed\t30\tmeter per second\tm/s\narea\t40\tsquare meter\tm^2\n",
        "units-src/length.tsv": "meter\tm\t1\t5\tsi\tsi\nfoot\tft\t0.3048\t4\timp\nmile\tmi\t1609.344\t4\timp\n",
        "units-src/time.tsv": "second\ts\t1\t5\tsi\tsi\nminute\tmin\t60\t5\tsi\nhour\th\t3600\t5\tsi\n",
        "units-src/area.tsv": "square meter\tm²\t1\t5\tsi\nsquare foot\tft²,sq ft\t0.09290304\t3\timp\n",
    ]

    func check(speed: String, area: String? = nil) throws -> [Diagnostic] {
        var files = Self.files
        files["units-src/speed.tsv"] = speed
        if let area { files["units-src/area.tsv"] = area }
        let fixture = try SourceFixture(files)
        defer { fixture.remove() }
        return DimensionRule().check(SourceReader.read(directory: fixture.root))
    }

    @Test func theSeedSamplesInvertedRowsAreCaught() throws {
        let found = try check(speed: "meter per second\tm/s\t1\t5\tsi\nmeter per minute\tm/min\t60\t0\tsiAdd2\ncentimeter per second\tcm/s\t100\t0\tsiAdd2\n")
        #expect(found.map(\.code) == [.dimensionMismatch, .dimensionMismatch])
        #expect(found[0].message == "declared 60, but its symbol m/min implies 0.0166667 meter per second: inverted?")
        #expect(found[1].message.hasSuffix("implies 0.01 meter per second: inverted?"))
        #expect(found[1].location.line == 3 && found[1].location.column == 23)
    }

    @Test func correctFactorsPrefixesPowersAndPacesPass() throws {
        let speed = """
            meter per second\tm/s\t1\t5\tsi
            kilometer per hour\tkm/h\t1000/3600\t5\tsi
            mile per hour\tmph,mi/h\t1609.344/3600\t4\timp
            ^minutes per kilometer\tmin/km\tFORMULAE(1000/60/X,1000/60/X)\t0\tother
            ^seconds per 100 meters\ts/100 m\t100\t0\tother

            """
        #expect(try check(speed: speed).isEmpty)
    }

    @Test func aWrongFactorThatIsNotInvertedSaysSo() throws {
        let found = try check(speed: "meter per second\tm/s\t1\t5\tsi\nfoot per second\tft/s\t0.305\t1\timp\n")
        #expect(found.count == 1)
        #expect(found.first?.message.hasSuffix("inverted?") == false)
    }

    @Test func symbolsOfAnotherDimensionAreNotCompared() throws {
        // "ft²" in a speed file would be area, not speed: skipped, not misread.
        #expect(try check(speed: "meter per second\tm/s\t1\t5\tsi\nodd\tft²\t3\t0\tother\n").isEmpty)
        let area = "square meter\tm²\t1\t5\tsi\nsquare foot\tft²,ft^2\t0.0929\t3\timp\n"
        #expect(try check(speed: "meter per second\tm/s\t1\t5\tsi\n", area: area).count == 1)
    }

    /// A symbol two units share is read as the runtime reads it (the higher
    /// priority), not dropped: `g` is the gram (4) before standard gravity (1),
    /// so a wrong `mg/s` is still caught.
    @Test func aSharedSymbolIsReadAsTheRuntimeReadsIt() throws {
        var files = Self.files
        files["units-src/categories.tsv"]! += "mass\t50\tkilogram\tkg\nacceleration\t60\tmeter per second squared\tm/s^2\nmass-flow\t70\tkilogram per second\tkg/s\n"
        files["units-src/mass.tsv"] = "kilogram\tkg\t1\t5\tsi\ngram\tg\t0.001\t4\tsi\tsi\n"
        files["units-src/acceleration.tsv"] = "meter per second squared\tm/s²\t1\t5\tsi\nstandard gravity\tg\t9.80665\t1\tother\n"
        files["units-src/mass-flow.tsv"] = "kilogram per second\tkg/s\t1\t5\tsi\nmilligram per second\tmg/s\t1e-3\t1\tsi\n"
        files["units-src/speed.tsv"] = "meter per second\tm/s\t1\t5\tsi\n"
        let fixture = try SourceFixture(files)
        defer { fixture.remove() }
        let tree = SourceReader.read(directory: fixture.root)
        let found = DimensionRule().check(tree)
        #expect(found.map(\.code) == [.dimensionMismatch])
        #expect(found.first?.message == "declared 0.001, but its symbol mg/s implies 0.000001 kilogram per second")
        #expect(DimensionRule.unreadSymbols(tree).isEmpty)
    }

    /// What looks like an expression (an operator, not only a space) and does
    /// not read is listed, with the reason and place, for `check --coverage`.
    @Test func symbolsThatDoNotReadAreListed() throws {
        var files = Self.files
        files["units-src/speed.tsv"] = "meter per second\tm/s\t1\t5\tsi\nfurlong per fortnight\tfur/ftn,fur ftn⁻¹\t0.0001663\t0\tother\nodd\tm s\t1\t0\tother\n"
        let fixture = try SourceFixture(files)
        defer { fixture.remove() }
        let unread = DimensionRule.unreadSymbols(SourceReader.read(directory: fixture.root))
        #expect(unread.map(\.symbol) == ["fur/ftn", "fur ftn⁻¹"], "`m s` has no operator: not listed")
        #expect(unread.first?.reason == "no unit named 'fur'")
        #expect(unread.first?.location.line == 2 && unread.first?.location.column == 23)
    }

    /// The grammar is the runtime's (UnitExpressionTests); the rule reads a
    /// symbol as an expression only when it is written as one.
    @Test func onlySymbolsWrittenAsExpressionsAreRead() {
        #expect(!AtomTable.spellsExpression("m"), "a plain symbol is a definition, not a spelling")
        #expect(!AtomTable.spellsExpression("cal₁₅"))
        for symbol in ["m/s/s", "kg·m/s²", "L/100 km", "sq ft", "m^2", "W/(m·K)", "s⁻¹"] {
            #expect(AtomTable.spellsExpression(symbol), "\(symbol)")
        }
    }

    @Test func aScaledBaseIsComparedInItsOwnUnit() throws {
        // Typography counts in points (1/72 in): its base is not the meter, and
        // the dimension column says so with a scale.
        var files = Self.files
        files["units-src/categories.tsv"]! += "typography\t50\tpoint\t0.0254/72*m\n"
        files["units-src/length.tsv"]! += "inch\tin\t0.0254\t4\timp\n"
        files["units-src/typography.tsv"] =
            "point\tpt\t1\t5\tother\npica per inch\tpc/in\t1\t0\tother\ninch (type)\tin·1\t72\t3\tother\nkilometer (type)\tkm·1\t72\t0\tother\n"
        files["units-src/speed.tsv"] = "meter per second\tm/s\t1\t5\tsi\n"
        let fixture = try SourceFixture(files)
        defer { fixture.remove() }
        let found = DimensionRule().check(SourceReader.read(directory: fixture.root))
        // `in·1` spells 72 points: fine; `km·1` spells 2834645.7 points, not 72.
        #expect(found.map(\.location.line) == [4])
        #expect(found.first?.message.contains("implies 2834650 point") == true, "\(found)")
    }

    @Test func baseDimensionGrammar() {
        #expect(BaseDimension.parse("kg/m^3") == BaseDimension(scale: 1, dimension: QuantityDimension(["kg": 1, "m": -3])))
        #expect(BaseDimension.parse("1000000/m^2")?.scale == 1e6)
        #expect(BaseDimension.parse("0.0254/72*m")?.scale == 0.0254 / 72)
        #expect(BaseDimension.parse("bit")?.dimension == QuantityDimension(["bit": 1]))
        #expect(BaseDimension.parse("1")?.dimension == QuantityDimension([:]))
        #expect(BaseDimension.parse("m^") == nil)
        #expect(BaseDimension.parse("") == nil)
        #expect(BaseDimension.parse("m2") == nil, "a digit inside a name is a typo for m^2")
    }
}
