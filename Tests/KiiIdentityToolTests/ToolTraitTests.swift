#if !CommandLineTool
import Testing

@Suite("The tool's tests need the CommandLineTool trait")
struct ToolTraitTests {
    @Test("run `make test` or `swift test --traits CommandLineTool`")
    func traitIsOn() {
        Issue.record(
            """
            the kii-identity tool was built without the CommandLineTool trait, so its tests cannot \
            run: use `make test` or `swift test --traits CommandLineTool`
            """
        )
    }
}
#endif
