import UnitpackCore
import UnitpackDatabase

/// The phrase reader's cached values, costed as `ApproximateSize` (UnitpackCore) says.
extension ApproximateSize {
    static func ofPhraseLanguage(_ key: ByteString, _ found: PhraseReader.PhraseLanguage) -> Int {
        var size = of(key.string) + allocation(objectHeader + MemoryLayout<PhraseReader.PhraseLanguage>.stride)
        for code in found.languages { size += of(code) }
        size += dictionary(count: found.named.count, keyStride: MemoryLayout<UnitID>.stride, valueStride: 8)
        for languages in found.named.values { size += dictionary(count: languages.count, keyStride: 16, valueStride: 0) }
        size += allocation(objectHeader + found.namesInLanguages.count)
        for word in found.words {
            size += allocation(objectHeader + MemoryLayout<PhraseReader.NameLanguage>.stride * word.count)
            for name in word { size += of(name.language) }
        }
        return size
    }

    static func ofNameLanguages(_ word: ByteString, _ names: [PhraseReader.NameLanguage]) -> Int {
        var size = of(word.string) + allocation(objectHeader + MemoryLayout<[PhraseReader.NameLanguage]>.stride)
        if !names.isEmpty { size += allocation(objectHeader + MemoryLayout<PhraseReader.NameLanguage>.stride * names.count) }
        for name in names { size += of(name.language) }
        return size
    }
}
