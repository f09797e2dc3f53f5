/// Counting an enum's cases, which Swift offers only for `CaseIterable` enums without payloads:
/// for the tests that check that every case of a problem catalog has a name of its own.
package enum EnumCases {
    /// The number of cases of the enum `type`, read from its type metadata as the Swift ABI lays
    /// it out (the enum descriptor's payload and empty case counts); `nil` when `type` is not an
    /// enum. Test code only: it reads the runtime's layout, which the library never relies on.
    package static func count(of type: Any.Type) -> Int? {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        // MetadataKind.enum
        guard metadata.load(as: UInt.self) == 0x201,
            let descriptor = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UnsafeRawPointer?.self)
        else { return nil }
        // After the flags and the parent, name, access function and fields relative pointers.
        let payloadCases = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF
        let emptyCases = descriptor.load(fromByteOffset: 24, as: UInt32.self)
        return Int(payloadCases) + Int(emptyCases)
    }
}
