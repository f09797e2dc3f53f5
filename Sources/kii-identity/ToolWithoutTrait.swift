#if !CommandLineTool
import Foundation

/// The tool built without the `CommandLineTool` trait, which brings swift-argument-parser: it
/// says how to build the real one. The trait is off by default so that a service depending on
/// the library does not resolve the parser (see Package.swift).
@main
enum ToolWithoutTrait {
    static func main() {
        let message = """
            kii-identity: error: built without the CommandLineTool trait; build it with
              swift build -c release --product kii-identity --traits CommandLineTool
            (or `make run`)

            """
        FileHandle.standardError.write(Data(message.utf8))
        exit(2)
    }
}
#endif
