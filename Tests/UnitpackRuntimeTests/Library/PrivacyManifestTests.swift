import Foundation
import Testing

/// The runtime's privacy manifest (docs/platforms.md) against what the
/// sources of the modules it links call: App Store review refuses an app
/// whose code calls an API on Apple's required-reason list with no reason
/// declared.
@Suite struct PrivacyManifestTests {
    static let root = TestPaths.repository

    /// Apple's required-reason APIs a C or Swift source could name, by the
    /// category that declares them (the file timestamp calls, system boot
    /// time, disk space; UserDefaults and the keyboards are Foundation's
    /// and UIKit's, which the runtime does not import).
    static let requiredReasonCalls: [String: [String]] = [
        "NSPrivacyAccessedAPICategoryFileTimestamp": ["stat(", "fstat(", "lstat(", "fstatat(", "getattrlist(", "fgetattrlist(", "getattrlistat(", "getattrlistbulk("],
        "NSPrivacyAccessedAPICategorySystemBootTime": ["mach_absolute_time(", "systemUptime"],
        "NSPrivacyAccessedAPICategoryDiskSpace": ["statfs(", "fstatfs(", "statvfs(", "fstatvfs(", "getattrlist("],
    ]

    static func manifest() throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent("Sources/UnitpackRuntime/PrivacyInfo.xcprivacy"))
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    /// The categories the manifest declares, each with its reasons.
    static func declared() throws -> [String: [String]] {
        let types = try #require(try manifest()["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        var declared: [String: [String]] = [:]
        for type in types {
            let category = try #require(type["NSPrivacyAccessedAPIType"] as? String)
            declared[category] = try #require(type["NSPrivacyAccessedAPITypeReasons"] as? [String])
        }
        return declared
    }

    @Test func tracksNothingAndCollectsNothing() throws {
        let manifest = try Self.manifest()
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
        #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
    }

    /// Every category whose calls the sources make is declared with a
    /// reason, and no category is declared that nothing calls.
    @Test func declaresExactlyTheCategoriesTheSourcesCall() throws {
        var called = Set<String>()
        // Every Swift file of every module the runtime links (DependencyTests reads the graph).
        for file in try DependencyTests.runtimeSwiftFiles() {
            let text = try String(contentsOf: file.url, encoding: .utf8)
            // Code only: a comment may name a call it does not make.
            let code = text.split(separator: "\n").map { $0.components(separatedBy: "//")[0] }.joined(separator: "\n")
            for (category, calls) in Self.requiredReasonCalls
            where calls.contains(where: { call in
                code.range(of: "(?<![A-Za-z0-9_.])" + NSRegularExpression.escapedPattern(for: call), options: .regularExpression) != nil
            }) {
                called.insert(category)
            }
        }
        let declared = try Self.declared()
        #expect(called == ["NSPrivacyAccessedAPICategoryFileTimestamp"], "\(called.sorted())")
        #expect(Set(declared.keys) == called)
        // C617.1: metadata of files inside the app's container, the only files
        // the runtime is given (Apple's list of reasons for this category).
        #expect(declared["NSPrivacyAccessedAPICategoryFileTimestamp"] == ["C617.1"])
    }
}
