/// libphonenumber's `Format` and `GetExampleNumberForType` on the compiled tables.
extension PhoneEngine {
    /// How a number is written.
    package enum Format {
        /// `090-1234-5678`.
        case national
        /// `+81 90-1234-5678`.
        case international
    }

    /// libphonenumber's `Format(number, NATIONAL | INTERNATIONAL)`: the national significant
    /// number written by the first of its calling code's formats it fits (the main region's:
    /// US's for every `+1` number), in `format`; the digits unchanged when none fits, behind
    /// `+code ` internationally. `nil` when the code's formats did not compile (the caller then
    /// asks libphonenumber, for the system source only).
    package static func format(
        _ national: UnsafeBufferPointer<UInt8>,
        countryCallingCode code: Int,
        _ format: Format,
        source: PhoneMetadataSource.Kind
    ) -> String? {
        guard let formats = PhoneTerritories.of(source).formats(code) else { return nil }
        let useInternational = format == .international && !formats.international.isEmpty
        let list = useInternational ? formats.international : formats.national
        // `+`, three digits of calling code and a space, then the number written.
        let capacity = 5 + CompiledNumberFormat.writtenCapacity(national.count, formats.longestRewrite)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { output in
            var length = 0
            if format == .international {
                length = PhoneAnalysis.writeCallingCode(code, into: output)
                output[length] = UInt8(ascii: " ")
                length += 1
            }
            var written: Int?
            for candidate in list {
                written = candidate.write(
                    national,
                    format == .national ? candidate.national : candidate.international,
                    into: output,
                    from: length
                )
                if written != nil { break }
            }
            if let written {
                length = written
            } else {
                for digit in national {
                    output[length] = digit
                    length += 1
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: output[..<length]), as: UTF8.self)
        }
    }

    /// libphonenumber's `GetExampleNumberForType` in E.164: `region`'s example of the type's
    /// description (the fixed-line one for `FIXED_LINE_OR_MOBILE`), read as a local number of
    /// the region; `nil` when the metadata gives none or it does not parse.
    static func example(
        of type: PhoneNumberType,
        in region: RegionTable.Region,
        source: PhoneMetadataSource.Kind
    ) -> String? {
        let kind: PhoneMetadata.Kind =
            switch type {
            case .fixedLine, .fixedLineOrMobile: .fixedLine
            case .mobile: .mobile
            case .tollFree: .tollFree
            case .premiumRate: .premiumRate
            case .sharedCost: .sharedCost
            case .voip: .voip
            case .personalNumber: .personalNumber
            case .pager: .pager
            case .uan: .uan
            case .voicemail: .voicemail
            case .unknown: .general
            }
        let entries = PhoneMetadataIndex.of(source).metadata(of: region.countryCallingCode)
        guard region.territoryPosition < entries.count else { return nil }
        var example = Array(entries[region.territoryPosition].descriptions[kind.rawValue].exampleNumber.utf8)
        guard !example.isEmpty, example.count <= PhoneNumber.maximumLocalDigits, example.allSatisfy({ $0 &- 0x30 < 10 })
        else { return nil }
        return example.withUnsafeMutableBufferPointer { buffer in
            guard let analysis = analyze(.local(UnsafeBufferPointer(buffer), region), source: source),
                analysis.status == .parsed
            else { return nil }
            return analysis.e164
        }
    }
}
