import UnitpackStore

/// The review's own checks of a row's values (a grouping in range, a kind it
/// knows), which it states in its words; what the store's decoder finds (a
/// checksum, a row read twice, an id or count out of range) arrives typed as
/// `DatabaseDamage` and is written with its description.
extension TableRows where Failure == ReviewError {
    func require(_ condition: Bool, _ detail: @autoclosure () -> String) throws(ReviewError) {
        guard condition else { throw damaged(detail()) }
    }

    func damaged(_ detail: String) -> ReviewError { .corrupt(path: decoder.path, detail: detail) }
}
