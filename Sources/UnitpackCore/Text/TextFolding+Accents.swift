extension TextFolding {
    /// Folded text as people type it on a keyboard without their language's
    /// accents (`metros cubicos`, `funtow`, `degres`): each Latin letter
    /// with a diacritic as its base letter (`é` `ó` `ç` `ñ` `ü` as `e` `o`
    /// `c` `n` `u`, and the letters Unicode does not decompose but names as
    /// a letter with a mark: `ł` `ø` `đ` as `l` `o` `d`), every other
    /// scalar as it is (`ß`, `æ` and other scripts: Cyrillic `й` is a
    /// letter of its own, not `и` with a mark). The build files a unit's
    /// name under this key too (`names.kind` 5, docs/database.md) where no
    /// other word has it, so that a phrase typed without accents reads,
    /// shown as a guess. The same idea as Lucene's ASCIIFoldingFilter,
    /// narrowed to marks on Latin letters.
    ///
    /// Judged by the Unicode name of each scalar (`LATIN SMALL LETTER O WITH
    /// STROKE`), which the standard library carries on every platform, for
    /// the Latin blocks only (U+00C0–U+024F, U+1E00–U+1EFF): the build, which
    /// files the names so, and `UnitDatabase.verify`, which checks them, are
    /// the only callers (a phrase reads the filed names, never this).
    public static func withoutAccents(_ text: String) -> String {
        // Most texts have no scalar of the Latin blocks: their UTF-8 has no
        // lead byte of them (U+00C0–U+024F: C3–C9; U+1E00–U+1EFF: E1), which
        // a scan of the bytes finds faster than decoding the scalars.
        let mayHaveOne = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { (0xC3...0xC9).contains($0) || $0 == 0xE1 }
        }
        guard mayHaveOne != false, text.unicodeScalars.contains(where: isAccentedLatinCandidate) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isAccentedLatinCandidate(scalar) ? baseLetter(scalar) ?? scalar : scalar)
        }
        return String(result)
    }

    static func isAccentedLatinCandidate(_ scalar: Unicode.Scalar) -> Bool {
        (0xC0...0x24F).contains(scalar.value) || (0x1E00...0x1EFF).contains(scalar.value)
    }

    /// `é` -> `e`: the base letter of a scalar of the Latin blocks
    /// (`isAccentedLatinCandidate`), nil for one that is no single letter
    /// with a mark (`×`, `ß`, `æ`). From a table of those blocks' 848
    /// scalars made at the first call (about 0.6 ms), not each scalar's
    /// Unicode name looked up at each call: the build's 38,404 calls of
    /// `withoutAccents` took 58.5 million instructions, 46.4 with the table
    /// (36.5 with the scan of the bytes above).
    static func baseLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let value = scalar.value
        let index: Int
        switch value {
        case 0xC0...0x24F: index = Int(value - 0xC0)
        case 0x1E00...0x1EFF: index = 0x24F - 0xC0 + 1 + Int(value - 0x1E00)
        default: return baseLetterByName(scalar)
        }
        let letter = latinBaseLetters[index]
        return letter == 0 ? nil : Unicode.Scalar(letter)
    }

    /// `baseLetter` of each scalar of U+00C0–U+024F, then of U+1E00–U+1EFF
    /// (0: none), by name.
    private static let latinBaseLetters: [UInt8] = (Array(0xC0...0x24F) + Array(0x1E00...0x1EFF)).map {
        baseLetterByName(Unicode.Scalar(UInt32($0))!).map { UInt8($0.value) } ?? 0
    }

    /// `LATIN SMALL LETTER E WITH ACUTE` -> `e`; nil for a scalar that is no
    /// single letter with a mark (`×`, `ß`, `æ`).
    static func baseLetterByName(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard let name = scalar.properties.name else { return nil }
        let small = "LATIN SMALL LETTER ", capital = "LATIN CAPITAL LETTER "
        let isSmall = name.hasPrefix(small)
        guard isSmall || name.hasPrefix(capital) else { return nil }
        let rest = name.utf8.dropFirst(isSmall ? small.utf8.count : capital.utf8.count)
        // One letter, then ` WITH `: `O WITH STROKE`, not `AE` or `SHARP S`.
        guard let letter = rest.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(letter),
            rest.dropFirst().starts(with: " WITH ".utf8)
        else { return nil }
        return Unicode.Scalar(isSmall ? letter | 0x20 : letter)
    }
}
