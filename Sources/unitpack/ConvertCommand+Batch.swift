import ArgumentParser
import Foundation
import UnitpackCore
import UnitpackRuntime

extension ConvertCommand {
    /// `--batch`: one conversion a line of standard input, for scripts (the
    /// cross-check against GNU units sends thousands at once).
    func runBatch() throws {
        let precision = self.precision ?? 15
        let database: UnitDatabase
        do {
            database = try UnitDatabase(directory: data.data)
        } catch {
            printError("error: \(error.description)")
            throw ExitCode.failure
        }
        func unit(_ text: String) throws -> UnitpackRuntime.Unit {
            if text.contains("/"), let unit = try? database.unit(key: text) { return unit }
            return try database.unit(named: text)
        }
        var failures = 0
        while let line = readLine(strippingNewline: true) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, let value = Double(fields[0]), value.isFinite else {
                print("error: expected VALUE<TAB>FROM<TAB>TO, got \(line.debugDescription)")
                failures += 1
                continue
            }
            do {
                let result = try database.convert(value, from: try unit(fields[1]), to: try unit(fields[2]))
                print(DecimalFormatting.format(result, significantDigits: precision))
            } catch {
                print("error: \(error)")
                failures += 1
            }
        }
        if failures > 0 { throw ExitCode.failure }
    }
}
