import HTTPTypes
import HummingbirdTesting
import KiiIdentity
import NIOCore

/// A response as the tests read it: status, headers, body text and, when it is JSON, its value.
struct Answer: Sendable, CustomStringConvertible {
    let status: Int
    let headers: HTTPFields
    let text: String

    init(_ response: TestResponse) {
        status = Int(response.status.code)
        headers = response.headers
        text = String(buffer: response.body)
    }

    init(status: Int, headers: HTTPFields, text: String) {
        self.status = status
        self.headers = headers
        self.text = text
    }

    /// The body read by the library's strict reader; `nil` when it is not JSON.
    var json: JSONValue? { try? JSONValue(parsing: text) }

    /// The members of the body's object (empty when it is not one).
    var members: [String: JSONValue] {
        guard case .object(let members)? = json else { return [:] }
        return members
    }

    /// A member of the body's object.
    subscript(member: String) -> JSONValue? { members[member] }

    /// A string member of the body's object.
    func string(_ member: String) -> String? { self[member]?.stringValue }

    /// An integer member of the body's object.
    func integer(_ member: String) -> Int? {
        guard case .integer(let value)? = self[member] else { return nil }
        return value
    }

    /// Kii's `errorCode` of an error body.
    var errorCode: String? { string("errorCode") }

    /// The `errors` of an error body as `field:code`, in order.
    var problems: [String] {
        guard case .array(let errors)? = self["errors"] else { return [] }
        return errors.compactMap { error in
            guard case .object(let members) = error else { return nil }
            return "\(members["field"]?.stringValue ?? "?"):\(members["code"]?.stringValue ?? "?")"
        }
    }

    /// The `message` of each error, in order.
    var messages: [String] {
        guard case .array(let errors)? = self["errors"] else { return [] }
        return errors.compactMap { error in
            guard case .object(let members) = error else { return nil }
            return members["message"]?.stringValue
        }
    }

    /// The members' names, sorted.
    var memberNames: [String] { members.keys.sorted() }

    var description: String { "\(status) \(text)" }
}
