import UnitpackCore
import UnitpackDatabase

/// How a reading's units relate to the words of the phrase: as written, or
/// read another way so that the two units convert (docs/source-format.md,
/// `relations.tsv`).
public enum PhraseFit: Sendable, Hashable {
    /// Every unit is what its words name.
    case asWritten
    /// The phrase says the value is a difference (`temperature difference of
    /// 20 °C in °F`): units of a scale are read as their differences.
    case difference
    /// The value is a difference (`5 Δ°C in °F`): the target, a scale, is read
    /// as the difference of its scale.
    case targetAsDifference
    /// A word of `written` is read as another unit, one of the other unit's
    /// category (`12 oz in ml`: the mass ounce read as the fluid ounce).
    case otherMeaning(written: MeasureUnit)
    /// The two units are of categories that measure the same thing in other
    /// units (`1 rpm in Hz`: rotation speed and frequency).
    case sameQuantity

    /// Why the reading's units are these, in a sentence.
    public var explanation: String {
        switch self {
        case .asWritten: "the units as written"
        case .difference: "the phrase names a difference, so temperatures are read as differences"
        case .targetAsDifference: "the value is a difference, so the target is read as a difference of its scale"
        case .otherMeaning(let written): "\(written.name) (\(written.category)) does not convert to the other unit; its word also names this one"
        case .sameQuantity: "the two categories measure the same thing (units-src/relations.tsv)"
        }
    }
}

/// One way to read a phrase: a value, its unit, and the units to convert to
/// when the phrase names them.
public struct PhraseReading: Sendable, Hashable {
    /// The whole value, in `from`: `6 ft 2 in` is 6.1667 ft.
    public var value: Double
    /// The unit of the value: the first (largest) unit of a mixed quantity.
    public var from: MeasureUnit
    /// The number-unit pairs the phrase gives, largest first (`6 ft`, `2 in`);
    /// one for a plain value. Their sum is `value`.
    public var parts: [PhraseQuantity]
    /// The units to convert to, largest first: one (`in meters`), several for
    /// a mixed target (`in feet and inches`, `ft+in`), none when the phrase
    /// names only its value.
    public var targets: [MeasureUnit]
    /// The language of the unit names the phrase used (`фута`: ru), the
    /// first asked language that has them; nil when it used symbols of
    /// every language only (`5 km`). A front end can answer in it.
    public var language: String?
    /// Whether the units are as written, or read another way to fit.
    public var fit: PhraseFit
    /// How the number took its lone `.` or `,` when it reads two ways
    /// (`1.500`: 1500 or 1.5); nil for any other number.
    public var separator: NumberReader.Separator?
    /// The phrase's languages that read the number as this reading does
    /// (docs/phrases.md): `de` for 1500 in `1.500 Meter in Fuß`. Empty when
    /// `separator` is nil.
    public var separatorLanguages: [String] = []
    /// The words read by a guess (an ending cut, a correction), in the
    /// phrase's order: empty when every word was read as a name it is.
    /// Show them with the answer (docs/phrases.md, "Guesses").
    public var guesses: [PhraseGuess] = []

    /// The first target unit; nil when the phrase names none.
    public var to: MeasureUnit? { targets.first }

    /// The most significant digits any part was typed with (`6 ft 2.25 in`:
    /// 3); nil when no part was typed in digits that state a precision.
    public var significantDigits: Int? { parts.compactMap(\.significantDigits).max() }

    /// A reading: the value and unit, the parts typed, the targets, the phrase's
    /// language, how the units fit, and the number's separator and the languages
    /// that read it so.
    public init(
        value: Double, from: MeasureUnit, parts: [PhraseQuantity]? = nil, targets: [MeasureUnit] = [], language: String? = nil,
        fit: PhraseFit = .asWritten
    ) {
        self.value = value
        self.from = from
        self.parts = parts ?? [PhraseQuantity(value: value, unit: from)]
        self.targets = targets
        self.language = language
        self.fit = fit
    }
}

/// What `parse` made of a phrase.
public enum PhraseResult: Sendable, Hashable {
    /// Every reading, the most likely first. More than one when the phrase is
    /// ambiguous (`1,234 m`: 1234 or 1.234; `5 cm`: a length or a typographic
    /// unit). Readings as written come before readings fitted to the other unit.
    case understood([PhraseReading])
    /// Why not: no number, no unit by that name, units that do not convert,
    /// parts of a quantity that do not add up (`reason.description` in words).
    case notUnderstood(reason: PhraseProblem)

    /// The readings of an understood phrase; empty when it was not understood.
    public var readings: [PhraseReading] {
        if case .understood(let readings) = self { return readings }
        return []
    }

    /// When the phrase's languages read its number two ways (`1.500 m in ft`
    /// with en and de asked: 1.5 in English, 1500 in German), the first
    /// reading of each way, the first reading's way first; nil when the
    /// number reads one way (docs/phrases.md). A front end must not pick one
    /// in silence.
    public var ambiguity: [PhraseReading]? {
        let readings = readings
        guard let first = readings.first, let way = first.separator, !first.separatorLanguages.isEmpty,
            let other = readings.first(where: { $0.separator != nil && $0.separator != way && !$0.separatorLanguages.isEmpty })
        else { return nil }
        return [first, other]
    }
}
