import UnitpackCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The checks of `UnitDatabase`'s open that need no SQLite: the first 100
/// bytes of the file (SQLite's database header) and its size. Cheap (one
/// `fstat`, one `pread`), so they run at every open; what they catch, a file
/// cut short or extended, would otherwise show only when a lookup happens to
/// read a missing page.
enum DatabaseHeader {
    static let magic = Array("SQLite format 3\0".utf8)

    /// - Throws: `.notAUnitDatabase` (not SQLite, another application's),
    ///   `.unsupportedFormatVersion`, `.damaged` (a page size other than the
    ///   writer's, or page count × page size other than the file's size).
    static func check(path: String) throws(UnitDatabaseError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .fileNotFound(path: path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .fileNotFound(path: path) }
        var header = [UInt8](repeating: 0, count: 100)
        let read = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 100, 0) }
        guard read == 100, header.starts(with: magic) else { throw .notAUnitDatabase(path: path) }
        func integer(_ offset: Int, _ count: Int) -> Int {
            header[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
        }
        guard Int32(truncatingIfNeeded: integer(68, 4)) == DatabaseFormat.applicationID else {
            throw .notAUnitDatabase(path: path)
        }
        let version = Int(Int32(truncatingIfNeeded: integer(60, 4)))
        guard version == Int(DatabaseFormat.version) else {
            throw .unsupportedFormatVersion(found: version, supported: Int(DatabaseFormat.version))
        }
        let pageSize = integer(16, 2) == 1 ? 65536 : integer(16, 2)
        guard pageSize == DatabaseFormat.pageSize else {
            throw .damaged(path: path, damage: .pageSize(pageSize))
        }
        // The page count is valid only while "version-valid-for" (offset 92)
        // equals the change counter (offset 24); a written database keeps them equal.
        let pages = integer(28, 4)
        let size = Int(status.st_size)
        guard integer(92, 4) == integer(24, 4), pages * pageSize == size else {
            throw .damaged(path: path, damage: .fileSize(bytes: size, pages: pages, pageSize: pageSize))
        }
    }
}
