import Testing

@testable import UnitpackDatabase

/// The object cache's keys for language lists (`LanguageKeys`): two lists
/// never share one, numbered or not, and a list keeps its key.
@Suite struct LanguageKeysTests {
    @Test func distinctListsHaveDistinctKeys() {
        var keys = LanguageKeys()
        // Past the numbered ones too, and lists a comma join would confuse.
        var lists: [[String]] = [[], [""], ["en"], ["en", "ru"], ["en,ru"], ["ru", "en"], ["", "en"], ["en", ""]]
        for index in 0..<(LanguageKeys.mostNumbered + 20) { lists.append(["x\(index)", "en"]) }
        // Past the numbered ones: keys of the codes themselves.
        lists += [["", ""], ["", "", ""], ["\u{1}0"], ["en", "ru", ""]]
        var seen: [String: [String]] = [:]
        for list in lists {
            let entry = keys.entry(for: list)
            #expect(entry.codes == list)
            #expect(entry.prefix == entry.key + "\t")
            #expect(seen[entry.key] == nil, "\(list) and \(seen[entry.key] ?? []) share the key \(entry.key)")
            seen[entry.key] = list
        }
        // Asked again, after others: the same key.
        for list in lists.reversed() {
            #expect(seen[keys.entry(for: list).key] == list)
        }
    }

    /// A numbered key and a lookup's prefix stay within a String's inline
    /// bytes, whatever the list's length; a list past the numbered ones
    /// gets the long key.
    @Test func numberedKeysAreShort() {
        var keys = LanguageKeys()
        let all = ["ar", "de", "en", "es", "fr", "it", "ja", "nl", "pl", "pt", "ru", "uk"]
        #expect(keys.entry(for: all).key.utf8.count <= 4)
        for index in 0..<LanguageKeys.mostNumbered { _ = keys.entry(for: ["x\(index)"]) }
        #expect(keys.entry(for: all).key.utf8.count <= 4)
        #expect(keys.entry(for: ["de", "en"]).key == "\u{2}de\u{1F}en\u{1F}")
        #expect(keys.entry(for: []).key == "\u{2}")
    }
}
