import Testing
import UnitpackTestSupport
import UnitpackCore
import UnitpackDigest


private func hex(_ bytes: [UInt8]) -> String {
    let table = Array("0123456789abcdef")
    var text = ""
    for byte in bytes {
        text.append(table[Int(byte >> 4)])
        text.append(table[Int(byte & 0x0F)])
    }
    return text
}

/// Bytes 0, 1, 2, …, 250, 0, 1, … (expected digests computed with `sha256sum`).
private func pattern(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8($0 % 251) }
}

@Suite struct SHA256Tests {
    // FIPS 180-4 / NIST CSRC example vectors.

    @Test func emptyMessage() {
        #expect(SHA256.hexDigest([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(SHA256().finalize()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func abc() {
        let expected = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        #expect(SHA256.hexDigest("abc".utf8) == expected)
        var hasher = SHA256()
        hasher.update("abc")
        let digest = hasher.finalize()
        #expect(digest.count == 32)
        #expect(hex(digest) == expected)
    }

    @Test func message448Bits() {
        let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(message.utf8.count == 56)
        #expect(SHA256.hexDigest(message.utf8) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func message896Bits() {
        let message = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(message.utf8.count == 112)
        #expect(SHA256.hexDigest(message.utf8) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test func oneMillionA() {
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        // One shot from contiguous storage.
        #expect(SHA256.hexDigest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)) == expected)
        // 1000 updates of 1000 bytes.
        var hasher = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(chunk) }
        #expect(hex(hasher.finalize()) == expected)
        // Non-contiguous sequence, byte by byte through the fallback path.
        #expect(SHA256.hexDigest(repeatElement(UInt8(ascii: "a"), count: 1_000_000)) == expected)
    }

    // Lengths around the padding boundaries (55/56 bytes: one vs two final blocks).

    @Test(arguments: [
        (55, "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59"),
        (56, "da2ae4d6b36748f2a318f23e7ab1dfdf45acdc9d049bd80e59de82a60895f562"),
        (63, "29af2686fd53374a36b0846694cc342177e428d1647515f078784d69cdb9e488"),
        (64, "fdeab9acf3710362bd2658cdc9a29e8f9c757fcf9811603a8c447cd1d9151108"),
        (65, "4bfd2c8b6f1eec7a2afeb48b934ee4b2694182027e6d0fc075074f2fabb31781"),
        (119, "da18797ed7c3a777f0847f429724a2d8cd5138e6ed2895c3fa1a6d39d18f7ec6"),
        (120, "f52b23db1fbb6ded89ef42a23ce0c8922c45f25c50b568a93bf1c075420bbb7c"),
        (128, "471fb943aa23c511f6f72f8d1652d9c880cfa392ad80503120547703e56a2be5"),
    ])
    func paddingBoundaries(length: Int, expected: String) {
        let bytes = pattern(length)
        #expect(SHA256.hexDigest(bytes) == expected)
        #expect(SHA256.hexDigest(bytes.lazy.map { $0 }) == expected, "non-contiguous path")
        var byteByByte = SHA256()
        for byte in bytes { byteByByte.update(CollectionOfOne(byte)) }
        #expect(hex(byteByByte.finalize()) == expected, "one byte per update")
    }

    @Test func stringUpdateHashesUTF8() {
        let text = "héllo, wörld ✓"
        var hasher = SHA256()
        hasher.update(text)
        #expect(hex(hasher.finalize()) == "b7cbe411256e0b5887b988d8d079bc047e75f6af00bb572d77291d65b2517de1")
        #expect(SHA256.hexDigest(Array(text.utf8)) == "b7cbe411256e0b5887b988d8d079bc047e75f6af00bb572d77291d65b2517de1")
        // A bridged/substring-backed String goes through the same path.
        let sub = "xx" + text + "yy"
        var hasher2 = SHA256()
        hasher2.update(String(sub.dropFirst(2).dropLast(2)))
        #expect(hex(hasher2.finalize()) == "b7cbe411256e0b5887b988d8d079bc047e75f6af00bb572d77291d65b2517de1")
    }

    @Test func copyForksTheComputation() {
        var prefix = SHA256()
        prefix.update("ab")
        var copy = prefix
        copy.update("c")
        prefix.update("d")
        #expect(hex(copy.finalize()) == SHA256.hexDigest("abc".utf8))
        #expect(hex(prefix.finalize()) == SHA256.hexDigest("abd".utf8))
    }

    /// Splitting the message at random points, and mixing contiguous and
    /// non-contiguous updates, never changes the digest.
    @Test func incrementalUpdatesMatchOneShot() {
        let seed: UInt64 = 0x5EED_0000_0000_0256
        var rng = SeededGenerator(seed: seed)
        for trial in 0..<200 {
            let length = Int.random(in: 0...700, using: &rng)
            let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let oneShot = SHA256.hexDigest(message)

            var hasher = SHA256()
            var position = 0
            var cuts: [Int] = []
            while position < length {
                let piece = min(length - position, Int.random(in: 0...150, using: &rng))
                let slice = message[position..<(position + piece)]
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: hasher.update(slice)                    // ArraySlice: contiguous
                case 1: hasher.update(slice.lazy.map { $0 })    // not contiguous
                default: hasher.update(Array(slice))
                }
                position += piece
                cuts.append(position)
            }
            #expect(
                hex(hasher.finalize()) == oneShot,
                "seed \(seed) trial \(trial): length \(length), cuts \(cuts)")
        }
    }

    @Test func throughput() {
        // 8 MiB should take well under a second even in debug builds of the tests.
        let data = [UInt8](repeating: 0x5A, count: 8 << 20)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(SHA256.hexDigest(data).count == 64)
        }
        #expect(elapsed < .seconds(10), "SHA-256 of 8 MiB took \(elapsed)")
    }
}
