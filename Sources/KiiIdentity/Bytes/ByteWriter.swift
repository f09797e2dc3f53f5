/// A growing buffer of bytes written through a pointer, for text written in many small pieces
/// (a rejected request's problems as JSON): each piece is a `memcpy`, where `Array`'s
/// `append(contentsOf:)` walks a sequence's protocol first and costs more than a reason's bytes
/// (the instruction counts: Performance.md, "Figures behind the code's choices").
///
/// ```swift
/// var writer = ByteWriter(capacity: 256)
/// writer.append(#"{"reason":"#)
/// writer.appendQuoted(reason)
/// writer.append(UInt8(ascii: "}"))
/// writer.append(to: &body)   // one copy into the array
/// ```
struct ByteWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Whether `base` was allocated here (else it is memory lent at creation).
    private var ownsMemory: Bool
    /// The bytes written.
    private(set) var count = 0

    /// An empty buffer of `capacity` bytes (it grows when it must).
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        ownsMemory = true
    }

    /// An empty buffer in `memory`, which the writer does not own (a temporary allocation
    /// of the caller's); past its end, the bytes move to memory of the writer's own.
    init(in memory: UnsafeMutableBufferPointer<UInt8>) {
        if let start = memory.baseAddress, memory.count >= 16 {
            base = start
            capacity = memory.count
            ownsMemory = false
        } else {
            capacity = 16
            base = .allocate(capacity: capacity)
            ownsMemory = true
        }
    }

    deinit { if ownsMemory { base.deallocate() } }

    /// Room for `extra` more bytes: the buffer doubles (at least) when it must grow.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        if ownsMemory { base.deallocate() }
        base = newBase
        capacity = newCapacity
        ownsMemory = true
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends the bytes of a literal.
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        append(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends `bytes`.
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        ByteCopy.copy(source, to: base + count, count: bytes.count)
        count += bytes.count
    }

    /// Appends bytes `range` of what was written already (a part written once, repeated).
    mutating func appendWritten(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        reserve(range.count)
        ByteCopy.copy(base + range.lowerBound, to: base + count, count: range.count)
        count += range.count
    }

    /// Appends `text` as a JSON string literal (see `JSONValue.quoted(_:)`).
    mutating func appendQuoted(_ text: String) {
        append(UInt8(ascii: "\""))
        appendEscaped(text)
        append(UInt8(ascii: "\""))
    }

    /// Appends a problem's code as inside a JSON string literal: as it is when it needs no
    /// escape (every code of the library's), else escaped.
    @inline(__always)
    mutating func append(_ code: ValidationError.Code) {
        guard code.isPlain else { return appendEscaped(code.rawValue) }
        let done: Void? = code.rawValue.utf8.withContiguousStorageIfAvailable { append(UnsafeRawBufferPointer($0)) }
        if done == nil { appendEscaped(code.rawValue) }
    }

    /// Appends `text` escaped as inside a JSON string literal, without the quotes.
    mutating func appendEscaped(_ text: String) {
        // The string's own bytes when it has them in one piece (every native string, small ones
        // copied to the stack), without the copy of the string that `withUTF8` needs.
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0) }
        if done != nil { return }
        var text = text
        text.withUTF8 { appendEscaped($0) }
    }

    /// Appends the UTF-8 `bytes` escaped as inside a JSON string literal, without the quotes:
    /// the runs between the bytes to escape (`JSONValue.nextEscape(in:from:)`) are copied whole.
    mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        // A name or a code: checked and copied as two words at once.
        if appendShortUnescaped(bytes) { return }
        var start = 0
        while true {
            let index = JSONValue.nextEscape(in: bytes, from: start)
            append(UnsafeRawBufferPointer(start: source + start, count: index - start))
            if index == bytes.count { return }
            for escaped in JSONValue.escape(source[index]).utf8 { append(escaped) }
            start = index + 1
        }
    }

    /// Appends 4 to 16 bytes that need no escape, without a loop or a call to `memmove`;
    /// `false`, with nothing written, when one of them needs an escape or there are fewer than
    /// 4 or more than 16.
    @inline(__always)
    private mutating func appendShortUnescaped(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let source = bytes.baseAddress, bytes.count >= 4, bytes.count <= 16,
            !JSONValue.hasEscape(in: bytes)
        else { return false }
        reserve(bytes.count)
        ByteCopy.copy(source, to: base + count, count: bytes.count)
        count += bytes.count
        return true
    }

    /// Appends what was written to `array`, in one copy.
    func append(to array: inout [UInt8]) {
        array.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }
}
