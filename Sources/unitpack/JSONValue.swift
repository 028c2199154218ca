/// Just enough JSON to write the vectors: objects keep their keys' order,
/// numbers are written as Swift's shortest round-trip text.
indirect enum JSONValue {
    case string(String)
    case number(Double)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    var text: String {
        switch self {
        case .string(let string): return Self.quoted(string)
        case .number(let value): return value.isFinite ? "\(value)" : "null"
        case .int(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let values): return "[" + values.map(\.text).joined(separator: ", ") + "]"
        case .object(let fields):
            return "{" + fields.map { Self.quoted($0.0) + ": " + $0.1.text }.joined(separator: ", ") + "}"
        }
    }

    /// RFC 8259: `"` and `\` escaped, control characters as `\u00XX`, the
    /// rest as UTF-8.
    static func quoted(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }
}
