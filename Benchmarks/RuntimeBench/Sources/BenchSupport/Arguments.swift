#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes `<program>: <message>` to standard error and exits 2: a bench that
/// cannot measure says so rather than print figures Scripts/bench would read.
public func fail(_ message: String) -> Never {
    let program = CommandLine.arguments.first.flatMap { $0.split(separator: "/").last.map(String.init) } ?? "bench"
    let text = Array("\(program): \(message)\n".utf8)
    _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}

/// A bench's command line after the program's name: the options it names
/// (a flag followed by a whole number), `-h` or `--help` (prints the usage
/// and exits 0), and the positional arguments in their order.
public struct BenchArguments {
    public private(set) var positional: [String] = []
    private var values: [String: Int] = [:]

    /// `options`: each flag, the least value it takes, and what its value is
    /// (`a positive integer`, `a byte count`) for the message when the value
    /// is missing or too small.
    public init(usage: String, options: [(flag: String, minimum: Int, what: String)]) {
        var arguments = Array(CommandLine.arguments.dropFirst())
        while !arguments.isEmpty {
            let argument = arguments.removeFirst()
            if argument == "-h" || argument == "--help" {
                print(usage)
                exit(0)
            }
            guard let option = options.first(where: { $0.flag == argument }) else {
                positional.append(argument)
                continue
            }
            guard let text = arguments.first, let value = Int(text), value >= option.minimum else {
                fail("\(argument) needs \(option.what)")
            }
            arguments.removeFirst()
            values[argument] = value
        }
    }

    /// The value given with `flag`, or `default` when the command line has none.
    public func value(_ flag: String, default: Int) -> Int { values[flag] ?? `default` }
}
