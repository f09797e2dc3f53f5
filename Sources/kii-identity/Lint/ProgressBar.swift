import Foundation

/// A progress bar on stderr, drawn only when stderr is a terminal and the input is large.
struct ProgressBar {
    /// Inputs smaller than this (8 MiB) finish too fast to need a bar.
    static let minimumBytes = 8 << 20

    private let total: Int
    private let isShown: Bool
    private var lastPercent = -1

    /// A bar for an input of `total` bytes (`nil` when unknown: no bar).
    init(total: Int?) {
        self.total = total ?? 0
        isShown = (total ?? 0) >= Self.minimumBytes && isatty(STDERR_FILENO) == 1
    }

    /// Redraws the bar when the percentage changed.
    mutating func update(bytes: Int, records: Int) {
        guard isShown else { return }
        let percent = min(100, bytes * 100 / max(total, 1))
        guard percent != lastPercent else { return }
        lastPercent = percent
        let filled = percent / 5
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 20 - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(percent)% \(records) records".utf8))
    }

    /// Erases the bar.
    func finish() {
        guard isShown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
