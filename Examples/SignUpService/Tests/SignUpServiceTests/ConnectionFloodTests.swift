import Foundation
import SignUpService
import Testing

/// Connections one client cannot exhaust (issue 49, item 4): 3,000 connections from one address,
/// each trickling a body a byte a second, hold at most `MAX_CONNECTIONS_PER_ADDRESS` (1,024 by
/// default) of the service's connections; meanwhile `/health` and a login from other loopback
/// addresses answer within a second, and the memory the flood took is given back once it ends.
/// A request's deadline (`REQUEST_TIMEOUT_SECONDS`) closes a connection that trickles its body,
/// which the idle time does not. The built executable, measured from `/proc`.
@Suite(.serialized) struct ConnectionFloodTests {
    /// A sign-up's head whose body never comes whole.
    static func trickleHead(_ app: KiiApp) -> String {
        "POST /api/apps/\(app.id)/users HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Kii-AppID: \(app.id)\r\n"
            + "X-Kii-AppKey: \(app.key)\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"
    }

    /// A request from `source` (another loopback address), its answer's status and how long it took.
    static func timed(_ request: String, port: Int, from source: String) async throws -> (status: Int?, time: Duration)
    {
        try await offPool {
            let start = ContinuousClock.now
            let connection = try RawConnection(port: port, from: source)
            connection.send(request)
            let status = connection.receiveAnswer(patience: .seconds(5))?.status
            return (status, ContinuousClock.now - start)
        }
    }

    /// What one flood showed.
    struct Flood {
        var held: Int
        var descriptorsDuring: Int
        var descriptorsAfter: Int
        var memoryDuring: Int
        var memoryAfter: Int
        var health: (status: Int?, time: Duration)
        var login: (status: Int?, time: Duration)
    }

