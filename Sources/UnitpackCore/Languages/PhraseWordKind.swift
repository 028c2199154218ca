/// What a word of `locales/<lang>/words.tsv` does in a phrase; stored as its
/// raw value in `phrase_words.kind`.
public enum PhraseWordKind: String, Sendable, Hashable, CaseIterable {
    /// Adds its value to the number being read: `four`, `twenty`, `двести`, `полтора`.
    case number
    /// A count said after its unit's name, as Arabic says one: `متر واحد`
    /// (one metre), `جالون واحد كم لتر`; read so only right after the name
    /// a phrase opens with, no number before it.
    case numberAfter = "number-after"
    /// Multiplies the group read so far (1 when none): `hundred`, `dozen`, `couple`.
    case multiplier
    /// Multiplies the group and closes it: `thousand`, `million`, `тысяч`.
    case scale
    /// Adds its value after a connector: `half` in `one and a half`, `половиной`
    /// in `два с половиной`; alone (or after an article) it is the value:
    /// `half a mile`, `a quarter pound`, `четверть мили`.
    case fraction
    /// Divides the count before it: `quarters` (4) in `three quarters`,
    /// `thirds` (3) in `two thirds`, `четверти` in `три четверти`; after an
    /// article, one part: `a third`.
    case denominator
    /// Joined to the front of a unit's word, a number: `пол` (0.5) in
    /// `полмили` and `пол-литра`.
    case prefix
    /// Written glued to the front of the next word, read as a word of its
    /// own when the rest names a unit or is a phrase word: Arabic `ب` (a
    /// marker) in `بكيلومتر`, the article `ال` in `الكيلومتر` (no other
    /// meaning: dropped), `و` in `وعشرون`. Its other rows say what it does.
    case attached
    /// Joins the words of one number: `and`, `с`; never ends one.
    case connector
    /// Joins the words of one number like `connector`, and also lets a ten
    /// follow a unit word, which it adds: `und` in `einundzwanzig` (1 + 20),
    /// `dreiundvierzig` (3 + 40).
    case tenConnector = "ten-connector"
    /// Not a number itself: the room its word leaves for the number word
    /// after it, when that is not the largest power of ten dividing the
    /// word's value: `soixante` 20 (`soixante-dix` is 60 + 10, `soixante et
    /// onze` 60 + 11), `vingt` 20 (`quatre-vingt-dix` is 4 × 20 + 10).
    case room
    /// One, but only before a multiplier, scale or fraction: `a` in `a hundred`, `a dozen`, `a half`.
    case article
    /// Between a fraction or a count and its unit: `of` in `three quarters of a cup`, `a couple of miles`.
    case partitive
    /// A measure word between a count and its unit, skipped: Chinese `个`
    /// in `三个小时` (three hours), where a count takes one before its noun.
    case classifier
    /// Joins the parts of a mixed quantity or of a mixed target: `and` in
    /// `2 hours and 45 minutes`, `in feet and inches`; `и` in `в футах и дюймах`.
    case conjunction
    /// Says that the value is a difference, not a point on a scale:
    /// `difference`, `change`, `rise`, `разница`, `перепад` (`a change of 10 °F
    /// in °C` is 5.56 Δ°C, not −12.2 °C).
    case difference
    /// Says that the number after it is below zero: `minus`, `минус`,
    /// `мінус`, `moins`, `零下` (`мінус 40 за Цельсієм`, `零下20摄氏度`).
    case minus
    /// Stands between the value's unit and the target unit: `in`, `to`, `в`, `=`.
    case marker
    /// Asks or commands, and is skipped before the number and around a target
    /// named first: `how many` in `how many feet in a mile`, `convert`, `сколько`.
    case filler
    /// Divides by the unit after it, in an expression: `per`, `на`, and `в`
    /// where the language says `км в час`.
    case per
    /// Raises the unit after it to its value (2 or 3): `square`, `sq`,
    /// `cubic`, `cu`, `квадратный`, `кубических`.
    case powerBefore = "power-before"
    /// Raises the unit before it to its value (2 or 3): `squared`, `cubed`,
    /// `в квадрате`, `в кубе`.
    case powerAfter = "power-after"
    /// Says which system a unit's name after it is of: value 1 for the
    /// imperial (British) units, 2 for the US customary ones, 3 for the
    /// troy units precious metals are weighed in (`uk`, `imperial`,
    /// `inglese`; `us`, `americano`; `troy`, `gold`, `黄金`). Never left out as a
    /// context word: `45 mpg (uk)` is no US mpg; a span ending in it names
    /// what it names with another word of that system (`mpg (imp)`), else
    /// the units of that system its other words name (`galão americano`).
    case system
    /// Names what is measured, never a unit: `温度` (temperature), `空気圧`
    /// (air pressure), `速度` (speed). Left out as context wherever context
    /// may be (docs/phrases.md, "Context words"), shown as a guess; in a
    /// script written without spaces it is a word of its own, so that no
    /// unit's name is found inside it (`度`, the degree, in `温度`; `気圧`,
    /// the atmosphere, in `空気圧`).
    case context
    /// Not a word: an inflectional ending of the language's nouns and
    /// adjectives (`ах` in `галлонах`, `s` in `inchs`, `ів` in `градусів`). A
    /// word that names nothing may be read with one of them cut, or changed
    /// for another of the language's (`пинтах` as `пинта`), as a guess
    /// shown with the answer (docs/phrases.md, "Guesses"): the language's
    /// data decides what is an ending, never a count of letters.
    case ending

    /// Whether the kind carries a value (the `value` column).
    public var hasValue: Bool {
        switch self {
        case .number, .numberAfter, .multiplier, .scale, .fraction, .denominator, .prefix, .room, .powerBefore, .powerAfter, .system: true
        case .connector, .tenConnector, .article, .partitive, .classifier, .conjunction, .difference, .minus, .marker, .filler, .per,
            .attached, .ending, .context:
            false
        }
    }

    /// Whether the kind is read as part of a number run (`three quarters of a`).
    public var isPartOfNumbers: Bool {
        switch self {
        case .number, .multiplier, .scale, .fraction, .denominator, .connector, .tenConnector, .article, .partitive, .classifier: true
        case .numberAfter, .room, .prefix, .attached, .conjunction, .difference, .minus, .marker, .filler, .per, .powerBefore, .powerAfter,
            .ending, .system, .context:
            false
        }
    }

    /// Whether the kind is a word of unit expressions (a quotient, a power),
    /// which the phrase reader of numbers and markers leaves alone. Such a
    /// word may be several (`в квадрате`).
    public var isExpressionWord: Bool {
        switch self {
        case .per, .powerBefore, .powerAfter: true
        default: false
        }
    }
}
