// See include/CMallocCounter.h.

#include "CMallocCounter.h"

#include <errno.h>
#include <stddef.h>

// glibc's exported implementations (GLIBC_2.2.5 on x86_64).
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static uint64_t allocationCount = 0;
// Counting is switched on only around the allocation passes: an atomic add on one shared
// counter in every malloc would make threads fight over its cache line and spoil the batch
// scaling figures. While it is off, malloc only reads this flag (a line nobody writes).
static int countingEnabled = 0;

static inline void countOne(void) {
    if (__atomic_load_n(&countingEnabled, __ATOMIC_RELAXED)) {
        __atomic_fetch_add(&allocationCount, 1, __ATOMIC_RELAXED);
    }
}

void *malloc(size_t size) {
    countOne();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    countOne();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    countOne();
    return __libc_realloc(pointer, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    countOne();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    countOne();
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    countOne();
    return __libc_memalign(alignment, size);
}

uint64_t CMallocCounter_allocations(void) { return __atomic_load_n(&allocationCount, __ATOMIC_RELAXED); }

void CMallocCounter_setEnabled(int enabled) { __atomic_store_n(&countingEnabled, enabled ? 1 : 0, __ATOMIC_SEQ_CST); }
