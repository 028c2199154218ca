import CBenchSupport

/// A baseline: its database, one prepared statement, and how to run a query.
struct Baseline {
    let name: String
    let db: UnsafeMutableRawPointer
    let statement: OpaquePointer
    let run: (OpaquePointer, String) -> Int32

    func query(_ text: String) { _ = run(statement, text) }
}

/// Runs an FTS5 prefix query of the whole text as one phrase: "km/h"* matches km h…
func phrasePrefix(_ statement: OpaquePointer, _ query: String) -> Int32 {
    var phrase = "\""
    for character in query { phrase += character == "\"" ? "\"\"" : String(character) }
    phrase += "\"*"
    let bytes = Array(phrase.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
            bench_sqlite_run(UnsafeMutableRawPointer(statement), $0.baseAddress, Int32($0.count), nil, 0, 0)
        }
    }
}

/// Runs a key-range query: the keys from `query` up to `query` followed by 0xFF.
func keyRange(_ statement: OpaquePointer, _ query: String) -> Int32 {
    let low = Array(query.utf8)
    let high = low + [0xFF]
    return low.withUnsafeBufferPointer { lowBuffer in
        high.withUnsafeBufferPointer { highBuffer in
            lowBuffer.withMemoryRebound(to: CChar.self) { l in
                highBuffer.withMemoryRebound(to: CChar.self) { h in
                    bench_sqlite_run(UnsafeMutableRawPointer(statement), l.baseAddress, Int32(l.count), h.baseAddress, Int32(h.count), 1)
                }
            }
        }
    }
}
