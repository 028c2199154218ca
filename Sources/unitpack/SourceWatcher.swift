import Foundation
import UnitpackSource

/// Polls a source directory for changes: the files of `units-src/`,
/// `locales/` and `budgets.tsv`, by path, size and modification time.
/// Polling, not inotify/FSEvents: the same on every platform, and a few
/// hundred `stat` calls twice a second cost nothing next to a build.
struct SourceWatcher {
    struct Stamp: Equatable {
        var size: Int
        var modified: Date
    }

    let directory: String

    func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        let manager = FileManager.default
        for child in [SourceReader.unitsDirectory, SourceReader.localesDirectory] {
            let root = directory + "/" + child
            guard let paths = manager.subpaths(atPath: root) else { continue }
            for path in paths { stamp(root + "/" + path, into: &stamps) }
        }
        stamp(directory + "/" + SourceReader.budgetsFile, into: &stamps)
        return stamps
    }

    private func stamp(_ path: String, into stamps: inout [String: Stamp]) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return }
        stamps[path] = Stamp(
            size: (attributes[.size] as? NSNumber)?.intValue ?? 0,
            modified: attributes[.modificationDate] as? Date ?? .distantPast)
    }

    /// Blocks until the snapshot differs from `last`, then waits until it
    /// stops changing (an editor's save or a `git checkout` touches several
    /// files) and returns the settled snapshot.
    func waitForChange(after last: [String: Stamp], interval: Duration = .milliseconds(250)) -> [String: Stamp] {
        var current = last
        while current == last {
            Thread.sleep(forTimeInterval: interval.seconds)
            current = snapshot()
        }
        while true {
            Thread.sleep(forTimeInterval: interval.seconds)
            let next = snapshot()
            if next == current { return next }
            current = next
        }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
