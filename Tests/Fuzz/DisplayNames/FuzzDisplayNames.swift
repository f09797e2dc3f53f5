import KiiIdentityFuzzChecks

// libFuzzer entry with -DFUZZING; otherwise a replayer: `FuzzDisplayNames FILE...` checks each file.
#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDisplayNames(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    FuzzTarget.displayNames.fuzz(data, count)
}
#else
@main
struct FuzzDisplayNames {
    static func main() {
        FuzzTarget.displayNames.replay(CommandLine.arguments.dropFirst())
    }
}
#endif
