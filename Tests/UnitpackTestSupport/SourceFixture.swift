import Foundation

/// A source tree in a fresh temporary directory, removed by `remove()` or
/// when the last reference goes (a suite that keeps one as a property).
public final class SourceFixture {
    public let root: String

    /// - Parameter files: relative path -> content, e.g. `["units-src/speed.tsv": "..."]`.
    public convenience init(_ files: [String: String]) throws {
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

    deinit { remove() }

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
        "units-src/ids.tsv": validIDs,
    ]

    /// `units-src/ids.tsv` of `validFiles`. A tree that adds units lists their
    /// ids after these: `validIDs + "8\tlength\tknot\n"`.
    public static let validIDs = """
        1\tlength\tmeter
        2\tlength\tkilometer
        3\tlength\tfoot
        4\tspeed\tmeter per second
        5\tspeed\tknot
        6\tspeed\tkilometer per hour
        7\tspeed\tminutes per kilometer

        """

    /// English and Russian names for every unit of `validFiles`.
    public static let localeFiles: [String: String] = [
        "locales/en/language.tsv": "name\tEnglish\nstatus\tcomplete\ndecimal\t.\ngroup\t,\n",
        "locales/en/plurals.txt": """
            # CLDR 41
            one: i = 1 and v = 0 @integer 1
            other: @integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, …

            """,
        "locales/en/length.tsv": """
            unit\tdisplay\tone\tother\tsymbols\tsynonyms
            meter\tmeters\tmeter\tmeters\t\tmetre,metres
            kilometer\tkilometers\tkilometer\tkilometers\t\tkilometre,kilometres
            foot\tfeet\tfoot\tfeet\t\t

            """,
        "locales/en/speed.tsv": """
            unit\tdisplay\tone\tother\tsymbols\tsynonyms
            meter per second\tmeters per second\tmeter per second\tmeters per second\t\t
            knot\tknots\tknot\tknots\t\t
            kilometer per hour\tkilometers per hour\tkilometer per hour\tkilometers per hour\tkm/h,kph\t
            minutes per kilometer\tminutes per kilometer\tminute per kilometer\tminutes per kilometer\t\tpace

            """,
        "locales/ru/language.tsv": "name\tрусский\nstatus\tcomplete\ndecimal\t,\ngroup\tU+00A0\n",
        "locales/ru/plurals.txt": """
            one: v = 0 and i % 10 = 1 and i % 100 != 11 @integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, …
            few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14 @integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, …
            many: v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14 @integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …
            other: @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …

            """,
        "locales/ru/length.tsv": """
            # Русские названия
            unit\tdisplay\tone\tfew\tmany\tother\tsymbols\tsynonyms
            meter\tметры\tметр\tметра\tметров\tметра\tм\t
            kilometer\tкилометры\tкилометр\tкилометра\tкилометров\tкилометра\tкм\tкилометр
            foot\tфуты\tфут\tфута\tфутов\tфута\tфт\t

            """,
        "locales/ru/speed.tsv": """
            unit\tdisplay\tone\tfew\tmany\tother\tsymbols\tsynonyms
            meter per second\tметры в секунду\tметр в секунду\tметра в секунду\tметров в секунду\tметра в секунду\tм/с\t
            knot\tузлы\tузел\tузла\tузлов\tузла\tуз\t
            kilometer per hour\tкилометры в час\tкилометр в час\tкилометра в час\tкилометров в час\tкилометра в час\tкм/ч\tкмч,км в час
            minutes per kilometer\tминуты на километр\tминута на километр\tминуты на километр\tминут на километр\tминуты на километр\tмин/км\tтемп

            """,
    ]

    /// `validFiles` plus `localeFiles`.
    public static let validFilesWithLocales = validFiles.merging(localeFiles) { a, _ in a }

    /// `validFiles` with some files replaced.
    public static func valid(replacing changes: [String: String]) -> [String: String] {
        validFiles.merging(changes) { _, new in new }
    }
}

/// A fresh, empty temporary directory, removed when the last reference goes.
public final class TemporaryDirectory {
    public let path: String

    public init(prefix: String = "unitpack-") throws {
        path = NSTemporaryDirectory() + prefix + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
