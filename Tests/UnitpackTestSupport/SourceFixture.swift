import Foundation

/// A source tree in a fresh temporary directory, removed by `remove()`.
public struct SourceFixture {
    public let root: String

    /// - Parameter files: relative path -> content, e.g. `["units-src/speed.tsv": "..."]`.
    public init(_ files: [String: String]) throws {
        try self.init(bytes: files.mapValues { Array($0.utf8) })
    }

    public init(bytes files: [String: [UInt8]]) throws {
        root = NSTemporaryDirectory() + "unitpack-test-" + UUID().uuidString
        for (path, content) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content).write(to: url)
        }
    }

    public func path(_ relative: String) -> String { root + "/" + relative }

    public func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A small valid tree: length and speed, ids registered.
    public static let validFiles: [String: String] = [
        "units-src/categories.tsv": "# key\torder\tbase\tdimension\nlength\t10\tmeter\tm\nspeed\t20\tmeter per second\tm/s\n",
        "units-src/length.tsv": "meter\tm\t1\t5\tsi\nkilometer\tkm\t1000\t4\tsi\nfoot\tft\t0.3048\t4\timp\n",
        "units-src/speed.tsv": """
            meter per second\tm/s\t1\t5\tsi
            knot\tkn,kt\t1852/3600\t3\timpAdd
            kilometer per hour\tkm/h\t1000/3600\t5\tsi
            ^minutes per kilometer\tmin/km\tFORMULAE(1000/60/X,1000/60/X)\t0\tother

            """,
        "units-src/ids.tsv": """
            1\tlength\tmeter
            2\tlength\tkilometer
            3\tlength\tfoot
            4\tspeed\tmeter per second
            5\tspeed\tknot
            6\tspeed\tkilometer per hour
            7\tspeed\tminutes per kilometer

            """,
    ]

    /// `validFiles` with some files replaced.
    public static func valid(replacing changes: [String: String]) -> [String: String] {
        validFiles.merging(changes) { _, new in new }
    }
}
