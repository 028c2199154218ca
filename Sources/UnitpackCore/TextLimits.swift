/// Bounds on the text a reader takes, shared by the phrase reader and the
/// search so that one input is refused or read by both alike.
package enum TextLimits {
    /// The longest phrase or query read, in bytes of UTF-8 (4 KiB): far more
    /// than anyone types or dictates, and a bound on the work of one read.
    package static let phraseBytes = 4096
}
