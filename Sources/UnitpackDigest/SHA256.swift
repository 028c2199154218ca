// SHA-256 (FIPS 180-4), pure Swift standard library.
//
// Build-only (the compiler, `unitpack verify`): the runtime never hashes, so
// this module stays out of an app's link (docs/platforms.md). Pure Swift,
// without CryptoKit or swift-crypto, so that Linux and every Apple platform
// hash alike. It fingerprints every source file, so the block function works on whole 64-byte blocks read
// straight out of the caller's contiguous storage whenever it can, keeps the
// message schedule in a stack buffer, and never allocates per byte.

/// An incremental SHA-256 hasher (FIPS 180-4).
///
/// Feed bytes with `update(_:)` any number of times, then call
/// ``finalize()`` once to get the 32-byte digest:
///
/// ```swift
/// var hasher = SHA256()
/// hasher.update("ab")
/// hasher.update([UInt8(ascii: "c")])
/// let digest = hasher.finalize()   // ba7816bf…
/// ```
///
/// Splitting the input across calls never changes the digest. The hasher is a
/// value type: copying it forks the computation, which lets callers hash a
/// common prefix once.
public struct SHA256: Sendable {
    /// The eight working hash words H0...H7.
    private var state: State
    /// Bytes of an incomplete block (always fewer than 64 between calls).
    private var pending: [UInt8]
    /// Total message length so far, in bytes (the spec's length is mod 2^64 bits).
    private var byteCount: UInt64

    /// The size of one SHA-256 block in bytes.
    private static let blockSize = 64

    /// Creates a hasher for an empty message.
    ///
    /// - Complexity: O(1).
    public init() {
        state = State()
        pending = []
        pending.reserveCapacity(SHA256.blockSize)
        byteCount = 0
    }

