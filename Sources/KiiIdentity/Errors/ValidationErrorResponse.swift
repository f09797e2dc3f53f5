/// A ``ValidationError`` as an HTTP service answers it: a status and a JSON body of every
/// problem, in the client's language.
///
/// Inside a route closure, catch the error by its type: a plain `catch` there sees `any Error`
/// (the closure also awaits the request body), and an escaped `ValidationError` becomes a 500.
///
/// ```swift
/// do throws(ValidationError) {
///     let registration = try Registration(json: body, policy: policy)
///     let keys = registration.uniquenessKeys.keys
///     // insert the user and one row per key under a UNIQUE (kind, value) constraint;
///     // the kinds whose rows were refused: throw ValidationError(alreadyTaken: kinds)
/// } catch {
///     let language = ValidationError.Language(acceptLanguage: request.headers[.acceptLanguage])
///     return Response(status: .init(code: error.httpStatus), body: error.jsonBody(in: language))
/// }
/// ```
extension ValidationError {
    /// An error naming identifiers another user already has: one `already_taken` problem per
    /// kind, under the kind's field (`loginName`, `emailAddress`, `phoneNumber`), in table order.
    ///
    /// - Precondition: `kinds` is not empty.
    public init(alreadyTaken kinds: some Sequence<LoginKind>) {
        self.init(Set(kinds).sorted().map { Problem(field: $0.field, .alreadyTaken) })
    }

    /// The HTTP status of the error: the status its problems' details declare
    /// (``Detail/httpStatus``: 400, or 409 for `already_taken` and `not_a_pseudo_user`, or a
    /// service's own), when they all declare the same; 400 (Bad Request) when they differ, since
    /// the input must change either way.
    public var httpStatus: Int {
        guard let first = problems.first?.stored.httpStatus else { return 400 }
        return problems.dropFirst().allSatisfy { $0.stored.httpStatus == first } ? first : 400
    }

    /// The error as a JSON response body, every problem with its field, code, reason and
    /// message in `language`:
    ///
    /// ```json
    /// {"errors":[{"field":"loginName","code":"too_short","reason":"is too short (minimum 3 characters)",
    ///   "message":"username is too short (minimum 3 characters)"}]}
    /// ```
    ///
    /// `reason` reads after the field's name; `message` is the whole sentence, as a form shows
    /// it. Members are in that order; the text is UTF-8 JSON (non-ASCII characters as they are,
    /// control characters escaped).
    /// Like every text of an error, it never holds a password or any part of one.
    public func jsonBody(in language: Language = .english) -> String {
        var body = #"{"errors":"#
        appendJSONProblems(in: language, to: &body)
        return body + "}"
    }

    /// The array of ``jsonBody(in:)`` alone, `[{"field","code","reason","message"}, ...]`, for a
    /// service that puts it in a body of its own shape (a Kii-style `{"errorCode", "message",
    /// "errors": [...]}`).
    public func jsonProblems(in language: Language = .english) -> String {
        var text = ""
        appendJSONProblems(in: language, to: &text)
        return text
    }

    /// Appends ``jsonProblems(in:)`` to `text`.
    ///
    /// Written byte by byte into one buffer, with the one escaper, and added to `text` once: this
    /// is every rejected request's answer, and a string built from small pieces costs more in its
    /// appends than in its content (Performance.md, "Figures behind the code's choices").
    public func appendJSONProblems(in language: Language = .english, to text: inout String) {
        var bytes: [UInt8] = []
        appendJSONProblems(in: language, to: &bytes)
        text += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``jsonProblems(in:)`` to the UTF-8 bytes of a body a service writes itself (no
    /// string in between: the bytes go to the response as they are).
    ///
    /// - Returns: where the first problem's message was written, quoted (`"username is too
    ///   short (…)"`), so that a body with a top-level `message` repeats those bytes instead of
    ///   building the message again.
    ///
    /// ```swift
    /// var body = Array(#"{"errors":"#.utf8)
    /// let first = error.appendJSONProblems(in: language, to: &body)
    /// body += #","message":"#.utf8
    /// let start = body.count   // the message again, copied inside `body`
    /// body += repeatElement(0, count: first.count)
    /// body.withUnsafeMutableBufferPointer { buffer in
    ///     (buffer.baseAddress! + start).update(from: buffer.baseAddress! + first.lowerBound, count: first.count)
    /// }
    /// body.append(UInt8(ascii: "}"))
    /// ```
    @discardableResult
    public func appendJSONProblems(in language: Language = .english, to bytes: inout [UInt8]) -> Range<Int> {
        // Written into 1 KiB on the stack, which a request's few problems fit (more move to the
        // heap as they are written), then copied into `bytes` at once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { memory in
            var writer = ByteWriter(in: memory)
            let firstMessage = writeJSONProblems(in: language, to: &writer)
            let offset = bytes.count
            writer.append(to: &bytes)
            return firstMessage.lowerBound + offset..<firstMessage.upperBound + offset
        }
    }

    /// Writes ``jsonProblems(in:)`` to `writer`.
    ///
    /// - Returns: where the first problem's message was written, quoted.
    func writeJSONProblems(in language: Language, to writer: inout ByteWriter) -> Range<Int> {
        var firstMessage = 0..<0
        writer.append(UInt8(ascii: "["))
        for (index, problem) in problems.enumerated() {
            // The library's own fields are written from their literals, others escaped.
            let known = KnownField(problem.field)
            writer.append(index == 0 ? #"{"field":""# : #",{"field":""#)
            if let known { writer.append(known.name) } else { writer.appendEscaped(problem.field.rawValue) }
            writer.append(#"","code":""#)
            writer.append(problem.code)
            writer.append(#"","reason":""#)
            let reasonStart = writer.count
            // Where the message's opening quote is.
            let messageStart: Int
            switch language {
            case .english:
                problem.stored.appendEscapedReason(in: language, to: &writer)
                let reason = reasonStart..<writer.count
                writer.append(#"","message":""#)
                messageStart = writer.count - 1
                // "label reason", quoted as one string without building it, the reason's
                // escaped bytes repeated from the member before.
                if let known {
                    writer.append(known.englishLabel)
                } else {
                    writer.appendEscaped(problem.field.rawValue)
                }
                writer.append(UInt8(ascii: " "))
                writer.appendWritten(reason)
            case .japanese:
                let phrase = problem.stored.phrase(in: language)
                writer.appendEscaped(phrase.reason)
                writer.append(#"","message":""#)
                messageStart = writer.count - 1
                writer.appendEscaped(problem.message(in: language, phrase: phrase))
            }
            writer.append(UInt8(ascii: "\""))
            if index == 0 { firstMessage = messageStart..<writer.count }
            writer.append(UInt8(ascii: "}"))
        }
        writer.append(UInt8(ascii: "]"))
        return firstMessage
    }
}
