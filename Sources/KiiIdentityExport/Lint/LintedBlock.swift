package import KiiIdentity

/// One block of JSON lines checked: its records counted, the problems of the invalid ones and
/// the keys of the valid ones, in line order. What a worker hands back to the report.
package struct LintedBlock: Sendable {
    /// One uniqueness key of a valid record: 32 bytes.
    package struct Key: Sendable {
        package let fingerprint: KeyFingerprint
        /// The line, from the block's first.
        private let lineInBlock: UInt32
        /// Where the record's line is in ``bytes``, to read the key's value again when needed.
        let start: UInt32
        let count: UInt32
        package let kind: KeyKind

        init(fingerprint: KeyFingerprint, kind: KeyKind, lineInBlock: Int, start: Int, count: Int) {
            self.fingerprint = fingerprint
            self.kind = kind
            self.lineInBlock = UInt32(truncatingIfNeeded: lineInBlock)
            self.start = UInt32(truncatingIfNeeded: start)
            self.count = UInt32(truncatingIfNeeded: count)
        }

        /// The line of the record, in a block whose first line is `firstLine`.
        package func line(from firstLine: Int) -> Int { firstLine + Int(lineInBlock) }
    }

    /// An invalid record (or unreadable line) and its problems.
    package struct Invalid: Sendable {
        package let line: Int
        package let problems: [ValidationError.Problem]
    }

    /// How many bytes of input the block holds.
    package var byteCount: Int { bytes.count }
    /// How many records (lines that are not blank) the block holds.
    package private(set) var records = 0
    /// The keys of its valid records, in line order.
    package private(set) var keys: [Key] = []
    /// Its invalid records, in line order.
    package private(set) var invalid: [Invalid] = []
    private let bytes: [UInt8]
    private let policy: RegistrationPolicy
    /// The number of the block's first line.
    package let firstLine: Int

    /// Checks every line of `block` under `policy`: blank lines are skipped, a byte order mark
    /// starting line 1 is dropped, a line longer than `maximumLineBytes` is `line_too_long`.
    package init(_ block: LineBlock, policy: RegistrationPolicy, maximumLineBytes: Int) {
        self.policy = policy
        switch block {
        case .tooLong(let line):
            firstLine = line
            bytes = []
            records = 1
            invalid = [Invalid(line: line, problems: [.lineTooLong])]
        case .lines(let lines):
            bytes = lines.bytes
            firstLine = lines.firstLine
            var records = 0
            var keys: [Key] = []
            var invalid: [Invalid] = []
            keys.reserveCapacity(lines.bytes.count / 40)
            lines.bytes.withUnsafeBufferPointer { all in
                lines.forEachLine { line, text in
                    if text.count > maximumLineBytes {
                        records += 1
                        invalid.append(Invalid(line: line, problems: [.lineTooLong]))
                        return
                    }
                    if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
                    records += 1
                    switch LintLine.check(text, policy: policy) {
                    case .invalid(let problems):
                        invalid.append(Invalid(line: line, problems: problems))
                    case .valid(let fingerprints):
                        let start = text.baseAddress! - all.baseAddress!
                        for kind in KeyKind.allCases {
                            guard let fingerprint = fingerprints[kind] else { continue }
                            let key = Key(
                                fingerprint: fingerprint,
                                kind: kind,
                                lineInBlock: line - lines.firstLine,
                                start: start,
                                count: text.count
                            )
                            keys.append(key)
                        }
                    }
                }
            }
            (self.records, self.keys, self.invalid) = (records, keys, invalid)
        }
    }

    /// The block's bytes, for ``LineBlockReader/recycle(_:)`` once the block is merged.
    package var bytesToRecycle: [UInt8] { bytes }

    /// The normalised value of `key`, read again from its record's line (the full way).
    package func value(of key: Key) -> String {
        bytes.withUnsafeBufferPointer { all in
            let text = UnsafeBufferPointer(rebasing: all[Int(key.start)..<Int(key.start) + Int(key.count)])
            return LintLine.value(of: key.kind, in: text, policy: policy) ?? ""
        }
    }
}

/// Checks a JSON Lines input on every core (see ``OrderedPipeline``).
package enum JSONLinesLint {
    /// Checks every block of `blocks` under `policy` on `workers` threads and hands the blocks
    /// to `merge` in input order, on the calling thread.
    ///
    /// - Throws: ``ExportInputError`` when reading fails.
    package static func run(
        _ blocks: LineBlockReader,
        policy: RegistrationPolicy,
        workers: Int,
        merge: (LintedBlock) -> Void
    ) throws(ExportInputError) {
        let maximumLineBytes = blocks.maximumLineBytes
        let process: @Sendable (LineBlock) -> LintedBlock = { block in
            LintedBlock(block, policy: policy, maximumLineBytes: maximumLineBytes)
        }
        func next() throws(ExportInputError) -> LineBlock? { try blocks.next() }
        func mergeBlock(_ block: LintedBlock) throws(ExportInputError) {
            merge(block)
            blocks.recycle(block.bytesToRecycle)
        }
        try OrderedPipeline.run(
            workers: workers,
            maximumInFlight: workers + 2,
            next: next,
            process: process,
            merge: mergeBlock
        )
    }
}
