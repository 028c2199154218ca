// swift-tools-version:6.1
import PackageDescription

// The runtime's warm figures under ordo-one/benchmark (package-benchmark):
// percentiles of the wall clock, malloc counts, and a baseline of main to
// check a change against (Scripts/bench, docs/benchmarks.md "Baseline
// comparison"). A package of its own, like Benchmarks/RuntimeBench, so that
// the main package neither resolves nor builds the benchmark package.
//
//   swift package --package-path Benchmarks/PackageBench benchmark
//
// The MallocInterposer trait alone: it counts mallocs without jemalloc, and
// leaves out the package's other default trait (the Swift 6.3 runtime
// interposer on Linux), which this machine's package mirror does not hold.
let package = Package(
    name: "PackageBench",
    dependencies: [
        .package(name: "unitpack", path: "../.."),
        // The phrase lists RuntimeBench parses, shared.
        .package(name: "RuntimeBench", path: "../RuntimeBench"),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // package-benchmark finds its benchmarks in executable targets under Benchmarks/.
        .executableTarget(
            name: "RuntimeFigures",
            dependencies: [
                .product(name: "UnitpackRuntime", package: "unitpack"),
                .product(name: "BenchPhrases", package: "RuntimeBench"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RuntimeFigures",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ],
    swiftLanguageModes: [.v6]
)
