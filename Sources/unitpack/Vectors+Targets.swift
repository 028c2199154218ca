import UnitpackCore
import UnitpackRuntime

extension Vectors {
    mutating func targets() throws -> String {
        // (category, usage, region) of every list as written, from the
        // snapshot's `usage region #rank` lines; a system's own list
        // (`metric`, `us`, `imperial`) is read through its system.
        var lists: Set<[String]> = []
        for unit in snapshot.units {
            for line in unit.clusters {
                let words = line.split(separator: " ").map(String.init)
                guard words.count >= 3, words[2] != "completed" else { continue }
                lists.insert([unit.category, words[0], words[1]])
            }
        }
        let bases = Dictionary(uniqueKeysWithValues: snapshot.categories.map { ($0.key, UnitKey.make(category: $0.key, name: $0.baseUnit)) })
        var cases: [JSONValue] = []
        for list in lists.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let (category, usage, region) = (list[0], list[1], list[2])
            let base = try database.unit(key: bases[category] ?? "")
            var values: [Double] = [1]
            for _ in 0..<2 { values.append(seededValue()) }
            for value in values {
                let target: PreferredTarget?
                switch region {
                case "metric": target = try database.bestTarget(for: value, in: base, system: .metric, usage: usage)
                case "us": target = try database.bestTarget(for: value, in: base, system: .us, usage: usage)
                case "imperial": target = try database.bestTarget(for: value, in: base, system: .imperial, usage: usage)
                default: target = try database.bestTarget(for: value, in: base, region: region, usage: usage)
                }
                var fields: [(String, JSONValue)] = [
                    ("category", .string(category)), ("usage", .string(usage)),
                    (["metric", "us", "imperial"].contains(region) ? "system" : "region", .string(region)),
                    ("unit", .string(base.key)), ("value", .number(value)),
                ]
                if let target {
                    fields.append(("target", .array(target.units.map { .string($0.key) })))
                    fields.append(("target_value", .number(target.value)))
                } else {
                    fields.append(("target", .null))
                }
                cases.append(.object(fields))
            }
        }
        return file("targets", cases)
    }
}
