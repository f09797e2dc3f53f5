import Foundation

/// The processor the figures were measured on, from `/proc/cpuinfo`.
enum MachineDescription {
    static var current: String {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let colon = line.firstIndex(of: ":")
        else { return "unknown processor" }
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
}
