#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

public func microseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
}

public func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
}

public func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The value at fraction `p` of the sorted values (0.9: the 90th percentile).
public func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

/// `value` with exactly `digits` decimals (no Foundation for String(format:)).
public func rounded(_ value: Double, _ digits: Int = 3) -> String {
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((abs(value) * Double(scale)).rounded())
    let fraction = String(scaled % scale)
    let padded = String(repeating: "0", count: digits - fraction.count) + fraction
    return (value < 0 ? "-" : "") + String(scaled / scale) + (digits > 0 ? "." + padded : "")
}

private func resourceUsage() -> rusage {
    var usage = rusage()
    #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    return usage
}

/// This process's CPU time so far (user + system), in milliseconds: less
/// disturbed than the clock by other processes on a busy machine.
public func cpuMilliseconds() -> Double {
    let usage = resourceUsage()
    func ms(_ time: timeval) -> Double { Double(time.tv_sec) * 1e3 + Double(time.tv_usec) / 1e3 }
    return ms(usage.ru_utime) + ms(usage.ru_stime)
}

/// The process's peak resident set size so far, in KiB.
public func peakResidentKiB() -> Int {
    let usage = resourceUsage()
    #if canImport(Darwin)
        return Int(usage.ru_maxrss) / 1024  // bytes on Darwin
    #else
        return Int(usage.ru_maxrss)  // KiB on Linux
    #endif
}
