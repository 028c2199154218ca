// swift-tools-version:6.0
import PackageDescription

// Runtime measurements for Scripts/bench. A package of its own, so that building
// or testing the main package never builds the benchmark.
let package = Package(
    name: "RuntimeBench",
    products: [
        // The phrase lists and conversion pairs, for Benchmarks/PackageBench too.
        .library(name: "BenchPhrases", targets: ["BenchPhrases"]),
    ],
    dependencies: [
        .package(name: "unitpack", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "RuntimeBench",
            dependencies: [.product(name: "UnitpackRuntime", package: "unitpack"), "BenchSupport", "CBenchSupport", "BenchPhrases"]),
        .executableTarget(
            name: "SearchBench",
            dependencies: [.product(name: "UnitpackRuntime", package: "unitpack"), "BenchSupport", "CBenchSupport", "BenchPhrases"]),
        .executableTarget(
            name: "BudgetCurve",
            dependencies: [.product(name: "UnitpackRuntime", package: "unitpack"), "BenchSupport", "CBenchSupport", "BenchPhrases"]),
        // The warm figures through the public API alone: Scripts/warm-against
        // builds it against other commits' runtimes.
        .executableTarget(
            name: "WarmFigures",
            dependencies: [.product(name: "UnitpackRuntime", package: "unitpack"), "BenchSupport", "BenchPhrases"]),
        .target(name: "BenchPhrases"),
        // What every bench does around its measures: the command line, the
        // clock's and getrusage's figures, medians, fixed decimals.
        .target(name: "BenchSupport"),
        .target(name: "CBenchSupport", linkerSettings: [.linkedLibrary("sqlite3")]),
    ],
    swiftLanguageModes: [.v6]
)
