// swift-tools-version:6.0
import PackageDescription

// One module per stage; data flows one way:
//   UnitpackSource -> UnitpackCheck -> UnitpackCompiler -> dist/ -> UnitpackRuntime
// The runtime (the product front ends link) never imports the compiler and
// never imports Foundation.
let package = Package(
    name: "unitpack",
    products: [
        .library(name: "UnitpackRuntime", targets: ["UnitpackRuntime"]),
        .executable(name: "unitpack", targets: ["unitpack"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),

        // Shared, dependency-free core: formulas, diagnostics, format constants.
        .target(name: "UnitpackCore"),
        // A thin wrapper over SQLite's C API, shared by the writer and the reader.
        .target(name: "UnitpackSQLite", dependencies: ["CSQLite", "UnitpackCore"]),

        // Compiler stages.
        .target(name: "UnitpackSource", dependencies: ["UnitpackCore"]),
        .target(name: "UnitpackCheck", dependencies: ["UnitpackCore", "UnitpackSource"]),
        .target(
            name: "UnitpackCompiler",
            dependencies: ["UnitpackCore", "UnitpackSource", "UnitpackCheck", "UnitpackSQLite", "CZlib"]),

        // Reviewing built databases: dump and diff (the CLI only).
        .target(name: "UnitpackReview", dependencies: ["UnitpackCore", "UnitpackSQLite"]),

        // What front ends link.
        .target(name: "UnitpackRuntime", dependencies: ["UnitpackCore", "UnitpackSQLite", "CZlib"]),

        .executableTarget(
            name: "unitpack",
            dependencies: [
                "UnitpackCore", "UnitpackSource", "UnitpackCheck", "UnitpackCompiler",
                "UnitpackRuntime", "UnitpackReview",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Temporary source trees and seeded random sources, shared by the tests.
        .target(name: "UnitpackTestSupport", dependencies: ["UnitpackCore", "CZlib"], path: "Tests/UnitpackTestSupport"),
        .testTarget(name: "UnitpackCoreTests", dependencies: ["UnitpackCore", "UnitpackTestSupport"], exclude: ["CLDR"]),
        .testTarget(name: "UnitpackSourceTests", dependencies: ["UnitpackSource", "UnitpackTestSupport"]),
        .testTarget(
            name: "UnitpackReviewTests",
            dependencies: ["UnitpackReview", "UnitpackCompiler", "UnitpackSQLite", "UnitpackTestSupport"]),
        .testTarget(name: "UnitpackCheckTests", dependencies: ["UnitpackCheck", "UnitpackSource", "UnitpackTestSupport"]),
        .testTarget(
            name: "UnitpackCompilerTests",
            dependencies: ["UnitpackCompiler", "UnitpackRuntime", "UnitpackSource", "UnitpackCheck", "UnitpackTestSupport"]),
        .testTarget(
            name: "UnitpackRuntimeTests",
            dependencies: ["UnitpackRuntime", "UnitpackCompiler", "UnitpackSource", "UnitpackSQLite", "UnitpackTestSupport"],
            exclude: ["CLDR", "Phrases", "Search", "Targets"]),
        // What an app sees: a file that imports only UnitpackRuntime and uses
        // its whole API (MemberImportVisibility: a member of a module it does
        // not import is an error, as in an app that enables it), and the
        // symbol graph's checks (every type the API names is the runtime's or
        // re-exported; every public declaration is documented).
        .testTarget(
            name: "UnitpackRuntimeAPITests", dependencies: ["UnitpackRuntime", "UnitpackCompiler"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
        // Fuzzing: properties any input must keep (Fuzz/Properties), the
        // executable libFuzzer drives (Scripts/fuzz) and the tests replay
        // the kept inputs of Fuzz/corpus.
        .target(
            name: "UnitpackFuzzing",
            dependencies: ["UnitpackCore", "UnitpackSQLite", "UnitpackRuntime", "UnitpackCompiler", "UnitpackTestSupport"],
            path: "Fuzz/Properties"),
        .executableTarget(name: "unitpack-fuzz", dependencies: ["UnitpackFuzzing"], path: "Fuzz/Entry"),
        .testTarget(
            name: "UnitpackFuzzingTests",
            dependencies: ["UnitpackFuzzing", "UnitpackCompiler", "UnitpackRuntime", "UnitpackTestSupport"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["UnitpackCore", "unitpack"],
            // The oracle of issue 25, read from the source tree by ExpectedTargetTests.
            exclude: ["Targets/expected-targets.tsv"],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