    /// 3,000 connections from 127.0.0.1, trickling for three seconds; `/health` from 127.0.0.2
    /// and `login` from 127.0.0.3 meanwhile; then closed, and the service given until its
    /// descriptors are back (10 s) and 2 s more for its memory.
    static func flood(_ service: ServiceProcess, login: String, descriptorsBefore: Int) async throws -> Flood {
        let head = trickleHead(service.app)
        let port = service.port
        var flood = try await offPool {
            try (0..<3_000).map { _ in
                let connection = try RawConnection(port: port)
                connection.send(head)
                return connection
            }
        }
        // Three seconds of trickling: a byte a second on every connection still open.
        var held = 0
        for _ in 0..<3 {
            try await Task.sleep(for: .seconds(1))
            held = flood.filter { $0.send(" ") }.count
        }
        let descriptorsDuring = service.openDescriptors
        let memoryDuring = service.residentBytes
        let health = try await timed(
            "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            port: service.port,
            from: "127.0.0.2"
        )
        let loggedIn = try await timed(login, port: service.port, from: "127.0.0.3")
        flood.removeAll()
        var descriptorsAfter = service.openDescriptors
        let deadline = ContinuousClock.now + .seconds(10)
        while descriptorsAfter > descriptorsBefore + 2, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            descriptorsAfter = service.openDescriptors
        }
        try await Task.sleep(for: .seconds(2))
        return Flood(
            held: held,
            descriptorsDuring: descriptorsDuring,
            descriptorsAfter: descriptorsAfter,
            memoryDuring: memoryDuring,
            memoryAfter: service.residentBytes,
            health: health,
            login: loggedIn
        )
    }

    @Test func oneAddressHoldsAtMostItsShareAndOthersAreAnswered() async throws {
        let service = try await ServiceProcess(
            environment: [
                "DATABASE_URL": "sqlite::memory:", "BCRYPT_COST": "4", "REQUEST_TIMEOUT_SECONDS": "120",
                "IDLE_TIMEOUT_SECONDS": "120",
            ]
        )
        let app = service.app
        #expect(
            try await service.send(
                .post,
                service.usersPath,
                json: #"{"loginName":"calm_1","password":"correct horse"}"#
            ).status == 201
        )
        let loginBody = #"{"username":"calm_1","password":"correct horse"}"#
        let login =
            "POST /api/oauth2/token HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Kii-AppID: \(app.id)\r\n"
            + "X-Kii-AppKey: \(app.key)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(loginBody.utf8.count)\r\n\r\n\(loginBody)"
        // Warm: the routes, the database and the allocator have done their first work.
        for _ in 0..<50 {
            _ = try await Self.timed(
                "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                port: service.port,
                from: "127.0.0.1"
            )
        }
        let descriptorsBefore = service.openDescriptors
        let memoryBefore = service.residentBytes

        let first = try await Self.flood(service, login: login, descriptorsBefore: descriptorsBefore)
        // A second flood: what the first left is reused, not kept a second time.
        let second = try await Self.flood(service, login: login, descriptorsBefore: descriptorsBefore)
        let megabyte = 1_048_576
        print(
            "connection flood: \(first.held) of 3,000 held (client's view); server descriptors \(descriptorsBefore) → "
                + "\(first.descriptorsDuring) → \(first.descriptorsAfter); RSS \(memoryBefore / megabyte) → "
                + "\(first.memoryDuring / megabyte) → \(first.memoryAfter / megabyte) MiB, after a second flood "
                + "\(second.memoryAfter / megabyte) MiB; /health \(first.health), login \(first.login)"
        )
        for round in [first, second] {
            // The service holds at most 1,024 of them (a refused one is closed at once).
            #expect(round.descriptorsDuring - descriptorsBefore <= 1_024)
            #expect(round.descriptorsDuring - descriptorsBefore >= 1_000, "the flood did not reach the service")
            #expect(round.held <= 1_024 + 16, "\(round.held) connections still took bytes")
            // Other clients are answered at once.
            #expect(round.health.status == 200)
            #expect(round.health.time < .seconds(1))
            #expect(round.login.status == 200)
            #expect(round.login.time < .seconds(1))
            // Closed, the flood's connections are given back.
            #expect(round.descriptorsAfter <= descriptorsBefore + 2)
        }
        // Its memory too: 1,024 connections take about 27 MiB here (28 KiB each). Without the
        // trim (``MemoryRelease``) all of it stayed; trimmed, about half stays (12-14 MiB of
        // fragments in the allocator's arenas) and is what the next flood uses: at most two
        // thirds of the growth stays, and the second flood leaves little more than the first:
        // less than a third of a flood's growth (a leak of a third of each connection's memory
        // fails). A fixed 4 MiB was passed by 0.8 and 1.9 MiB in two full runs of the suite on a
        // loaded 2-core machine (which arena a connection lands in depends on the threads'
        // timing), never alone.
        let grown = first.memoryDuring - memoryBefore
        #expect(grown > 8 * megabyte, "the flood took \(grown) bytes")
        #expect(
            first.memoryAfter - memoryBefore <= grown * 2 / 3,
            "RSS \(memoryBefore) → \(first.memoryDuring) → \(first.memoryAfter)"
        )
        #expect(
            second.memoryAfter - first.memoryAfter < grown / 3,
            "RSS after the second flood \(second.memoryAfter)"
        )
        #expect(!service.log.contains(" error "), "\(service.log.suffix(2_000))")
        #expect(await service.terminate() == 0)
    }

    @Test func aTricklingBodyIsClosedAtTheRequestDeadline() async throws {
        let service = try await ServiceProcess(
            environment: [
                "DATABASE_URL": "sqlite::memory:", "BCRYPT_COST": "4", "REQUEST_TIMEOUT_SECONDS": "2",
                "IDLE_TIMEOUT_SECONDS": "30",
            ]
        )
        let connection = try RawConnection(port: service.port)
        let start = ContinuousClock.now
        connection.send(Self.trickleHead(service.app))
        var open = true
        while open, ContinuousClock.now - start < .seconds(10) {
            try await Task.sleep(for: .milliseconds(200))
            open = connection.send(" ") && !connection.hasEndOfInput()
        }
        let elapsed = ContinuousClock.now - start
        #expect(!open)
        #expect(elapsed >= .seconds(1.8) && elapsed < .seconds(5), "closed after \(elapsed)")
        // A request sent in time on a new connection is answered.
        #expect(try await service.send(.get, "/health").status == 200)
        #expect(await service.terminate() == 0)
    }
}
