// The C library's count of heap bytes in use, for autolayout-bench's bytes per constraint.
// Swift's Glibc module does not export <malloc.h>, so this header does.
#ifndef HEAP_PROBE_H
#define HEAP_PROBE_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GLIBC__)
#include <malloc.h>
#elif defined(__APPLE__)
#include <malloc/malloc.h>
#endif

/// Bytes the allocator has handed out and not yet taken back, or -1 where this C library
/// does not say. On glibc: the arena's bytes in use plus the large blocks it maps on their own
/// (`hblkhd`: a big array, such as a solver's per-symbol storage, is one of those). Blocks
/// freed into glibc's per-thread cache still count as in use: Benchmarks/memory.py turns that
/// cache off (GLIBC_TUNABLES=glibc.malloc.tcache_count=0) so that freed temporaries do not.
static inline int64_t heap_bytes_in_use(void) {
#if defined(__GLIBC__)
    struct mallinfo2 info = mallinfo2();
    return (int64_t)(info.uordblks + info.hblkhd);
#elif defined(__APPLE__)
    return (int64_t)mstats().bytes_used;
#else
    return -1;
#endif
}

#endif
