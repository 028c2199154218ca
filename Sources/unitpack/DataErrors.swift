import ArgumentParser
import UnitpackCore
import UnitpackRuntime

/// Runs a command's reading of a generation: an error of the data it reads
/// (the generation's, the library's, the database's, the pack's) is printed
/// as `error: <its sentence>` and the command exits 1, the way every command
/// reports a file it cannot use; any other error goes on to ArgumentParser.
func failingOnDataErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as any Error & CustomStringConvertible
        where error is GenerationError || error is UnitLibraryError || error is UnitDatabaseError || error is SearchPackError
            || error is CorrectedParseError
    {
        printError("error: \(error.description)")
        throw ExitCode.failure
    }
}
