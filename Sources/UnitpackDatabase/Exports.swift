// The types of UnitpackCore that the runtime's public API uses, re-exported
// one by one, so that `import UnitpackDatabase` (a convert-only app) or
// `import UnitpackRuntime`, which re-exports this module, is enough for an app.
//
// Re-exported rather than wrapped: they are the same values the compiler
// writes and the database stores (a conversion, a plural rule, a number's
// symbols), documented in docs/, and a wrapper of each would be a second
// definition to keep in step. Re-exported one by one rather than the whole
// module: the core also holds the build's code (diagnostics, SHA-256, the
// manifest's writer, formula parsing for the checker), whose names (`Rule`,
// `Note`, `Term`, ...) would crowd an app's namespace. SQLite's wrapper is not
// re-exported at all: its error reaches an app as `UnitDatabaseError.storage`.
//
// PublicAPITests (Tests/UnitpackRuntimeAPITests) holds the lists of the
// rooms' Exports.swift to the public API: a public declaration of a room
// that names a core type listed in none of them fails it.

@_exported import enum UnitpackCore.Conversion
@_exported import struct UnitpackCore.Formula
@_exported import enum UnitpackCore.FormulaExpression
@_exported import enum UnitpackCore.FormulaOperator
@_exported import enum UnitpackCore.FormulaFunction
@_exported import enum UnitpackCore.FormulaEvaluationError
@_exported import struct UnitpackCore.FormulaSyntaxError
@_exported import enum UnitpackCore.MeasurementSystem
@_exported import struct UnitpackCore.UnitFlags
@_exported import struct UnitpackCore.UnitPrefix
@_exported import struct UnitpackCore.PluralRules
@_exported import enum UnitpackCore.PluralCategory
@_exported import struct UnitpackCore.PluralOperands
@_exported import struct UnitpackCore.PluralRulesError
@_exported import struct UnitpackCore.LocalizedNumber
@_exported import enum UnitpackCore.LocalizedNumberFormatting
@_exported import struct UnitpackCore.NumberSymbols
@_exported import struct UnitpackCore.RegionGrouping
@_exported import struct UnitpackCore.RegionSeparators
@_exported import enum UnitpackCore.PhraseWordKind
@_exported import struct UnitpackCore.CompoundPart
@_exported import protocol UnitpackCore.CompoundNameUnit
@_exported import enum UnitpackCore.GenerationError
@_exported import enum UnitpackCore.DatabaseDamage
@_exported import struct UnitpackCore.UnitExpressionError
@_exported import struct UnitpackCore.QuantityDimension
@_exported import struct UnitpackCore.UnitID
