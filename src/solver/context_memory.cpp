// Why: Z3 4.8 zero-fills two 8.5 MB arrays when it makes a context, which costs ~4400 page
// faults on 4 KB pages (~4 ms of a ~10 ms run on a small program). From 2 MB pages it costs
// about a third. glibc can do this itself (GLIBC_TUNABLES=glibc.malloc.hugetlb=1), but only
// when the variable is set before the process starts, so the heap is prepared here by hand.
#include "solver/context_memory.hpp"

#include <cstddef>  // defines __GLIBC__ where the C library is glibc

#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#define CLPI_PREPARE_HEAP 1
#endif

namespace clpi::solver {

void prepare_context_memory() {
#ifdef CLPI_PREPARE_HEAP
    static bool done = false;
    if (done) return;
    done = true;
    constexpr std::size_t mb = std::size_t{1} << 20, huge_page = 2 * mb, reserve = 30 * mb;
    // Blocks up to 32 MB (the most glibc allows) come from the heap rather than mappings of
    // their own, which would be on 4 KB pages; one arena serves every thread, because the
    // context is made on another thread than the one that prepares the heap; and the heap
    // is not given back to the system while below 64 MB at the top, so the stretch stays.
    if (mallopt(M_MMAP_THRESHOLD, static_cast<int>(32 * mb)) != 1) return;
    mallopt(M_TRIM_THRESHOLD, static_cast<int>(64 * mb));
    mallopt(M_ARENA_MAX, 1);
    // Grow the heap by `reserve` without touching it (malloc writes only the block's header;
    // `volatile` keeps the compiler from dropping the pair), then advise the new stretch,
    // from its first 2 MB boundary on, before anything is written to it.
    auto* before = static_cast<char*>(sbrk(0));
    void* volatile block = std::malloc(reserve);
    std::free(block);
    auto* after = static_cast<char*>(sbrk(0));
    auto start = (reinterpret_cast<std::uintptr_t>(before) + huge_page - 1) & ~(huge_page - 1);
    auto end = reinterpret_cast<std::uintptr_t>(after);
    if (end > start + huge_page) {
        madvise(reinterpret_cast<void*>(start), end - start, MADV_HUGEPAGE);  // advice only
    }
#endif
}

}  // namespace clpi::solver
