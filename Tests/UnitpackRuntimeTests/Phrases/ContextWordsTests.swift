import Testing
import UnitpackCore
import UnitpackTestSupport

@testable import UnitpackDatabase
@testable import UnitpackPhrases

/// Issue 36: words around the request that name nothing are left out, and
/// shown as a guess; a degree word before a scale's word is the scale; a
/// reading that converts is found among the other units the words name.
/// docs/phrases.md, "Context words", "A degree word before a scale", "The
/// reading that fits".
@Suite struct ContextWordsTests {
    var database: UnitDatabase { get throws { try RepositoryBuild.database() } }

    /// `value from -> to [left out: words]` of the first reading, or what was not understood.
    func first(_ text: String, _ languages: [String]? = nil) throws -> String {
        switch try database.parse(text, languages: languages) {
        case .understood(let readings):
            let reading = readings[0]
            let context = reading.guesses.filter { $0.kind == .context }.map(\.word)
            return "\(reading.value) \(reading.from.key)" + (reading.to.map { " -> \($0.key)" } ?? "")
                + (context.isEmpty ? "" : " [left out: \(context.joined(separator: " | "))]")
        case .notUnderstood(let reason):
            return "not understood: \(reason)"
        }
    }

    @Test func wordsBeforeTheQuantityAreLeftOutWhenATargetFollows() throws {
        #expect(try first("tire pressure 32 psi to bar") == "32.0 pressure/pound-force per square inch -> pressure/bar [left out: tire pressure]")
        #expect(try first("давление в шинах 2,2 бар в psi", ["ru"]) == "2.2 pressure/bar -> pressure/pound-force per square inch [left out: давление в шинах]")
        // Without a target the words may have been the question: refused.
        #expect(try first("tire pressure 32 psi").hasPrefix("not understood"))
        // Words that name a target are no context.
        #expect(try first("in meters 34 feet in yards", ["en"]).hasPrefix("not understood: nothing may follow the quantity"))
    }