    /// Appends bytes to the message being hashed.
    ///
    /// Contiguous collections (`Array`, `ArraySlice`, `UnsafeBufferPointer`,
    /// `String.UTF8View` of a native string, …) are hashed directly from their
    /// storage; other sequences are copied through a 256-byte stack buffer.
    /// This method is `@inlinable` so the element loop for non-contiguous
    /// sequences is specialized in the caller's module instead of running
    /// through generic witness tables.
    ///
    /// - Parameter bytes: The next bytes of the message.
    /// - Complexity: O(*n*), where *n* is the number of bytes.
    @inlinable
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            absorb(UnsafeRawBufferPointer(buffer))
        }
        if handled != nil { return }

        let chunkSize = 256
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunkSize) { chunk in
            var count = 0
            for byte in bytes {
                chunk[count] = byte
                count += 1
                if count == chunkSize {
                    absorb(UnsafeRawBufferPointer(start: chunk.baseAddress, count: count))
                    count = 0
                }
            }
            if count > 0 {
                absorb(UnsafeRawBufferPointer(start: chunk.baseAddress, count: count))
            }
        }
    }

    /// Appends the UTF-8 encoding of `string` to the message being hashed.
    ///
    /// - Parameter string: Text whose UTF-8 bytes (no terminator, no BOM) are hashed.
    /// - Complexity: O(*n*), where *n* is the UTF-8 length of `string`.
    public mutating func update(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            absorb(UnsafeRawBufferPointer(utf8))
        }
    }

    /// Pads the message, processes the final block(s), and returns the digest.
    ///
    /// The hasher is consumed; to keep hashing after taking a digest, finalize
    /// a copy instead.
    ///
    /// - Returns: The 32-byte SHA-256 digest, most significant byte first.
    /// - Complexity: O(1) (at most two more blocks are processed).
    public consuming func finalize() -> [UInt8] {
        let bitLength = byteCount &* 8

        // 0x80, zeros up to 56 mod 64, then the 64-bit big-endian bit length.
        var tail = pending
        tail.reserveCapacity(2 * SHA256.blockSize)
        tail.append(0x80)
        while tail.count % SHA256.blockSize != 56 {
            tail.append(0)
        }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }

        var words = state
        tail.withUnsafeBytes { raw in
            SHA256.compress(&words, blocks: raw.baseAddress!, count: raw.count / SHA256.blockSize)
        }

        var digest = [UInt8]()
        digest.reserveCapacity(32)
        for word in words.array {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// Hashes `bytes` in one shot and returns the digest as lower-case hex.
    ///
    /// ```swift
    /// SHA256.hexDigest("abc".utf8)
    /// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    /// ```
    ///
    /// - Parameter bytes: The complete message.
    /// - Returns: 64 lower-case hexadecimal characters.
    /// - Complexity: O(*n*), where *n* is the number of bytes.
    @inlinable
    public static func hexDigest<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return lowercaseHex(hasher.finalize())
    }

    /// Lower-case hexadecimal text of `bytes`, two characters per byte.
    @usableFromInline
    internal static func lowercaseHex(_ bytes: [UInt8]) -> String {
        let hexDigits: StaticString = "0123456789abcdef"
        return hexDigits.withUTF8Buffer { table in
            var text = [UInt8]()
            text.reserveCapacity(bytes.count * 2)
            for byte in bytes {
                text.append(table[Int(byte >> 4)])
                text.append(table[Int(byte & 0x0F)])
            }
            return String(decoding: text, as: UTF8.self)
        }
    }

    // MARK: - Block processing

    /// Hashes bytes that live in contiguous memory, taking whole blocks
    /// straight from the caller's buffer. (Internal; `@usableFromInline` only
    /// so the inlinable `update(_:)` can call it.)
    @usableFromInline
    internal mutating func absorb(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let total = bytes.count
        byteCount &+= UInt64(total)
        var offset = 0

        // Top up a partially filled block first.
        if !pending.isEmpty {
            let take = min(SHA256.blockSize - pending.count, total)
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: take))
            offset = take
            if pending.count == SHA256.blockSize {
                flushPendingBlock()
            }
        }

        // Whole blocks, directly from the input.
        let wholeBlocks = (total - offset) / SHA256.blockSize
        if wholeBlocks > 0 {
            SHA256.compress(&state, blocks: base + offset, count: wholeBlocks)
            offset += wholeBlocks * SHA256.blockSize
        }

        // Keep the remainder for next time.
        if offset < total {
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base + offset, count: total - offset))
        }
    }

    /// Compresses the full 64-byte `pending` buffer into the state and empties it.
    private mutating func flushPendingBlock() {
        var words = state
        pending.withUnsafeBytes { raw in
            SHA256.compress(&words, blocks: raw.baseAddress!, count: 1)
        }
        state = words
        pending.removeAll(keepingCapacity: true)
    }

    /// Runs the SHA-256 compression function over `count` consecutive 64-byte
    /// blocks starting at `blocks` (no alignment required).
    private static func compress(_ hash: inout State, blocks: UnsafeRawPointer, count: Int) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            roundConstants.withUnsafeBufferPointer { k in
                var h0 = hash.h0, h1 = hash.h1, h2 = hash.h2, h3 = hash.h3
                var h4 = hash.h4, h5 = hash.h5, h6 = hash.h6, h7 = hash.h7

                for blockIndex in 0..<count {
                    let block = blocks + blockIndex * blockSize
                    for t in 0..<16 {
                        w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
                    }
                    for t in 16..<64 {
                        let x = w[t - 15], y = w[t - 2]
                        let s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x &>> 3)
                        let s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y &>> 10)
                        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                    }

                    var a = h0, b = h1, c = h2, d = h3
                    var e = h4, f = h5, g = h6, h = h7
                    for t in 0..<64 {
                        let sigma1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                        let choose = (e & f) ^ (~e & g)
                        let t1 = h &+ sigma1 &+ choose &+ k[t] &+ w[t]
                        let sigma0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = sigma0 &+ majority
                        h = g
                        g = f
                        f = e
                        e = d &+ t1
                        d = c
                        c = b
                        b = a
                        a = t1 &+ t2
                    }

                    h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
                    h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                }

                hash = State(h0: h0, h1: h1, h2: h2, h3: h3, h4: h4, h5: h5, h6: h6, h7: h7)
            }
        }
    }

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
        (x &>> n) | (x &<< (32 &- n))
    }

    /// The hash words H0...H7, stored inline (no heap allocation).
    private struct State: Sendable {
        var h0: UInt32 = 0x6a09_e667
        var h1: UInt32 = 0xbb67_ae85
        var h2: UInt32 = 0x3c6e_f372
        var h3: UInt32 = 0xa54f_f53a
        var h4: UInt32 = 0x510e_527f
        var h5: UInt32 = 0x9b05_688c
        var h6: UInt32 = 0x1f83_d9ab
        var h7: UInt32 = 0x5be0_cd19

        var array: [UInt32] { [h0, h1, h2, h3, h4, h5, h6, h7] }
    }

    /// K0...K63: the first 32 bits of the fractional parts of the cube roots
    /// of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}
