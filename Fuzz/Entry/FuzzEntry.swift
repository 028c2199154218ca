// The fuzzing executable. Built by Scripts/fuzz with `--sanitize fuzzer` and
// `-DFUZZING`, libFuzzer drives `LLVMFuzzerTestOneInput` with the target
// named by UNITPACK_FUZZ_TARGET (the database of `phrase` in
// UNITPACK_FUZZ_DATA). Built plainly (as `swift build` does), it replays
// inputs, to reproduce a finding under a debugger:
//
//   unitpack-fuzz TARGET FILE_OR_DIRECTORY... [--data DIST]

import UnitpackFuzzing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func fail(_ message: String) -> Never {
    let text = Array("unitpack-fuzz: \(message)\n".utf8)
    _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}

func target(named name: String?) -> FuzzTarget {
    guard let name, let target = FuzzTarget(rawValue: name) else {
        fail("name a target: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return target
}

#if FUZZING
    let fuzzTarget = target(named: getenv("UNITPACK_FUZZ_TARGET").map { String(cString: $0) })
    nonisolated(unsafe) let fuzzContext: FuzzContext = {
        do {
            return try FuzzContext(databaseDirectory: getenv("UNITPACK_FUZZ_DATA").map { String(cString: $0) })
        } catch {
            fail("\(error)")
        }
    }()

    // LeakSanitizer looks for leaks at exit, when the database's object
    // cache still holds its entries. Swift keeps the case of an indirect
    // enum (`CachedObject`) in spare bits of the box's pointer, which
    // LeakSanitizer cannot read as a pointer: every cached entry would be
    // reported leaked (docs/fuzzing.md). Closing the database first (this
    // handler is registered after LeakSanitizer's, so it runs before it)
    // leaves only what nothing holds: real leaks.
    let closeAtExit: Void = { atexit { fuzzContext.close() } }()

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        _ = closeAtExit
        let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        if let failure = fuzzTarget.check(input, in: fuzzContext) { fatalError(failure) }
        return 0
    }
#else
    @main enum Replay {
        static func main() throws {
            var arguments = Array(CommandLine.arguments.dropFirst())
            var data: String?
            if let flag = arguments.firstIndex(of: "--data"), flag + 1 < arguments.count {
                data = arguments[flag + 1]
                arguments.removeSubrange(flag...(flag + 1))
            }
            let chosen = target(named: arguments.first)
            let context = try FuzzContext(databaseDirectory: data)
            let files = try FuzzCorpus.files(Array(arguments.dropFirst()))
            var failures = 0
            for file in files {
                if let failure = chosen.check(try FuzzCorpus.read(file), in: context) {
                    print("\(file): \(failure)")
                    failures += 1
                }
            }
            print("\(chosen.rawValue): \(files.count) inputs, \(failures) failing")
            if failures > 0 { exit(1) }
        }
    }
#endif
