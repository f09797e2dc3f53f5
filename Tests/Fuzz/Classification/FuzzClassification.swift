import KiiIdentityFuzzChecks

// libFuzzer entry with -DFUZZING; otherwise a replayer: `FuzzClassification FILE...` checks each file.
#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClassification(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    FuzzTarget.classification.fuzz(data, count)
}
#else
@main
struct FuzzClassification {
    static func main() {
        FuzzTarget.classification.replay(CommandLine.arguments.dropFirst())
    }
}
#endif
