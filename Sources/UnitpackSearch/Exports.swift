// The core types the search pack's API names, re-exported one by one as
// UnitpackDatabase's Exports.swift explains.

@_exported import enum UnitpackCore.SearchPackFormat
@_exported import struct UnitpackCore.UnitID
