import UnitpackCore
import UnitpackRuntime

extension Vectors {
    mutating func conversions() throws -> String {
        var cases: [JSONValue] = []
        let bases = Dictionary(uniqueKeysWithValues: snapshot.categories.map { ($0.key, UnitKey.make(category: $0.key, name: $0.baseUnit)) })
        for row in snapshot.units {
            let unit = try database.unit(key: row.key)
            let base = try database.unit(key: bases[row.category] ?? row.key)
            var values: [Double] = [1]
            for _ in 0..<3 { values.append(seededValue()) }
            for value in values {
                cases.append(.object([
                    ("unit", .string(unit.key)), ("id", .int(unit.id.rawValue)), ("base", .string(base.key)),
                    ("value", .number(value)),
                    ("to_base", Self.converted { () throws(UnitDatabaseError) in try database.convert(value, from: unit, to: base) }),
                    ("from_base", Self.converted { () throws(UnitDatabaseError) in try database.convert(value, from: base, to: unit) }),
                ]))
            }
        }
        return file("conversions", cases)
    }

    /// A converted value, or `{"error": kind}` when the runtime refuses it.
    static func converted(_ body: () throws(UnitDatabaseError) -> Double) -> JSONValue {
        do {
            return .number(try body())
        } catch .conversionFailed(let failure) {
            let kind: String
            switch failure {
            case .divisionByZero: kind = "division-by-zero"
            case .overflow: kind = "overflow"
            case .underflow: kind = "underflow"
            case .domain: kind = "domain"
            case .notFinite: kind = "not-finite"
            }
            return .object([("error", .string(kind))])
        } catch {
            return .object([("error", .string("other"))])
        }
    }
}
