/// The repository's conversion pairs (Scripts/bench's `repository_pairs`,
/// which passes them to RuntimeBench on its command line): linear, formula
/// and inverse units, by name and symbol. package-benchmark's conversions
/// and WarmFigures' use this list.
public let repositoryPairs: [(String, String)] = [
    ("mile", "km"), ("lb", "kilogram"), ("knot", "km/h"), ("°F", "degree Celsius"), ("kelvin", "°F"),
    ("min/km", "km/h"), ("minutes per mile", "mile per hour"),
]