    @Test func wordsBetweenATargetNamedFirstAndTheQuantityAreLeftOut() throws {
        #expect(
            try first("quantos cm tem uma TV de 50 polegadas", ["pt"])
                == "50.0 length/inch -> length/centimeter [left out: uma TV]")
        #expect(try first("Wie viel PS hat ein Auto mit 110 kW", ["de"]) == "110.0 power/kilowatt -> power/metric horsepower [left out: ein Auto mit]")
        #expect(try first("كم سنتيمتر طول ٦ أقدام", ["ar"]) == "6.0 length/foot -> length/centimeter [left out: طول]")
        // The longest target first: square feet, not feet with `carrés` left out.
        #expect(
            try first("combien de pieds carrés fait un appart de 45 m²", ["fr"])
                == "45.0 area/square meter -> area/square foot [left out: un appart]")
        // A word that names a unit is no context: `in meters` was the target.
        #expect(try first("how many feet in meters 34 yards", ["en"]).hasPrefix("not understood"))
    }

    /// The target among words of context after the quantity, with words of
    /// the question on both sides of it (`PhraseReader.contextAroundTarget`).
    @Test func theTargetAmongWordsOfContextIsFound() throws {
        #expect(
            try first("-15 °C, ну а в Фаренгейтах сколько будет?", ["ru"])
                == "-15.0 temperature/degree Celsius -> temperature/degree Fahrenheit [left out: ну]")
        #expect(
            try first("85 qm, die Wohnung, wie viel Quadratfuß sind das ungefähr", ["de"])
                == "85.0 area/square meter -> area/square foot [left out: Wohnung, | ungefähr]")
        #expect(
            try first("my run was 10 km, so in miles roughly?", ["en"])
                == "10.0 length/kilometer -> length/mile [left out: my run was | so | roughly?]")
        // A word of an expression is no context: `per s` is the unit's.
        #expect(try first("5 m per s in km", ["en", "it"]).hasPrefix("not understood"))
        // A second unit named is no context: which would be the target?
        #expect(try first("5 km in miles in feet", ["en"]).hasPrefix("not understood"))
    }

    /// The sentence's comma ends a unit's words: `°C, а` is no °C × are;
    /// and `а` (but) is a filler of the question, with a comma or without.
    @Test func aCommaEndsTheQuantitysUnit() throws {
        let fahrenheit = "-15.0 temperature/degree Celsius -> temperature/degree Fahrenheit"
        #expect(try first("-15 °C, а за Фаренгейтом", ["uk"]) == fahrenheit)
        #expect(try first("-15 °C а за Фаренгейтом", ["uk"]) == fahrenheit)
        #expect(try first("-15 °C, а за Фаренгейтом скільки?", ["uk"]) == fahrenheit)
        // Still the are's symbol where a unit is read.
        #expect(try first("5 а у м2", ["uk"]) == "5.0 area/are -> area/square meter")
    }

    /// A word left out next to a unit's word must not be the rest of another
    /// unit's name of two words (`mile morska`: the Polish nautical mile).
    @Test func aWordThatContinuesAnotherUnitsNameIsNoContext() throws {
        #expect(try first("1 mile morska in km", ["en"]).hasPrefix("not understood"))
        #expect(try first("1 mile wow in km", ["en"]) == "1.0 length/mile -> length/kilometer [left out: wow]")
        // Three letters say too little: `for` also starts `force`.
        #expect(try first("10 kg in pounds for my dog", ["en"]) == "10.0 mass/kilogram -> mass/pound [left out: for my dog]")
    }

    @Test func wordsAfterAQuantityWhoseTargetCameFirstAreLeftOut() throws {
        #expect(
            try first("cuantos litros son 5 galones de gasolina", ["es"])
                == "5.0 volume/US gallon -> volume/liter [left out: de gasolina]")
        // A word of an expression is no context: `per hour` makes a speed,
        // and `km` is read per the hour, a guess.
        #expect(
            try first("how many km in 5 miles per hour", ["en"])
                == "5.0 speed/mile per hour -> speed/kilometer per hour")
        // Nor a unit's symbol: it would be a second target.
        #expect(try first("カップ2杯は何ml", ["ja"]).hasPrefix("not understood"))
    }

    @Test func aSymbolBeforeAQuantityWithItsOwnTargetIsContext() throws {
        // `TV`, the teravolt's symbol, is no second target.
        #expect(try first("TV da 65 pollici in cm", ["it"]) == "65.0 length/inch -> length/centimeter [left out: TV da]")
        // A unit's name there said what to convert to: refused.
        #expect(try first("in meters 34 feet in yards", ["en"]).hasPrefix("not understood"))
    }

    @Test func wordsAfterTheTargetAreLeftOut() throws {
        #expect(
            try first("Festplatte 2 TB, wie viel GiB sind das wirklich?", ["de"])
                == "2.0 data-size/terabyte -> data-size/gibibyte [left out: Festplatte | wirklich?]")
        #expect(try first("10 kg in pounds for my dog", ["en"]) == "10.0 mass/kilogram -> mass/pound [left out: for my dog]")
        // A word of an expression after the target is no context: `per hour` makes a speed.
        #expect(try first("5 km in miles per hour", ["en"]).hasPrefix("not understood"))
        // Nor a unit's symbol: it would be a second target.
        #expect(try first("5 km in miles ml", ["en"]).hasPrefix("not understood"))
    }

    /// Words of kind `context` (`words.tsv`): what is measured, never a
    /// unit, a word of its own in a script without spaces (`度` is not
    /// looked for inside `温度`, nor `気圧` inside `空気圧`).
    @Test func aWordOfWhatIsMeasuredIsContext() throws {
        #expect(try first("温度5米是多少英尺", ["zh"]) == "5.0 length/meter -> length/foot [left out: 温度]")
        #expect(try first("重量5キロは何ポンド", ["ja"]) == "5.0 mass/kilogram -> mass/pound [left out: 重量]")
        #expect(
            try first("空気圧32psiは何kPa", ["ja"])
                == "32.0 pressure/pound-force per square inch -> pressure/kilopascal [left out: 空気圧]")
        // Of several words, whose first alone is a unit's name (`درجة`, the degree).
        #expect(
            try first("درجة الحرارة ١٠٠ فهرنهايت كم مئوية", ["ar"])
                == "100.0 temperature/degree Fahrenheit -> temperature/degree Celsius [left out: درجة الحرارة]")
        // Alone, the word is still the degree.
        #expect(try first("٩٠ درجة كم راديان", ["ar"]) == "90.0 angle/degree -> angle/radian")
        // A longer name that starts with it is still the name: `重量ポンド`, the pound-force.
        #expect(try first("10重量ポンドは何ニュートン", ["ja"]) == "10.0 force/pound-force -> force/newton")
    }

    @Test func wordsBetweenTheQuantityAndItsMarkerAreLeftOut() throws {
        #expect(try first("250g flour in ounces", ["en"]) == "250.0 mass/gram -> mass/ounce [left out: flour]")
        #expect(try first("2 cups of water in ml", ["en"]) == "2.0 volume/US cup -> volume/milliliter [left out: of water]")
        #expect(try first("thermostat says 68F whats that in celsius", ["en"])
            == "68.0 temperature/degree Fahrenheit -> temperature/degree Celsius [left out: thermostat says | whats]")
    }

    @Test func noWordOfTheValueIsLeftOut() throws {
        // A number word, or a word of the unit's expression, would change the value.
        #expect(try first("5 km bags dozen in m", ["en"]).hasPrefix("not understood"))
        #expect(try first("5 m per s in km", ["en"]).hasPrefix("not understood"))
        // A word between a number and its unit is never context.
        #expect(try first("5 big km in m", ["en"]).hasPrefix("not understood"))
    }

    @Test func aNameCutShortInAScriptWithoutSpacesIsNoContext() throws {
        // `摄氏` starts `摄氏度`: a name cut short is not left out (`37 米` is no temperature).
        #expect(try first("摄氏 37 米 等于 多少 英尺").hasPrefix("not understood"))
        // A word of such a script that starts no name may be left out: `身高` (height).
        #expect(try first("身高 180 厘米 等于 多少 英尺") == "180.0 length/centimeter -> length/foot [left out: 身高]")
        // One letter is too little of a name to be one cut short: `地` (land)
        // starts `地球半径`, and no word after it completes a name.
        #expect(try first("一亩地等于多少平方米", ["zh"]) == "1.0 area/mu -> area/square meter [left out: 地]")
        #expect(try first("1 亩 地 等于 多少 平方米", ["zh"]) == "1.0 area/mu -> area/square meter [left out: 地]")
        // Arabic puts spaces between words: `ضغط` (pressure), the first word of
        // `ضغط جوي`, is a whole word there, as `speed` of `speed of light`.
        #expect(try first("ضغط الاطار 35 psi كم بار", ["ar"])
            == "35.0 pressure/pound-force per square inch -> pressure/bar [left out: ضغط الاطار]")
    }

    @Test func aDegreeWordBeforeAScalesWordIsTheScale() throws {
        #expect(try first("98.6 degrees f in c", ["en"]) == "98.6 temperature/degree Fahrenheit -> temperature/degree Celsius")
        #expect(try first("20 deg C to F", ["en"]) == "20.0 temperature/degree Celsius -> temperature/degree Fahrenheit")
        #expect(try first("0 grados kelvin en celsius", ["es"]) == "0.0 temperature/kelvin -> temperature/degree Celsius")
        // The angle's degree stays an angle.
        #expect(try first("5 degrees in rad", ["en"]) == "5.0 angle/degree -> angle/radian")
    }

    /// A number with no unit, then words naming one scale: the other scale,
    /// a guess shown (`PhraseReader.unitlessToScale`).
    @Test func aNumberAloneBeforeAScaleIsTheOtherScale() throws {
        #expect(
            try first("temperatura 36,6 ile to fahrenheit", ["pl"]) == "36.6 temperature/degree Celsius -> temperature/degree Fahrenheit")
        #expect(
            try first("la febbre è a 38,5, quanti gradi fahrenheit", ["it"])
                == "38.5 temperature/degree Celsius -> temperature/degree Fahrenheit [left out: febbre è a]")
        let guesses = try database.parse("100 in fahrenheit", languages: ["en"]).readings.first?.guesses ?? []
        #expect(guesses == [PhraseGuess(kind: .scale, word: "100", readAs: "degree Celsius")])
        // Two scales named, or a unit that is no scale: no guess.
        #expect(try first("20 in celsius or fahrenheit", ["en"]).hasPrefix("not understood"))
        #expect(try first("100 in km", ["en"]) == "100.0 length/inch -> length/kilometer")
    }

    @Test func theOtherUnitsTheWordsNameAreTriedWhenTheFoundOnesDoNotConvert() throws {
        // F and C are the farad and the coulomb first; both also name a scale.
        #expect(try first("-40 F to C", ["en"]) == "-40.0 temperature/degree Fahrenheit -> temperature/degree Celsius")
        #expect(try first("37.5 C in F", ["en"]) == "37.5 temperature/degree Celsius -> temperature/degree Fahrenheit")
        // With the sentence's punctuation on them (`C,`, `F?`), as without.
        #expect(
            try first("180 C, what's that in F?", ["en"])
                == "180.0 temperature/degree Celsius -> temperature/degree Fahrenheit")
        guard case .understood(let readings) = try database.parse("-40 F to C", languages: ["en"]) else {
            Issue.record("not understood")
            return
        }
        #expect(readings[0].fit == .otherMeaning(written: try database.unit(key: "capacitance/farad")))
        // As written when that converts.
        #expect(try first("10 C in mC", ["en"]) == "10.0 electric-charge/coulomb -> electric-charge/millicoulomb")
        // Never for a symbol whose case decides the unit.
        #expect(try first("1 Mc in C", ["en"]).hasPrefix("not understood: 'Mc' is no symbol as written"))
    }
}
