import UnitpackCore
import UnitpackSource

/// Every text a person reads or types as a unit's name holds none of the
/// characters that make it show otherwise than it reads back, or read
/// otherwise than it shows: bidirectional controls (E110), invisible
/// characters (E111), look-alike letters (E112). Checked: the names and
/// symbols of `units-src/`; and in `locales/`, the display names, plural
/// forms, symbols and synonyms of the names files, the case forms of
/// `cases.tsv`, the words of `words.tsv` and the patterns of
/// `compounds.tsv`. (`patterns.tsv` and `language.tsv` write invisible
/// characters as escapes and check them themselves, E729; control
/// characters are refused in every line of every file, E106.)
struct NameTextRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for file in tree.categoryFiles {
            for unit in file.units {
                diagnostics += Self.check(unit.name, what: "the unit name")
                for symbol in unit.symbols { diagnostics += Self.check(symbol, what: "the symbol") }
            }
        }
        for language in tree.languages {
            for file in language.nameFiles {
                for row in file.rows {
                    for word in row.words { diagnostics += Self.check(word, what: "the name") }
                    for symbol in row.symbols { diagnostics += Self.check(symbol, what: "the symbol") }
                }
            }
            for row in language.caseForms { diagnostics += Self.check(row.form, what: "the case form") }
            for row in language.phraseWords { diagnostics += Self.check(row.word, what: "the word") }
            for row in language.compoundPatterns { diagnostics += Self.check(row.pattern, what: "the pattern") }
        }
        return diagnostics
    }

    /// At most one finding of each kind in one text, at its first character.
    static func check(_ text: Located<String>, what: String) -> [Diagnostic] {
        // ASCII holds none of them (controls are E106's).
        if NameText.isASCII(text.value) { return [] }
        var diagnostics: [Diagnostic] = []
        let scalars = Array(text.value.unicodeScalars)
        if let offset = scalars.firstIndex(where: NameText.isBidiControl) {
            diagnostics.append(
                Diagnostic(
                    .bidiControl,
                    "\(what) '\(text.value)' holds a bidirectional control, \(NameText.describe(scalars[offset]))",
                    at: text.location.advanced(by: offset),
                    hint: "remove it: it shows the text in another order than it is stored, and nobody types it"))
        }
        if let offset = scalars.firstIndex(where: NameText.isInvisible) {
            let scalar = scalars[offset]
            let isSpace = scalar.properties.generalCategory == .spaceSeparator
            diagnostics.append(
                Diagnostic(
                    .invisibleCharacter,
                    "\(what) '\(text.value)' holds \(isSpace ? "a space other than U+0020" : "an invisible character"), \(NameText.describe(scalar))",
                    at: text.location.advanced(by: offset),
                    hint: isSpace
                        ? "write a plain space (U+0020): a name with another matches nothing a person types"
                        : "remove it: a name that holds it looks like one without and matches nothing a person types"))
        }
        if let found = NameText.firstLookAlike(in: text.value) {
            diagnostics.append(
                Diagnostic(
                    .lookAlikeLetter, "\(what) '\(text.value)' holds a look-alike letter: " + found.message,
                    at: text.location.advanced(by: found.offset), hint: found.hint))
        }
        return diagnostics
    }
}

/// Two units of one category whose names (or symbols) differ, but not to the
/// eye: equal after look-alike letters are made Latin, invisible characters
/// left out and the case folded (`NameText.skeleton`), as `ſmoot` and
/// `smoot`, a Greek `ΒΟΧ` and `box`. Names the same when compared ignoring
/// case are E201 and E717; this is the rest (E113). Checked among the unit
/// names of a category file (ignoring case), its symbols (case kept), and in
/// each names file the words (ignoring case) and the symbols (case kept).
struct LookAlikeNameRule: CheckRule {
    func check(_ tree: SourceTree) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for file in tree.categoryFiles {
            var names = Claims(caseless: true, compared: { $0.lowercased() })
            var symbols = Claims(caseless: false, compared: { $0 })
            for unit in file.units where !unit.name.value.isEmpty {
                diagnostics += names.claim(unit.name, for: unit.name.value, what: "the unit name", place: "'\(file.key)'")
                for symbol in unit.symbols {
                    diagnostics += symbols.claim(symbol, for: unit.name.value, what: "the symbol", place: "'\(file.key)'")
                }
            }
        }
        for language in tree.languages {
            for file in language.nameFiles {
                var words = Claims(caseless: true, compared: BuildFolding.fold)
                var symbols = Claims(caseless: false, compared: { $0 })
                let place = "'\(file.category)' (\(language.code))"
                for row in file.rows {
                    for word in row.words {
                        diagnostics += words.claim(word, for: row.unit.value, what: "the word", place: place)
                    }
                    for symbol in row.symbols {
                        diagnostics += symbols.claim(symbol, for: row.unit.value, what: "the symbol", place: place)
                    }
                }
            }
        }
        return diagnostics
    }

    /// The first text of each skeleton, and its unit.
    struct Claims {
        var caseless: Bool
        /// How the rule that reports equal texts compares them (E201, E717):
        /// texts equal so are not reported again here.
        var compared: (String) -> String
        /// By skeleton, which is NFC as a folded word is.
        var first: [UTF8Key: (text: Located<String>, unit: String)] = [:]

        mutating func claim(_ text: Located<String>, for unit: String, what: String, place: String) -> [Diagnostic] {
            let key = UTF8Key(NameText.skeleton(text.value, caseless: caseless))
            guard let earlier = first[key] else {
                first[key] = (text, unit)
                return []
            }
            guard earlier.unit != unit, compared(earlier.text.value) != compared(text.value) else { return [] }
            let disguise = [text.value, earlier.text.value].lazy
                .compactMap { value in NameText.firstDisguise(in: value).map { ": '\(value)' holds \($0)" } }.first ?? ""
            return [
                Diagnostic(
                    .lookAlikeNames,
                    "\(what) '\(text.value)' of '\(unit)' looks the same as '\(earlier.text.value)' of '\(earlier.unit)' in \(place)\(disguise)",
                    at: text.location, notes: [.init("'\(earlier.text.value)' is here", at: earlier.text.location)],
                    hint: "a reader cannot tell them apart: write it in plain letters of one script, or give it to one unit only"),
            ]
        }
    }
}
