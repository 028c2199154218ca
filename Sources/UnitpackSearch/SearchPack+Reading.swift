import CZlib
import UnitpackCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading the pack's bytes: whole reads from the file, CRC-32 and inflating.
extension SearchPack {
    static func read(_ descriptor: Int32, _ path: String, offset: Int, count: Int) throws(SearchPackError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        try bytes.withUnsafeMutableBufferPointer { buffer throws(SearchPackError) in
            try read(descriptor, path, offset: offset, into: buffer)
        }
        return bytes
    }

    /// Fills `buffer` from `offset`, or throws: a short file is truncated.
    static func read(_ descriptor: Int32, _ path: String, offset: Int, into buffer: UnsafeMutableBufferPointer<UInt8>)
        throws(SearchPackError)
    {
        let count = buffer.count
        var done = 0
        while done < count {
            let result = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
            if result < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, errno: errno)
            }
            if result == 0 { throw .truncated(path: path, damage: .read(count: count, offset: offset)) }
            done += result
        }
    }

    /// zlib's CRC-32 (the same function as `CRC32.checksum`, several times faster).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { crc32($0) }
    }

    static func crc32(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        UInt32(CZlib.crc32(0, bytes.baseAddress, uInt(bytes.count)))
    }

    struct InflateError: Error { let damage: SearchPackError.StreamDamage }

    /// Room past the declared length that `inflate(_:rawLength:into:...)`
    /// wants in its output: zlib's fast loop runs only while 258 bytes of
    /// output (a longest match) are free, so without it the last 258 bytes
    /// of every shard are inflated a symbol at a time by the slow loop.
    static let inflateSlack = 258

    /// Inflates a zlib stream that must give exactly `rawLength` bytes,
    /// refusing a declared length over `SearchPackFormat.maxShardBytes` before allocating.
    static func inflate(_ compressed: [UInt8], rawLength: Int, dictionary: [UInt8] = [], dictionaryID: UInt32 = 0)
        throws(InflateError) -> [UInt8]
    {
        guard rawLength <= SearchPackFormat.maxShardBytes else {
            throw InflateError(damage: .tooLarge(bytes: rawLength, limit: SearchPackFormat.maxShardBytes))
        }
        var failure: InflateError?
        let raw = [UInt8](unsafeUninitializedCapacity: rawLength + inflateSlack) { output, written in
            compressed.withUnsafeBufferPointer { input in
                do throws(InflateError) {
                    try inflate(input, rawLength: rawLength, into: output, dictionary: dictionary, dictionaryID: dictionaryID)
                } catch {
                    failure = error
                }
            }
            // Bytes are plain values: what zlib did not write needs no deinitialising.
            written = failure == nil ? rawLength : 0
        }
        if let failure { throw failure }
        return raw
    }

    /// Inflates into the first `rawLength` bytes of `output`, which has
    /// `inflateSlack` more. With a `dictionary`, the stream must name it
    /// (FDICT, DICTID `dictionaryID`). `padded`: `compressed` has
    /// `FixedBlockInflater.inputPadding` readable bytes past its end, and
    /// a stream of fixed blocks (what the writer makes) is inflated by
    /// `FixedBlockInflater`; zlib inflates any other stream and names
    /// what is wrong with a damaged one.
    static func inflate(_ compressed: UnsafeBufferPointer<UInt8>, rawLength: Int, into output: UnsafeMutableBufferPointer<UInt8>,
                        dictionary: [UInt8], dictionaryID: UInt32, padded: Bool = false) throws(InflateError)
    {
        precondition(output.count >= rawLength + inflateSlack)
        // A zlib stream is a 2-byte header, a DICTID when it has a preset
        // dictionary, raw deflate data and an Adler-32 of the output. The
        // shard's CRC-32 already covers every compressed byte, so the deflate
        // data is inflated raw and the Adler-32 (a tenth of the inflate time)
        // is not recomputed; a corrupt stream still fails below.
        let start = dictionary.isEmpty ? 2 : 6
        guard compressed.count >= start + 4 + 1, (Int(compressed[0]) << 8 | Int(compressed[1])) % 31 == 0,
              compressed[0] & 0x0F == 8, compressed[0] >> 4 <= 7
        else { throw InflateError(damage: .notZlib) }
        guard (compressed[1] & 0x20 != 0) == !dictionary.isEmpty else {
            throw InflateError(damage: dictionary.isEmpty ? .presetDictionary : .noDictionary)
        }
        if !dictionary.isEmpty {
            let named = compressed[2...5].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard named == dictionaryID else { throw InflateError(damage: .otherDictionary(expected: dictionaryID, found: named)) }
        }
        if padded {
            let fixed = dictionary.withUnsafeBufferPointer { dictionary in
                FixedBlockInflater.inflate(
                    UnsafeBufferPointer(rebasing: compressed[start...]), bodyLength: compressed.count - start - 4,
                    into: output.baseAddress!, rawLength: rawLength, slack: inflateSlack, dictionary: dictionary)
            }
            if fixed { return }
        }
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw InflateError(damage: .zlibCannotStart)
        }
        defer { inflateEnd(&stream) }
        if !dictionary.isEmpty {
            let status = dictionary.withUnsafeBufferPointer { inflateSetDictionary(&stream, $0.baseAddress, uInt($0.count)) }
            guard status == Z_OK else { throw InflateError(damage: .dictionaryRefused(status: status)) }
        }
        // The Adler-32 is given too, though never read: a raw inflater stops
        // at the last block, and zlib's fast loop wants 6 bytes of input ahead.
        let body = compressed.count - start - 4
        stream.next_in = UnsafeMutablePointer(mutating: compressed.baseAddress! + start)
        stream.avail_in = uInt(body + 4)
        stream.next_out = output.baseAddress
        stream.avail_out = uInt(rawLength + inflateSlack)
        let status = CZlib.inflate(&stream, Z_FINISH)
        let produced = rawLength + inflateSlack - Int(stream.avail_out)
        let consumed = body + 4 - Int(stream.avail_in)
        switch status {
        case Z_STREAM_END:
            guard produced <= rawLength else {
                throw InflateError(damage: .longer(produced: produced, declared: rawLength))
            }
            guard produced == rawLength else { throw InflateError(damage: .shorter(produced: produced, declared: rawLength)) }
            guard consumed == body else { throw InflateError(damage: .bytesAfterData) }
        case Z_OK, Z_BUF_ERROR:
            throw InflateError(damage: produced > rawLength ? .overruns(declared: rawLength) : .cutShort)
        default:
            throw InflateError(damage: .zlib(status: status))
        }
    }
}
