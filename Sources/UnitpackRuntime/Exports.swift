// The one module an app imports: the runtime's rooms (docs/runtime.md),
// whole. Their public API is the runtime's, and with it the core types each
// room re-exports one by one (Sources/UnitpackDatabase/Exports.swift says
// why one by one). SQLite's wrapper and the store are never re-exported:
// SQLite's error reaches an app as `UnitDatabaseError.storage`.
//
// PublicAPITests (Tests/UnitpackRuntimeAPITests) holds the rooms' API to
// this: every type it names comes with `import UnitpackRuntime`, and a file
// of it that imports only UnitpackRuntime uses the whole API.

@_exported import UnitpackDatabase
@_exported import UnitpackPhrases
@_exported import UnitpackSearch
