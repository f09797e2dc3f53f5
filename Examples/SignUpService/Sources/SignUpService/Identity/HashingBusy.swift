/// The hasher's queue of waiting work was full (``HashingQueue``): the request is answered 503
/// `busy` with `Retry-After: 1`, and nothing was hashed or stored.
struct HashingBusy: Error, Sendable {}
