import UnitpackCore

/// What a name may hold, and when two names look the same: the subset of
/// Unicode's security mechanisms (UTS #39, UAX #9) that `docs/diagnostics.md`
/// documents, "The text of names (E11x)". Unicode's `confusables.txt` is not
/// used: the look-alikes here are the letters of the three scripts whose
/// letters share shapes (Latin, Greek, Cyrillic), the fullwidth forms, and the
/// compatibility letters, written out below so that a reviewer can read them.
enum NameText {
    // MARK: Characters no name holds

    /// The bidirectional formatting characters (UAX #9): the marks ALM, LRM
    /// and RLM, the embeddings and overrides LRE, RLE, PDF, LRO, RLO, and the
    /// isolates LRI, RLI, FSI, PDI. They reorder what a terminal shows (E110).
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Characters that show nothing, or a space that is not U+0020 (E111):
    /// Unicode's default-ignorable code points (zero-width space, joiners,
    /// the word joiner, the soft hyphen, variation selectors, tags, Hangul
    /// fillers, U+FEFF ...) but the bidirectional controls (E110), and the
    /// space separators other than the space (no-break, thin, ideographic
    /// ...): a name that holds one is not the name a person types.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        ScalarTraits.of(scalar).contains(.invisible)
    }

    // MARK: Look-alike letters

    enum Script { case latin, greek, cyrillic }

    /// The script of a letter of the three, by block; nil for any other
    /// character (the micro sign U+00B5 is no Greek letter: Unicode gives it
    /// the common script).
    static func script(_ scalar: Unicode.Scalar) -> Script? {
        guard ScalarTraits.of(scalar).contains(.alphabetic) else { return nil }
        return switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2AF, 0x1D00...0x1D7F,
            0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F, 0xFB00...0xFB06, 0xFF21...0xFF3A,
            0xFF41...0xFF5A:
            .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF: .greek
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: .cyrillic
        default: nil
        }
    }

    /// Cyrillic letters that look like Latin ones, and those Latin letters.
    static let cyrillicLatin: [(cyrillic: Unicode.Scalar, latin: String)] = [
        ("а", "a"), ("е", "e"), ("о", "o"), ("р", "p"), ("с", "c"), ("у", "y"), ("х", "x"), ("ѕ", "s"), ("і", "i"),
        ("ј", "j"), ("ԁ", "d"), ("ԛ", "q"), ("ԝ", "w"), ("һ", "h"), ("ӏ", "l"), ("ѵ", "v"), ("ё", "ë"), ("ї", "ï"),
        ("А", "A"), ("В", "B"), ("Е", "E"), ("К", "K"), ("М", "M"), ("Н", "H"), ("О", "O"), ("Р", "P"), ("С", "C"),
        ("Т", "T"), ("Х", "X"), ("У", "Y"), ("Ү", "Y"), ("Ѕ", "S"), ("І", "I"), ("Ӏ", "I"), ("Ј", "J"), ("Ԛ", "Q"),
        ("Ԝ", "W"), ("Ё", "Ë"), ("Ї", "Ï"),
    ]

    /// Greek letters that look like Latin ones, and those Latin letters.
    static let greekLatin: [(greek: Unicode.Scalar, latin: String)] = [
        ("Α", "A"), ("Β", "B"), ("Ε", "E"), ("Ζ", "Z"), ("Η", "H"), ("Ι", "I"), ("Κ", "K"), ("Μ", "M"), ("Ν", "N"),
        ("Ο", "O"), ("Ρ", "P"), ("Τ", "T"), ("Υ", "Y"), ("Χ", "X"), ("Ϝ", "F"), ("Ϲ", "C"), ("Ϳ", "J"), ("ο", "o"),
        ("ν", "v"), ("ρ", "p"), ("α", "a"), ("ι", "i"), ("ϲ", "c"), ("ϳ", "j"),
    ]

    /// `latinOfForeign[scalar]`, asked only of the Greek and Cyrillic blocks
    /// (U+0370–U+052F) it holds: no dictionary look-up for the other letters.
    static func foreignLookAlike(_ scalar: Unicode.Scalar) -> String? {
        (0x370...0x52F).contains(scalar.value) ? latinOfForeign[scalar] : nil
    }

    static let latinOfForeign: [Unicode.Scalar: String] = Dictionary(
        cyrillicLatin.map { ($0.cyrillic, $0.latin) } + greekLatin.map { ($0.greek, $0.latin) },
        uniquingKeysWith: { a, _ in a })

    /// The plain letters a compatibility letter stands for: the fullwidth
    /// Latin letters and digits (U+FF10–U+FF19, U+FF21–U+FF3A,
    /// U+FF41–U+FF5A), the long s (U+017F), the Latin ligatures
    /// U+FB00–U+FB06, and the mathematical letters and digits
    /// (U+1D400–U+1D6A3, U+1D7CE–U+1D7FF). Nil for any other character.
    static func compatibilityLetters(_ scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        switch value {
        case 0xFF10...0xFF19, 0xFF21...0xFF3A, 0xFF41...0xFF5A:
            return String(Character(Unicode.Scalar(value - 0xFEE0)!))
        case 0x17F: return "s"
        case 0xFB00: return "ff"
        case 0xFB01: return "fi"
        case 0xFB02: return "fl"
        case 0xFB03: return "ffi"
        case 0xFB04: return "ffl"
        case 0xFB05, 0xFB06: return "st"
        case 0x1D400...0x1D6A3:
            let index = Int(value - 0x1D400) % 52
            return String(Character(Unicode.Scalar(UInt8(index < 26 ? 0x41 + index : 0x61 + index - 26))))
        case 0x1D7CE...0x1D7FF:
            return String(Character(Unicode.Scalar(UInt8(0x30 + Int(value - 0x1D7CE) % 10))))
        default:
            return nil
        }
    }

    struct LookAlike {
        /// Scalars into the text.
        var offset: Int
        var scalar: Unicode.Scalar
        var message: String
        var hint: String
    }

    /// The first look-alike letter of `text` (E112): a compatibility letter
    /// anywhere; or, in a word (a run of letters and marks) that mixes Latin
    /// letters with Greek or Cyrillic ones, a letter that looks like one of
    /// the word's main script: in a mostly Latin word (ties go to Latin) a
    /// Greek or Cyrillic letter that looks Latin (`mеter`), in a mostly
    /// Cyrillic or Greek word a Latin letter that looks like one of its
    /// letters (`мeтр`). Words of two scripts that share no shape (`μm`,
    /// `kΩ`) and words of one script each (`пункт TeX`) are not look-alikes.
    static func firstLookAlike(in text: String) -> LookAlike? {
        if isASCII(text) { return nil }
        let scalars = Array(text.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() {
            if let plain = compatibilityLetters(scalar) {
                return LookAlike(
                    offset: offset, scalar: scalar,
                    message: "\(describe(scalar)) is a compatibility form of '\(plain)'",
                    hint: "write '\(plain)', as people type it")
            }
        }
        var start = 0
        while start < scalars.count {
            guard isWordScalar(scalars[start]) else {
                start += 1
                continue
            }
            var end = start
            while end < scalars.count && isWordScalar(scalars[end]) { end += 1 }
            if let found = mixedLookAlike(scalars[start..<end], wholeText: start == 0 && end == scalars.count) { return found }
            start = end
        }
        return nil
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        ScalarTraits.of(scalar).contains(.wordScalar)
    }

    /// In one word (`word.indices` are offsets into the text), the first
    /// letter that looks like a letter of the word's main script.
    private static func mixedLookAlike(_ word: ArraySlice<Unicode.Scalar>, wholeText: Bool) -> LookAlike? {
        var latin = 0
        var greek = 0
        var cyrillic = 0
        for scalar in word {
            switch script(scalar) {
            case .latin: latin += 1
            case .greek: greek += 1
            case .cyrillic: cyrillic += 1
            case nil: break
            }
        }
        guard latin > 0, greek + cyrillic > 0 else { return nil }
        let text = String(String.UnicodeScalarView(word))
        if latin >= greek + cyrillic {
            for offset in word.indices {
                let scalar = word[offset]
                guard script(scalar) != .latin, let lookAlike = latinOfForeign[scalar] else { continue }
                return LookAlike(
                    offset: offset, scalar: scalar,
                    message: "\(describe(scalar)) looks like the Latin '\(lookAlike)'" + (wholeText ? "" : " in the Latin word '\(text)'"),
                    hint: "write the Latin '\(lookAlike)': a word is written in one script")
            }
            return nil
        }
        let name = cyrillic >= greek ? "Cyrillic" : "Greek"
        let pairs = cyrillic >= greek ? cyrillicLatin.map { ($0.cyrillic, $0.latin) } : greekLatin.map { ($0.greek, $0.latin) }
        for offset in word.indices where script(word[offset]) == .latin {
            let letter = String(Character(word[offset]))
            guard let native = pairs.first(where: { $0.1 == letter })?.0 else { continue }
            return LookAlike(
                offset: offset, scalar: word[offset],
                message: "\(describe(word[offset])) looks like the \(name) '\(Character(native))'" + (wholeText ? "" : " in the \(name) word '\(text)'"),
                hint: "write the \(name) '\(Character(native))': a word is written in one script")
        }
        return nil
    }

    /// `U+0435 CYRILLIC SMALL LETTER IE`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        guard let name = scalar.properties.name else { return code }
        return code + " " + name
    }

    static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

    // MARK: Names that look the same

    /// The first character of `text` that `skeleton` changes other than by
    /// case, described (`U+017F LATIN SMALL LETTER LONG S`); nil when none.
    static func firstDisguise(in text: String) -> String? {
        for scalar in text.unicodeScalars {
            if isBidiControl(scalar) || isInvisible(scalar) || compatibilityLetters(scalar) != nil
                || latinOfForeign[scalar] != nil
            {
                return describe(scalar)
            }
        }
        return nil
    }

    /// What two names that look the same have in common (E113): NFC, the
    /// invisible characters and bidirectional controls left out, every space
    /// made U+0020, every look-alike and compatibility letter above made its
    /// Latin letter, then, when `caseless`, case folded (upper case, then
    /// `TextFolding.fold`: the long s and `ß` fold as in Unicode's full case
    /// folding, `ſ` to `s`, `ß` to `ss`). Symbols keep their case.
    static func skeleton(_ text: String, caseless: Bool) -> String {
        // Most names are ASCII, which the mapping leaves as it is.
        if isASCII(text) { return caseless ? text.lowercased() : text }
        // Written as bytes: appending to a String scalar by scalar cost more than the mapping.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        let composed = String(decoding: text._nfcCodeUnits, as: UTF8.self)
        for scalar in composed.unicodeScalars {
            let traits = ScalarTraits.of(scalar)
            let isSpace = traits.contains(.spaceSeparator)
            if isBidiControl(scalar) || (traits.contains(.invisible) && !isSpace) {
                continue
            }
            if isSpace {
                bytes.append(UInt8(ascii: " "))
            } else if let plain = compatibilityLetters(scalar) ?? foreignLookAlike(scalar) {
                bytes += plain.utf8
            } else {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        let mapped = String(decoding: bytes, as: UTF8.self)
        return caseless
            ? BuildFolding.fold(CaseMapping.uppercased(mapped)) : String(decoding: mapped._nfcCodeUnits, as: UTF8.self)
    }
}
