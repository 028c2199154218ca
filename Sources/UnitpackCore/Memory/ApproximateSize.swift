/// What a cached value costs on the heap, near enough for a budget: Swift
/// allocations (16-byte object header, element storage) and the strings that
/// do not fit inline (more than 15 UTF-8 bytes). `Scripts/bench` compares the
/// sums with the allocator's own figures (mallinfo2), so these stay honest.
package enum ApproximateSize {
    package static let objectHeader = 32

    /// What malloc takes for `bytes`: a 16-byte-aligned chunk with its header.
    package static func allocation(_ bytes: Int) -> Int { (bytes + 8 + 15) & ~15 }

    package static func of(_ string: String) -> Int {
        string.utf8.count > 15 ? allocation(objectHeader + string.utf8.count) : 0
    }

    package static func of(_ strings: [String]) -> Int {
        strings.isEmpty ? 0 : allocation(objectHeader + 16 * strings.count) + strings.reduce(0) { $0 + of($1) }
    }

    /// A native dictionary's storage: a power-of-two number of buckets, at
    /// most three quarters full, each with a key, a value and a bit.
    package static func dictionary(count: Int, keyStride: Int, valueStride: Int) -> Int {
        guard count > 0 else { return 0 }
        var buckets = 1
        while buckets * 3 < count * 4 { buckets *= 2 }
        return allocation(64 + buckets * (keyStride + valueStride) + buckets / 8)
    }

    package static func of(_ expression: FormulaExpression) -> Int {
        // Every case of an indirect enum is a boxed allocation.
        switch expression {
        case .number, .variable: return allocation(objectHeader)
        case .negate(let operand): return allocation(objectHeader) + of(operand)
        case .binary(_, let left, let right): return allocation(objectHeader + 8) + of(left) + of(right)
        case .call(_, let arguments):
            return allocation(objectHeader + 8) + allocation(objectHeader + 8 * arguments.count)
                + arguments.reduce(0) { $0 + of($1) }
        }
    }
}
