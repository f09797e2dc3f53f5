// CArgon2: the sign-up service's window on Argon2's reference implementation as Debian ships
// it (`apt-get install libargon2-dev`; pkg-config `libargon2`), linked from the system.
//
// The service calls three functions of <argon2.h>, each given every length it reads, so that
// nothing depends on a terminating NUL but the encoded hash the library writes itself:
//   - argon2_encodedlen(t, m, p, saltlen, hashlen, Argon2_id): the encoded hash's size, its
//     terminating NUL included;
//   - argon2id_hash_encoded(t, m, p, pwd, pwdlen, salt, saltlen, hashlen, encoded, encodedlen):
//     writes `$argon2id$v=19$m=…,t=…,p=…$salt$tag` into the caller's buffer;
//   - argon2id_verify(encoded, pwd, pwdlen): ARGON2_OK when the password matches,
//     ARGON2_VERIFY_MISMATCH when it does not (compared in constant time).
// The library allocates Argon2's memory (m KiB) itself and frees it before returning: Swift
// owns every buffer it passes and frees nothing the library made.
#ifndef KII_CARGON2_SHIM_H
#define KII_CARGON2_SHIM_H

#include <argon2.h>

#endif
