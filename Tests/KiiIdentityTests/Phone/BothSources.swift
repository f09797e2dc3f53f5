import KiiIdentity

extension PhoneMetadataSource {
    /// The bundled and the system metadata: the phone tests that hold whichever metadata judges
    /// run on both.
    static let both: [PhoneMetadataSource] = [.bundled, .system]
}

/// A suite whose tests run on both metadata sources, with their policies put on one.
protocol RunsOnBothSources {}

extension RunsOnBothSources {
    /// `policy` (Kii's by default) on `source`'s metadata.
    static func on(_ source: PhoneMetadataSource, _ policy: PhonePolicy = .default) -> PhonePolicy {
        var policy = policy
        policy.metadata = source
        return policy
    }
}
