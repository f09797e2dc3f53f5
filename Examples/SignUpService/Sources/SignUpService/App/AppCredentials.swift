import Foundation
import HTTPTypes
import Hummingbird

/// How a request names its app, as Kii's SDKs do (`X-Kii-AppID` and `X-Kii-AppKey`, header
/// names in any case) and as Kii's REST reference allows (`Authorization: Basic` of
/// `APP_ID:APP_KEY`), checked against the service's ``KiiApp``:
///
/// - an app ID other than the service's (in the path, a header or Basic) is 404 `APP_NOT_FOUND`,
///   Kii's answer for another app;
/// - a key other than the service's is 401 `UNAUTHORIZED`;
/// - an anonymous request (sign-up, login, password reset) must give the key; a request with a
///   user's token need not (the token names the app), but what it gives is checked.
struct AppCredentials {
    let app: KiiApp

    /// Checks `request`'s app; `pathAppID` is the path's `{appID}` (none for `/api/oauth2/token`).
    ///
    /// - Throws: ``ServiceFailure``: `APP_NOT_FOUND` (404) or `UNAUTHORIZED` (401).
    func check(_ request: Request, pathAppID: Substring?, anonymous: Bool) throws {
        let basic = Self.basicCredentials(request.headers.value(.authorization))
        // Every app ID the request gives (path, header, Basic) must be the service's.
        let headerID = request.headers.value(.kiiAppID)
        try checkID(pathAppID)
        try checkID(headerID)
        try checkID(basic?.id)
        let headerKey = request.headers.value(.kiiAppKey)
        if let headerKey, headerKey != app.key { throw ServiceFailure(.app, .wrongAppKey) }
        if let key = basic?.key, key != app.key { throw ServiceFailure(.app, .wrongAppKey) }
        let namesApp = pathAppID != nil || headerID != nil || basic != nil
        if anonymous, !namesApp || (headerKey == nil && basic == nil) {
            throw ServiceFailure(.app, .missingAppCredentials)
        }
    }

    /// Refuses an app ID other than the service's.
    private func checkID(_ id: (some StringProtocol)?) throws {
        if let id, id != app.id { throw ServiceFailure(.app, .appNotFound(appID: String(id))) }
    }

    /// The path's `{appID}` among a route's `parameters` (routes under `api/apps/:appID`), found
    /// by comparing the names: Hummingbird's `parameters.get` hashes the name at every lookup.
    static func pathAppID(in parameters: Parameters) -> Substring? {
        for parameter in parameters where parameter.key == "appID" { return parameter.value }
        return nil
    }

    /// `Authorization: Basic base64(id:key)` (the scheme in any case), or `nil`.
    static func basicCredentials(_ header: String?) -> (id: String, key: String)? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let data = Data(base64Encoded: String(parts[1].trimmingSpaces())),
            let text = String(data: data, encoding: .utf8),
            let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }
}

extension HTTPField.Name {
    /// `X-Kii-AppID`: the app a Kii SDK's request is for.
    static let kiiAppID = Self("X-Kii-AppID")!
    /// `X-Kii-AppKey`: that app's key.
    static let kiiAppKey = Self("X-Kii-AppKey")!
    /// `X-Kii-SDK`: the SDK and its version (read by nothing here; allowed by CORS).
    static let kiiSDK = Self("X-Kii-SDK")!
}
