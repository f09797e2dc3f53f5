extension ValidationError {
    /// Appends the error as a Kii service's answer body to `bytes`:
    /// `{"errorCode":…,"errors":[…],"message":…}`, `errors` as ``jsonProblems(in:)`` writes them
    /// and `message` the first problem's message.
    ///
    /// With `includingOAuthMembers`, RFC 6749's `error` and `error_description` follow (the code
    /// and the message again), as an OAuth token endpoint answers.
    ///
    /// ```swift
    /// var body: [UInt8] = []
    /// error.appendKiiErrorBody(errorCode: "INVALID_INPUT_DATA", in: language, to: &body)
    /// // {"errorCode":"INVALID_INPUT_DATA","errors":[{"field":"loginName",…}],"message":"username is too short (…)"}
    /// ```
    ///
    /// The whole body is written on the stack, the first message repeated from its bytes, and
    /// added to `bytes` in one append: this is every rejected request's answer.
    public func appendKiiErrorBody(
        errorCode: String,
        in language: Language = .english,
        includingOAuthMembers: Bool = false,
        to bytes: inout [UInt8]
    ) {
        // 2 KiB on the stack: five problems with their reasons and messages, and the rest (a
        // longer body moves to the heap as it is written). `withUnsafeTemporaryAllocation`
        // takes the heap past 1 KiB.
        var memory = InlineArray<2048, UInt8>(repeating: 0)
        var span = memory.mutableSpan
        span.withUnsafeMutableBufferPointer { memory in
            var writer = ByteWriter(in: memory)
            writer.append(#"{"errorCode":"#)
            let codeStart = writer.count
            writer.appendQuoted(errorCode)
            let code = codeStart..<writer.count
            writer.append(#","errors":"#)
            let message = writeJSONProblems(in: language, to: &writer)
            writer.append(#","message":"#)
            writer.appendWritten(message)
            if includingOAuthMembers {
                writer.append(#","error":"#)
                writer.appendWritten(code)
                writer.append(#","error_description":"#)
                writer.appendWritten(message)
            }
            writer.append(UInt8(ascii: "}"))
            writer.append(to: &bytes)
        }
    }
}
