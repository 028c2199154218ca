/// A tiny seeded generator (SeededGenerator) so random tests repeat: each test
/// prints its seed on failure, and setting it back reproduces the run.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A seed from the environment (`UNITPACK_SEED`) or a fresh random one.
    public static func seed() -> UInt64 {
        if let text = ProcessEnvironment.value("UNITPACK_SEED"), let seed = UInt64(text) { return seed }
        return UInt64.random(in: 0...UInt64.max)
    }
}

enum ProcessEnvironment {
    static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        return String(cString: raw)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
