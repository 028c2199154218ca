// swift-tools-version:6.1
import PackageDescription

// One module per stage; data flows one way:
//   UnitpackSource -> UnitpackCheck -> UnitpackCompiler -> dist/ -> UnitpackRuntime
// The runtime (the product front ends link) never imports the compiler and
// never imports Foundation.
// The runtime's privacy manifest (docs/platforms.md) is a resource where
// apps are built: on a Mac. A target with resources gets an accessor that
// imports Foundation, which the runtime never links on Linux (the system's
// own on Apple platforms costs an app nothing): there the file is excluded.
#if os(macOS)
    let privacyManifest: (exclude: [String], resources: [Resource]) = ([], [.copy("PrivacyInfo.xcprivacy")])
#else
    let privacyManifest: (exclude: [String], resources: [Resource]) = (["PrivacyInfo.xcprivacy"], [])
#endif

let package = Package(
    name: "unitpack",
    // The oldest deployment targets Xcode 16 builds for; the runtime needs
    // nothing newer: its lock is os_unfair_lock (iOS 10), and what is newer
    // than these is behind `#available` (docs/platforms.md).
    platforms: [.iOS(.v12), .macOS(.v10_13), .watchOS(.v4), .tvOS(.v12), .visionOS(.v1)],
    products: [
        // The one product an app imports: everything below, re-exported.
        .library(name: "UnitpackRuntime", targets: ["UnitpackRuntime"]),
        // For an app that only converts and formats: the database without
        // search and phrases (Examples/ConverterApp's ConvertOnly).
        .library(name: "UnitpackDatabase", targets: ["UnitpackDatabase"]),
        .executable(name: "unitpack", targets: ["unitpack"]),
    ],
    // Only the command line needs swift-argument-parser. An app turns the
    // trait off (`.package(url: ..., from: ..., traits: [])`, README
    // "Install"), and SwiftPM then neither resolves nor clones the parser:
    // Examples/ConverterApp shows it (Scripts/test checks what it resolved).
    traits: [
        .trait(name: "CommandLineTool", description: "The unitpack command line and what it needs (swift-argument-parser)."),
        .default(enabledTraits: ["CommandLineTool"]),
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

        // SHA-256 and a generation's full verification: build-only (the
        // compiler fingerprints, `unitpack verify` checks), kept out of the
        // runtime's link (docs/platforms.md).
        .target(name: "UnitpackDigest", dependencies: ["UnitpackCore"]),

        // Compiler stages.
        .target(name: "UnitpackSource", dependencies: ["UnitpackCore"]),
        .target(name: "UnitpackCheck", dependencies: ["UnitpackCore", "UnitpackSource"]),
        .target(
            name: "UnitpackCompiler",
            dependencies: [
                "UnitpackCore", "UnitpackDigest", "UnitpackSource", "UnitpackCheck", "UnitpackSQLite", "UnitpackStore", "CZlib",
            ]),

        // Reviewing built databases: dump and diff (the CLI only).
        .target(name: "UnitpackReview", dependencies: ["UnitpackCore", "UnitpackSQLite", "UnitpackStore"]),

        // What front ends link, in rooms (docs/runtime.md):
        // the table codec: rows checked against their checksums and counts, `meta`.
        .target(name: "UnitpackStore", dependencies: ["UnitpackCore", "UnitpackSQLite", "CZlib"]),
        // Lookup, conversion, formatting, expected targets, unit expressions.
        .target(name: "UnitpackDatabase", dependencies: ["UnitpackCore", "UnitpackSQLite", "UnitpackStore"]),
        // The search pack and the search as you type (no SQLite).
        .target(name: "UnitpackSearch", dependencies: ["UnitpackCore", "CZlib"]),
        // The phrase reader: a typed or dictated request read against a database.
        .target(name: "UnitpackPhrases", dependencies: ["UnitpackCore", "UnitpackSQLite", "UnitpackStore", "UnitpackDatabase", "UnitpackSearch"]),
        // The one module an app imports: re-exports the rooms, and `UnitLibrary` over them.
        .target(
            name: "UnitpackRuntime",
            dependencies: ["UnitpackCore", "UnitpackStore", "UnitpackDatabase", "UnitpackSearch", "UnitpackPhrases"],
            exclude: privacyManifest.exclude, resources: privacyManifest.resources),

        .executableTarget(
            name: "unitpack",
            dependencies: [
                "UnitpackCore", "UnitpackDigest", "UnitpackSource", "UnitpackCheck", "UnitpackCompiler",
                "UnitpackRuntime", "UnitpackReview",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CommandLineTool"])),
            ]),

        // Temporary source trees and seeded random sources, shared by the tests.
        // RepositoryBuild builds the repository's sources once per test process,
        // and opens its database once (RepositoryBuild.database()).
        .target(
            name: "UnitpackTestSupport", dependencies: ["UnitpackCore", "UnitpackStore", "UnitpackCompiler", "UnitpackRuntime", "CZlib"],
            path: "Tests/UnitpackTestSupport"),
        .testTarget(
            name: "UnitpackCoreTests", dependencies: ["UnitpackCore", "UnitpackStore", "UnitpackDigest", "UnitpackTestSupport"], exclude: ["CLDR"]),
        .testTarget(name: "UnitpackSourceTests", dependencies: ["UnitpackSource", "UnitpackTestSupport"]),
        .testTarget(
            name: "UnitpackReviewTests",
            dependencies: ["UnitpackReview", "UnitpackCompiler", "UnitpackSQLite", "UnitpackStore", "UnitpackTestSupport"]),
        .testTarget(name: "UnitpackCheckTests", dependencies: ["UnitpackCheck", "UnitpackSource", "UnitpackTestSupport"]),
        .testTarget(
            name: "UnitpackCompilerTests",
            dependencies: ["UnitpackCompiler", "UnitpackRuntime", "UnitpackSource", "UnitpackCheck", "UnitpackTestSupport"]),
        .testTarget(
            name: "UnitpackRuntimeTests",
            dependencies: [
                "UnitpackRuntime", "UnitpackStore", "UnitpackDatabase", "UnitpackSearch", "UnitpackPhrases", "UnitpackCompiler",
                "UnitpackSource", "UnitpackSQLite", "UnitpackTestSupport", "CZlib",
            ],
            exclude: ["Database/CLDR", "Database/Targets", "Phrases/Corpora", "Search/Corpora"]),
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
            dependencies: [
                "UnitpackCore", "UnitpackSQLite", "UnitpackStore", "UnitpackRuntime", "UnitpackCompiler", "UnitpackTestSupport",
                "CZlib",
            ],
            path: "Fuzz/Properties"),
        .executableTarget(name: "unitpack-fuzz", dependencies: ["UnitpackFuzzing"], path: "Fuzz/Entry"),
        .testTarget(
            name: "UnitpackFuzzingTests",
            dependencies: ["UnitpackFuzzing", "UnitpackCompiler", "UnitpackRuntime", "UnitpackTestSupport"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["UnitpackCore", "UnitpackDigest", "UnitpackSQLite", "unitpack"],
            // The oracle of issue 25, read from the source tree by ExpectedTargetTests.
            exclude: ["Targets/expected-targets.tsv"],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
