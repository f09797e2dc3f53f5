import KiiIdentityFuzzChecks

// libFuzzer entry with -DFUZZING; otherwise a replayer: `FuzzFieldRules FILE...` checks each file.
#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFieldRules(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    FuzzTarget.fieldRules.fuzz(data, count)
}
#else
@main
struct FuzzFieldRules {
    static func main() {
        FuzzTarget.fieldRules.replay(CommandLine.arguments.dropFirst())
    }
}
#endif
