import KiiIdentityFuzzChecks

// libFuzzer entry with -DFUZZING; otherwise a replayer: `FuzzPhoneDifferential FILE...` checks each file.
#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPhoneDifferential(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    FuzzTarget.phoneDifferential.fuzz(data, count)
}
#else
@main
struct FuzzPhoneDifferential {
    static func main() {
        FuzzTarget.phoneDifferential.replay(CommandLine.arguments.dropFirst())
    }
}
#endif
