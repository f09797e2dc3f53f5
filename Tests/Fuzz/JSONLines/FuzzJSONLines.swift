import KiiIdentityFuzzChecks

// libFuzzer entry with -DFUZZING; otherwise a replayer: `FuzzJSONLines FILE...` checks each file.
#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLines(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    FuzzTarget.jsonLines.fuzz(data, count)
}
#else
@main
struct FuzzJSONLines {
    static func main() {
        FuzzTarget.jsonLines.replay(CommandLine.arguments.dropFirst())
    }
}
#endif
