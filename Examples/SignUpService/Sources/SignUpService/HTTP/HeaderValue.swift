import HTTPTypes

extension HTTPFields {
    /// The value of the fields named `name`, as `self[name]` gives it (`nil` when there is none,
    /// several joined by `", "`), without its generic join when the field is there once, as the
    /// headers a route reads almost always are. (`self[name]` joined even one value through an
    /// unspecialised lazy sequence: 7 reads took about 2 µs of a rejected sign-up in the server;
    /// Examples/SignUpService/README.md, "Measured".)
    func value(_ name: HTTPField.Name) -> String? {
        guard let first = firstIndex(where: { $0.name == name }) else { return nil }
        let next = index(after: first)
        if next == endIndex || self[next...].firstIndex(where: { $0.name == name }) == nil {
            return self[first].value
        }
        return self[name]
    }
}
