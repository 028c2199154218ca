/// Whether bytes are well-formed UTF-8, told without making a String: the
/// texts a parse after `purge()` reads (phrase words, blocks of names) were
/// each copied into a String and compared back, two passes and an
/// allocation for a yes or no.
package enum UTF8Validation {
    /// Whether `bytes` are well-formed UTF-8 (The Unicode Standard, Table
    /// 3-7: no overlong form, no surrogate, nothing past U+10FFFF): what
    /// `String(decoding:as:)` keeps unchanged.
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard var at = bytes.baseAddress else { return true }
        let end = at + bytes.count
        while at < end {
            // Eight ASCII bytes at a time: most of a text of Latin words.
            while end - at >= 8, UnsafeRawPointer(at).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { at += 8 }
            guard at < end else { return true }
            let lead = at.pointee
            if lead < 0x80 {
                at += 1
                continue
            }
            // The bytes after the lead, and the range of the first of them.
            let following: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: following = 1
            case 0xE0:
                following = 2
                low = 0xA0
            case 0xED:
                following = 2
                high = 0x9F
            case 0xE1...0xEC, 0xEE...0xEF: following = 2
            case 0xF0:
                following = 3
                low = 0x90
            case 0xF1...0xF3: following = 3
            case 0xF4:
                following = 3
                high = 0x8F
            default: return false
            }
            guard end - at > following, at[1] >= low, at[1] <= high else { return false }
            if following >= 2, at[2] & 0xC0 != 0x80 { return false }
            if following == 3, at[3] & 0xC0 != 0x80 { return false }
            at += following + 1
        }
        return true
    }

    /// `isValid` of an array's bytes.
    package static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }
}
