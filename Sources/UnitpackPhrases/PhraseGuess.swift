import UnitpackCore

/// A word of a phrase that no name has, read as a name by a guess
/// (issue 37): with a case ending cut (`галонами` as `галон`), or corrected
/// by the search pack (`kilomters` as `kilometers`). A reading that rests on
/// one carries it (`PhraseReading.guesses`), and every output shows it: a
/// guess is never an answer given as if the phrase had said it.
public struct PhraseGuess: Sendable, Hashable, CustomStringConvertible {
    /// How the word was read.
    public enum Kind: String, Sendable, Hashable {
        /// An ending of the language (its `words.tsv`) was cut from the
        /// word, or changed for another of its endings: an inflection no
        /// name lists (`inchs` as `inch`, `пинтах` as `пинта`).
        case cutEnding = "cut-ending"
        /// The search pack's forgiving search corrected it (a typo).
        case correction
        /// Words that name nothing, before the quantity or between it and
        /// its target (`tire pressure 32 psi to bar`, `250 g flour in
        /// ounces`), read as words around the request and left out: the
        /// answer shows them, so that a unit's name typed wrong there is
        /// seen to have been left out (docs/phrases.md, "Context words").
        case context
        /// A degree word with no scale, converted to a scale (`38.5 degrees
        /// in fahrenheit`, `minus 10 Grad in Fahrenheit`), read as the one
        /// other scale `clusters.tsv` lists for temperature: a person names
        /// the scale they convert to, not the one they measure in.
        case scale
        /// A target of the category of the first unit of a quantity's unit
        /// that is one per another (`100 km/h in miles`), read as that
        /// target per the same second unit (`mile per hour`): what a person
        /// converting a speed asks (`PhraseReader.targetPerQuantity`).
        case per
        /// A symbol typed without its case, whose case decides the unit
        /// (`tb`: `TB` or `Tb`), read in the spelling that is a prefix of
        /// the unit the other side is (`1.5tb to gb`: the byte's, as `GB`
        /// is; `PhraseReader.narrowedByBase`), or in the one that does not
        /// convert a unit to itself (`100 mbps in MB/s`: `Mbps`).
        case caseOfUnit = "case-of-unit"
        /// A unit read as the one of the system a word around the quantity
        /// names (`receta americana: 3/4 taza`: the US cup; `٣ أونصات ذهب`:
        /// the troy ounce), far from the unit's name
        /// (`PhraseReader.withSystemOfContext`).
        case system
        /// A unit's plain word read as the unit people mean by it every day
        /// (`2000 calories`: food calories; `relations.tsv`, `everyday`), the
        /// unit as the data names it the other reading
        /// (`PhraseReader.withEverydayReadings`).
        case everyday
    }

    /// How the word was read: an ending cut, a correction, or left out.
    public let kind: Kind
    /// The word as typed.
    public let word: String
    /// The name it was read as; empty for context words.
    public let readAs: String

    /// A guess of `kind` that read `word` (as typed) as `readAs`.
    public init(kind: Kind, word: String, readAs: String) {
        self.kind = kind
        self.word = word
        self.readAs = readAs
    }

    /// `a guess: 'inchs' read as 'inch', its ending cut`; `'пинтах' read as
    /// 'пинта', its ending changed` when an ending replaced the one cut;
    /// `a guess: 'tire pressure' left out, naming no unit` for context words.
    public var description: String {
        if kind == .context { return "a guess: '\(TextEscaping.visible(word))' left out, naming no unit" }
        if kind == .scale {
            return "a guess: '\(TextEscaping.visible(word))' read as '\(TextEscaping.visible(readAs))', the other scale: the phrase names none"
        }
        if kind == .caseOfUnit {
            return "a guess: '\(TextEscaping.visible(word))' read as '\(TextEscaping.visible(readAs))', its case guessed from the other side's unit"
        }
        if kind == .system {
            return "a guess: read as '\(TextEscaping.visible(readAs))', the system '\(TextEscaping.visible(word))' says"
        }
        if kind == .everyday {
            return "a guess: '\(TextEscaping.visible(word))' read as '\(TextEscaping.visible(readAs))', as the word is meant every day"
        }
        if kind == .per {
            return "a guess: '\(TextEscaping.visible(word))' read as '\(TextEscaping.visible(readAs))', per what the quantity is per"
        }
        let how =
            kind == .correction ? "a correction" : word.lowercased().hasPrefix(readAs.lowercased()) ? "its ending cut" : "its ending changed"
        return "a guess: '\(TextEscaping.visible(word))' read as '\(TextEscaping.visible(readAs))', \(how)"
    }
}
