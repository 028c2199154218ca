/// SplitMix64, the one seeded generator of the tests (and of Fuzz/), so
/// random tests repeat: a test whose seed is not fixed takes `seed()`, puts
/// it in each failure's message (`seed 123: ...`), and `UNITPACK_SEED=123`
/// reproduces the run. The same generator is written out twice elsewhere:
/// in Sources/unitpack/Vectors.swift, the generator docs/vectors.md
/// specifies (the command cannot link the tests' support), and in
/// Benchmarks/RuntimeBench, a package of its own.
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

    /// A seed from the environment (`UNITPACK_SEED`) or a fresh random one,
    /// printed with the test that asked: a test that crashes the process
    /// writes no failure message, and its seed must not be lost with it.
    public static func seed(fileID: String = #fileID, function: String = #function) -> UInt64 {
        let seed: UInt64
        if let text = ProcessEnvironment.value("UNITPACK_SEED"), let given = UInt64(text) {
            seed = given
        } else {
            seed = UInt64.random(in: 0...UInt64.max)
        }
        print("seed \(seed): \(fileID) \(function) (UNITPACK_SEED=\(seed) repeats it)")
        return seed
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
