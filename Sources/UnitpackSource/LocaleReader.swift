import Foundation
import UnitpackCore

extension SourceReader {
    public static let languageFile = "language.tsv"
    public static let pluralsFile = "plurals.txt"

    /// The `locales/<lang>/` directories to read: `locales/` itself is
    /// optional; files directly inside it (a README) are not languages and
    /// are skipped. But `locales` that exists and is not a directory (a
    /// file, a symlink to nothing) is a mistake, not "no languages": it
    /// would build a database without a word of any language (E724).
    /// Empty when there are none to read.
    static func localeCodes(directory: String, into tree: inout SourceTree) -> [String] {
        let localesPath = displayPath(directory, localesDirectory)
        tree.localesPath = localesPath
        guard isDirectory(localesPath) else {
            // fileExists follows symlinks, so a dangling one needs asking apart.
            let dangling = (try? FileManager.default.destinationOfSymbolicLink(atPath: localesPath)) != nil
            if dangling || FileManager.default.fileExists(atPath: localesPath) {
                tree.diagnostics.append(
                    Diagnostic(.localesNotDirectory,
                               dangling && !FileManager.default.fileExists(atPath: localesPath)
                                   ? "'\(localesDirectory)' is a symbolic link to nothing, not a directory"
                                   : "'\(localesDirectory)' is not a directory",
                               at: .file(localesPath),
                               hint: "make \(localesDirectory)/ a directory holding one directory per language, or remove it for a tree without languages"))
            }
            return []
        }
        guard let entries = listDirectory(localesPath, into: &tree) else { return [] }
        return entries.filter { !$0.hasPrefix(".") && isDirectory(localesPath + "/" + $0) }
    }

    /// One `locales/<code>/` directory, into a tree of its own.
    static func readLanguage(_ code: String, directory: String) -> SourceTree {
        var part = SourceTree()
        readLanguage(code, localesPath: displayPath(directory, localesDirectory), into: &part)
        return part
    }

    private static func readLanguage(_ code: String, localesPath: String, into tree: inout SourceTree) {
        let directory = localesPath + "/" + code
        let relative = localesDirectory + "/" + code
        guard LanguageCode.isValid(code) else {
            tree.diagnostics.append(
                Diagnostic(.invalidLanguageFile, "'\(code)' is not a language tag", at: .file(directory),
                           hint: "name the directory by its BCP 47 tag: 'en', 'ru', 'pt-BR', 'zh-Hant'"))
            return
        }
        var language = LanguageSource(
            code: code, directory: directory, settings: nil, settingsPath: directory + "/" + languageFile,
            plurals: nil, pluralsPath: directory + "/" + pluralsFile, nameFiles: [])

        if FileManager.default.fileExists(atPath: language.settingsPath) {
            if let lines = readLines(language.settingsPath, relative: relative + "/" + languageFile, into: &tree) {
                language.settings = LanguageFileParser.parse(
                    lines, path: language.settingsPath, diagnostics: &tree.diagnostics)
            }
        } else {
            tree.diagnostics.append(
                Diagnostic(.invalidLanguageFile, "no \(languageFile) in \(directory)/", at: .file(language.settingsPath),
                           hint: "create it with the keys name, status, decimal, group (docs/source-format.md)"))
        }

        if FileManager.default.fileExists(atPath: language.pluralsPath) {
            if let text = readText(language.pluralsPath, relative: relative + "/" + pluralsFile, into: &tree) {
                let (rules, diagnostics) = PluralRules.parse(text, path: language.pluralsPath)
                tree.diagnostics += diagnostics
                language.plurals = rules
            }
        } else {
            tree.diagnostics.append(
                Diagnostic(.missingPluralRules, "'\(code)' has no plural rules", at: .file(language.pluralsPath),
                           hint: "copy the language's rules from CLDR's supplemental/plurals.xml into \(pluralsFile)"))
        }

        let names = listDirectory(directory, into: &tree) ?? []
        // The optional files: read when the directory has them.
        func lines(of name: String) -> [TSVLine]? {
            guard names.contains(name) else { return nil }
            return readLines(directory + "/" + name, relative: relative + "/" + name, into: &tree)
        }
        if let lines = lines(of: PhraseWordParser.fileName) {
            language.phraseWords = PhraseWordParser.parse(lines, diagnostics: &tree.diagnostics)
        }
        let plurals = language.plurals?.categories
        if let lines = lines(of: CaseFormParser.fileName) {
            language.caseForms = CaseFormParser.parse(lines, language: code, plurals: plurals, diagnostics: &tree.diagnostics)
        }
        if let lines = lines(of: CompoundPatternParser.fileName) {
            language.compoundPatterns = CompoundPatternParser.parse(
                lines, language: code, plurals: plurals, diagnostics: &tree.diagnostics)
        }
        if let lines = lines(of: UnitPatternParser.fileName) {
            language.unitPatterns = UnitPatternParser.parse(lines, language: code, plurals: plurals, diagnostics: &tree.diagnostics)
        }
        if let lines = lines(of: QueryRewriteParser.keyboardFile) {
            language.queryRewrite.keyboardRows = QueryRewriteParser.parseKeyboard(lines, diagnostics: &tree.diagnostics)
        }
        if let lines = lines(of: QueryRewriteParser.transliterationFile) {
            language.queryRewrite.transliteration = QueryRewriteParser.parseTransliteration(lines, diagnostics: &tree.diagnostics)
        }
        let dataFiles: Set = [
            languageFile, PhraseWordParser.fileName, CaseFormParser.fileName, CompoundPatternParser.fileName,
            UnitPatternParser.fileName, QueryRewriteParser.keyboardFile, QueryRewriteParser.transliterationFile,
        ]
        for name in names where name.hasSuffix(".tsv") && !dataFiles.contains(name) {
            let path = directory + "/" + name
            guard let lines = readLines(path, relative: relative + "/" + name, into: &tree) else { continue }
            language.nameFiles.append(
                NameFileParser.parse(
                    lines, category: String(name.dropLast(4)), path: path, language: code,
                    plurals: language.plurals?.categories, diagnostics: &tree.diagnostics))
        }
        tree.languages.append(language)
    }

    /// A whole file as text, with the reading diagnostics of a TSV file (BOM,
    /// UTF-8, CRLF, a CR alone, control characters); the BOM and the CRs of
    /// CRLF are dropped so columns stay right, and a CR alone is read as the
    /// line break it was meant as (E107 says so), as `TextLines` reads it.
    private static func readText(_ path: String, relative: String, into tree: inout SourceTree) -> String? {
        guard let bytes = readBytes(path, relative: relative, into: &tree) else { return nil }
        tree.diagnostics += TextLines(bytes: bytes, path: path).diagnostics
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return TextLines.rawLines(String(decoding: body, as: UTF8.self)).map(\.0).joined(separator: "\n")
    }
}

/// BCP 47 tags as this project uses them: a 2–3 letter lower-case language,
/// then subtags of 2–8 ASCII letters or digits (`pt-BR`, `zh-Hant`, `sr-Latn`).
public enum LanguageCode {
    public static func isValid(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
            language.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count) && part.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        }
    }
}
