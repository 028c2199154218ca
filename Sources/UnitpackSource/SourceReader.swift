import Foundation
import UnitpackCore

/// Reads a source directory (`units-src/`, `locales/`) into a `SourceTree`.
/// Never stops at the first problem: every file is read and every reading
/// diagnostic collected.
public enum SourceReader {
    public static let unitsDirectory = "units-src"
    public static let categoriesFile = "categories.tsv"
    public static let idsFile = "ids.tsv"
    public static let clustersFile = "clusters.tsv"
    public static let relationsFile = "relations.tsv"
    public static let usagesFile = "usages.tsv"
    public static let localesDirectory = "locales"
    public static let budgetsFile = "budgets.tsv"

    /// - Parameter directory: the directory holding `units-src/`.
    public static func read(directory: String) -> SourceTree {
        var tree = SourceTree()
        let unitsPath = displayPath(directory, unitsDirectory)
        tree.categoriesPath = unitsPath + "/" + categoriesFile
        tree.idsPath = unitsPath + "/" + idsFile
        tree.clustersPath = unitsPath + "/" + clustersFile
        tree.relationsPath = unitsPath + "/" + relationsFile
        tree.usagesPath = unitsPath + "/" + usagesFile

        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: unitsPath, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            tree.diagnostics.append(
                Diagnostic(
                    .missingSourceDirectory, "no '\(unitsDirectory)' directory here", at: .file(unitsPath),
                    hint: "run in a directory holding units-src/, or pass --source DIR"))
            return tree
        }

        guard let names = listDirectory(unitsPath, into: &tree) else { return tree }
        var locales = SourceTree()
        let codes = localeCodes(directory: directory, into: &locales)
        // The unit files beside the languages, each a piece of one
        // `Parallel` (a `Parallel` inside another runs on one core: the
        // languages read that way, beside the unit files, took longer than
        // after them). Each piece reads into a tree of its own, taken after
        // in the order one loop would read them.
        let parts = Parallel.map(Array(-1..<codes.count)) { [tree] piece -> SourceTree in
            guard piece >= 0 else {
                return BuildTimings.measure("read units-src") {
                    var units = tree
                    readUnitFiles(names, unitsPath: unitsPath, into: &units)
                    return units
                }
            }
            return BuildTimings.measure("read locales/" + codes[piece]) { readLanguage(codes[piece], directory: directory) }
        }
        tree = parts[0]
        tree.localesPath = locales.localesPath
        for part in [locales] + parts.dropFirst() {
            tree.diagnostics += part.diagnostics
            tree.files += part.files
            tree.languages += part.languages
        }
        readBudgets(directory: directory, into: &tree)
        return tree
    }

    /// units-src/'s files (`names`: the directory's entries).
    private static func readUnitFiles(_ names: [String], unitsPath: String, into tree: inout SourceTree) {

        if let lines = readLines(tree.categoriesPath, relative: unitsDirectory + "/" + categoriesFile, into: &tree) {
            tree.categories = lines.compactMap { CategoryRowParser.parse($0, diagnostics: &tree.diagnostics) }
        }
        if FileManager.default.fileExists(atPath: tree.idsPath),
            let lines = readLines(tree.idsPath, relative: unitsDirectory + "/" + idsFile, into: &tree)
        {
            tree.ids = lines.compactMap { IDRowParser.parse($0, diagnostics: &tree.diagnostics) }
        }
        tree.hasClustersFile = FileManager.default.fileExists(atPath: tree.clustersPath)
        if tree.hasClustersFile,
            let lines = readLines(tree.clustersPath, relative: unitsDirectory + "/" + clustersFile, into: &tree)
        {
            tree.clusters = lines.compactMap { ClusterRowParser.parse($0, diagnostics: &tree.diagnostics) }
        }
        if FileManager.default.fileExists(atPath: tree.relationsPath),
            let lines = readLines(tree.relationsPath, relative: unitsDirectory + "/" + relationsFile, into: &tree)
        {
            tree.relations = lines.compactMap { RelationRowParser.parse($0, diagnostics: &tree.diagnostics) }
        }
        if FileManager.default.fileExists(atPath: tree.usagesPath),
            let lines = readLines(tree.usagesPath, relative: unitsDirectory + "/" + usagesFile, into: &tree)
        {
            tree.usages = lines.compactMap { UsageRowParser.parse($0, diagnostics: &tree.diagnostics) }
        }
        let special = [categoriesFile, idsFile, clustersFile, relationsFile, usagesFile]
        for name in names where name.hasSuffix(".tsv") && !special.contains(name) {
            let path = unitsPath + "/" + name
            let key = String(name.dropLast(4))
            guard let lines = readLines(path, relative: unitsDirectory + "/" + name, into: &tree) else { continue }
            let units = lines.compactMap { UnitRowParser.parse($0, category: key, diagnostics: &tree.diagnostics) }
            tree.categoryFiles.append(CategoryFile(key: key, path: path, units: units))
        }
    }

    /// `budgets.tsv`, when there is one. Read aside from the data files: it is
    /// not hashed (see BudgetFileParser).
    static func readBudgets(directory: String, into tree: inout SourceTree) {
        let path = displayPath(directory, budgetsFile)
        tree.budgetsPath = path
        guard FileManager.default.fileExists(atPath: path) else { return }
        let bytes: [UInt8]
        switch SourceFile.bytes(of: path) {
        case .success(let read): bytes = read
        case .failure(let failure):
            tree.diagnostics.append(Diagnostic(.unreadableFile, failure.message, at: .file(path), hint: failure.hint))
            return
        }
        let text = TextLines(bytes: bytes, path: path)
        tree.diagnostics += text.diagnostics
        tree.budgets = BudgetFileParser.parse(text.lines, diagnostics: &tree.diagnostics)
    }

    /// `units-src/x.tsv` when reading `.`, `DIR/units-src/x.tsv` otherwise.
    static func displayPath(_ directory: String, _ child: String) -> String {
        var base = directory
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        return base == "." || base.isEmpty ? child : base + "/" + child
    }

    private static func unreadableHint(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "create it" }
        return isDirectory.boolValue ? "it is a directory; a source file must be a regular file" : "check its permissions"
    }

    /// - Parameter relative: the path inside the source directory, which the
    ///   source hash uses so that it does not depend on where the sources sit.
    static func readLines(_ path: String, relative: String, into tree: inout SourceTree) -> [TSVLine]? {
        guard let bytes = readBytes(path, relative: relative, into: &tree) else { return nil }
        let text = TextLines(bytes: bytes, path: path)
        tree.diagnostics += text.diagnostics
        return text.lines
    }

    /// The bytes of a source file, recorded for the source hash; nil (and a
    /// diagnostic) when it cannot be read.
    static func readBytes(_ path: String, relative: String, into tree: inout SourceTree) -> [UInt8]? {
        // Not FileManager: it would wait forever on a FIFO.
        switch SourceFile.bytes(of: path) {
        case .success(let bytes):
            tree.files.append((relative, bytes))
            return bytes
        case .failure(let failure):
            let hint = FileManager.default.fileExists(atPath: path) ? failure.hint : unreadableHint(path)
            tree.diagnostics.append(Diagnostic(.unreadableFile, failure.message, at: .file(path), hint: hint))
            return nil
        }
    }

    /// The sorted entries of a directory, or `nil` with an E100 finding.
    static func listDirectory(_ path: String, into tree: inout SourceTree) -> [String]? {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        } catch {
            tree.diagnostics.append(
                Diagnostic(.unreadableFile, "cannot list directory: \(error.localizedDescription)", at: .file(path)))
            return nil
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
