import Foundation
import Testing

@testable import SignUpService

/// The SQLite file and its `-wal` and `-shm` files are created readable by their owner only
/// (issue 49): they hold the password hashes.
@Suite struct DatabaseFileTests {
    @Test func aNewDatabaseFileAndItsWALAndSharedMemoryAreOwnerOnly() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signup-\(Unique.tag())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("users.sqlite").path
        try await withService(.sqlite, .database(.sqliteFile(path: path))) { service in
            try await service.signUp(#"{"loginName":"owner_1","password":"correct horse"}"#)
            for suffix in ["", "-wal", "-shm"] {
                let attributes = try FileManager.default.attributesOfItem(atPath: path + suffix)
                #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(suffix)")
            }
        }
    }

    @Test func anExistingFileKeepsItsMode() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signup-\(Unique.tag())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("users.sqlite").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o640]))
        try DatabaseFile.createPrivately(path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        #expect(throws: DatabaseFile.CreationError.self) {
            try DatabaseFile.createPrivately(folder.path + "/missing/users.sqlite")
        }
    }
}
