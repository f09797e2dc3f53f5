// CMallocCounter: counts heap allocations made by the benchmark process.
//
// Why it exists: the benchmark reports heap allocations per operation, and glibc has no
// allocation counter. Linking this target into the executable defines malloc, calloc, realloc,
// posix_memalign, aligned_alloc and memalign there; the dynamic linker then binds every caller
// (the Swift runtime, Foundation, libphonenumber, libstdc++) to these definitions. Each one
// bumps a counter and forwards to glibc's own entry points (__libc_malloc and friends), so there
// is no dlsym lookup and no recursion. free is not interposed (nothing to count).
//
// Only for the benchmark executable: never link it into the library.

#ifndef C_MALLOC_COUNTER_H
#define C_MALLOC_COUNTER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign calls) made by
/// every thread while counting was enabled.
uint64_t CMallocCounter_allocations(void);

/// Switches counting on (non-zero) or off (0, the initial state). Off, the interposed
/// functions only read a flag, so timed and multi-threaded runs are not slowed by the counter.
void CMallocCounter_setEnabled(int enabled);

#ifdef __cplusplus
}
#endif

#endif
