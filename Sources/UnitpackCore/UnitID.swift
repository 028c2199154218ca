/// A unit's stable id: front ends store choices by it. Never reused.
public struct UnitID: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: UnitID, b: UnitID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { String(rawValue) }
}
