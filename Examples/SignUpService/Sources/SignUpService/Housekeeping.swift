import Logging
import ServiceLifecycle

/// Every five minutes, deletes expired access tokens, expired verification codes and spent
/// failed-login windows, so that those tables hold only live rows.
struct Housekeeping: Service {
    let store: UserStore
    let logger: Logger
    let clock: @Sendable () -> Int64
    var interval: Duration = .seconds(300)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
                do {
                    let swept = try await store.sweep(now: clock())
                    logger.debug("housekeeping", metadata: ["rows": "\(swept)"])
                } catch {
                    logger.warning(
                        "housekeeping failed",
                        metadata: ["error.type": "\(String(reflecting: type(of: error)))"]
                    )
                }
            }
        }
    }
}

/// Stops the bcrypt threads after the server's last request.
struct HasherShutdown: Service {
    let hasher: PasswordHasher

    func run() async throws {
        try? await gracefulShutdown()
        try await hasher.shutdown()
    }
}
