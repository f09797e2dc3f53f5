/// A phone input whose syntax its form's checks passed: what the phone engine, or
/// libphonenumber where the engine defers, reads. Each step of a number's path takes the
/// previous step's result, so nothing is checked twice.
package enum CheckedPhoneInput {
    /// `+` then ASCII digits: the whole input, `+` included.
    case international(UnsafeBufferPointer<UInt8>)
    /// 1 to 17 ASCII digits read in a supported region.
    case local(UnsafeBufferPointer<UInt8>, RegionTable.Region)
}
