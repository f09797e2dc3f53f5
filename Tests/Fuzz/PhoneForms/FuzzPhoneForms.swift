import KiiIdentityFuzzChecks

// libFuzzer entry with -DFUZZING; otherwise a replayer: `FuzzPhoneForms FILE...` checks each file.
#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPhoneForms(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    FuzzTarget.phoneForms.fuzz(data, count)
}
#else
@main
struct FuzzPhoneForms {
    static func main() {
        FuzzTarget.phoneForms.replay(CommandLine.arguments.dropFirst())
    }
}
#endif
