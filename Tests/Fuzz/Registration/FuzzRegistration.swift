import KiiIdentityFuzzChecks

// libFuzzer entry with -DFUZZING; otherwise a replayer: `FuzzRegistration FILE...` checks each file.
#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegistration(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    FuzzTarget.registration.fuzz(data, count)
}
#else
@main
struct FuzzRegistration {
    static func main() {
        FuzzTarget.registration.replay(CommandLine.arguments.dropFirst())
    }
}
#endif
