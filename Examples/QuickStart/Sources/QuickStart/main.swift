import KiiIdentity

// One field at a time: a value exists only if it is valid; `normalized` is what a service stores.
let name = try Username("User_123456")
let email = try EmailAddress("user_123456@Example.com")
let phone = try PhoneNumber(local: "09011111111", country: "JP")
print(name.normalized, email.normalized)
print(phone.e164, phone.restForm, phone.internationalFormat)

// Every problem at once, each with a stable code and a reason. `throws(ValidationError)` types
// the error; in a closure that also throws other errors, a plain `catch` would see `any Error`.
do throws(ValidationError) {
    _ = try Username("a ")
} catch {
    for problem in error.problems { print(problem.code, "-", problem.message) }
}

// A whole sign-up: what the user can log in with, what waits for verification, what stays unique.
let registration = try Registration(
    identity: IdentityData(username: "User_1", email: "ann@Example.com"),
    password: "correct horse",
    fields: UserFields(displayName: "Ann", country: "JP"),
    policy: RegistrationPolicy(emailVerification: true)
)
print(registration.loginKinds, registration.awaitingVerification)
print(registration.uniquenessKeys)
