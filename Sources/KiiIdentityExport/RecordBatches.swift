public import KiiIdentity

/// Checks the records of a source in batches, decoding and validating each batch on every core,
/// and hands the results back in input order.
///
/// A batch holds at most ``maximumRecords`` records and about ``maximumBytes`` bytes, so memory
/// stays bounded whatever the input.
public struct RecordBatches {
    /// Records per batch.
    public static let maximumRecords = 2048
    /// Bytes of input per batch (8 MiB); a batch is cut early when it reaches this.
    public static let maximumBytes = 8 << 20

    /// The records checked.
    public let source: RecordSource
    /// The rules they are checked under.
    public let policy: RegistrationPolicy

    /// Batches of `source`'s records, checked under `policy`.
    public init(source: RecordSource, policy: RegistrationPolicy) {
        self.source = source
        self.policy = policy
    }

    /// Calls `body` with each record's line and check, in input order.
    ///
    /// - Throws: ``ExportInputError`` when reading fails, or what `body` throws.
    public func checkAll(_ body: (_ line: Int, _ check: RecordCheck) throws -> Void) throws {
        let decoder = JSONLineDecoder()
        let policy = policy
        var batch: [(line: Int, item: RecordSource.Item)] = []
        var bytes = 0
        func flush() throws {
            let checks = BatchValidation.map(batch) { entry in
                entry.item.check(policy: policy, decoder: decoder)
            }
            for (entry, check) in zip(batch, checks) {
                try body(entry.line, check)
            }
            batch.removeAll(keepingCapacity: true)
            bytes = 0
        }
        while let entry = try source.next() {
            batch.append(entry)
            bytes += entry.item.byteCount
            if batch.count >= Self.maximumRecords || bytes >= Self.maximumBytes { try flush() }
        }
        try flush()
    }
}
