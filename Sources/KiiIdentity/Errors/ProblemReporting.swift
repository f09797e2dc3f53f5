extension Array where Element == ValidationError.Problem {
    /// Appends `problem` to a list being collected; the first one reserves room for a record's
    /// problems, since a record's fields report into one list (grown one problem at a time, it
    /// was copied at 1, 2 and 4 problems).
    @inline(__always)
    mutating func report(_ problem: ValidationError.Problem) {
        if capacity == 0 { reserveCapacity(8) }
        append(problem)
    }
}
