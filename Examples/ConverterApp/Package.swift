// swift-tools-version:6.1
import PackageDescription

// A front end as an app developer writes one (docs/platforms.md, README
// "Install"): it depends on unitpack (by path here, by URL in an app),
// imports one of its two products, and turns the command line's trait off, so
// that resolving it clones nothing but unitpack. Two executables, to measure
// what an app pays for each part of the runtime (README "What an app pays"):
//   ConverterApp  imports UnitpackRuntime: opens a data directory within a
//                 budget; converts, formats, reads a phrase, searches.
//   ConvertOnly   imports UnitpackDatabase: opens the database alone;
//                 converts and formats, and links neither search nor phrases.
let package = Package(
    name: "ConverterApp",
    platforms: [.iOS(.v12), .macOS(.v10_13), .watchOS(.v4), .tvOS(.v12), .visionOS(.v1)],
    dependencies: [
        .package(name: "unitpack", path: "../..", traits: []),
    ],
    targets: [
        .executableTarget(name: "ConverterApp", dependencies: [.product(name: "UnitpackRuntime", package: "unitpack")]),
        .executableTarget(name: "ConvertOnly", dependencies: [.product(name: "UnitpackDatabase", package: "unitpack")]),
    ],
    swiftLanguageModes: [.v6]
)
