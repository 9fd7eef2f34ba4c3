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
#include <mutex>
#define CLPI_PREPARE_HEAP 1
#endif

namespace clpi::solver {

namespace {
#ifdef CLPI_PREPARE_HEAP
constexpr std::size_t mb = std::size_t{1} << 20, huge_page = 2 * mb, reserve = 30 * mb;
#endif
}  // namespace

void prepare_context_memory() {
#ifdef CLPI_PREPARE_HEAP
    static std::once_flag once;
    std::call_once(once, [] {
        // Blocks up to 32 MB (the most glibc allows) come from the heap rather than
        // mappings of their own, which would be on 4 KB pages; and a heap is not given back
        // to the system while below 64 MB at its top, so the stretch advised by
        // prepare_thread_heap stays. Each thread keeps its own arena (glibc's default): with
        // one arena for all, every malloc and free of the search (the polyhedral analysis
        // makes millions) waited for the lock that the helpers' solvers beside it held.
        if (mallopt(M_MMAP_THRESHOLD, static_cast<int>(32 * mb)) == 1) {
            mallopt(M_TRIM_THRESHOLD, static_cast<int>(64 * mb));
        }
    });
#endif
}

void prepare_thread_heap() {
#ifdef CLPI_PREPARE_HEAP
    // Grow this thread's heap by `reserve` without touching it (malloc writes only the
    // block's header; `volatile` keeps the compiler from dropping the pair), then advise the
    // stretch, from its first 2 MB boundary on, before anything is written to it: the next
    // blocks this thread asks for are carved from there.
    void* volatile block = std::malloc(reserve);
    if (block == nullptr) return;
    auto first = reinterpret_cast<std::uintptr_t>(block);
    std::free(block);
    auto start = (first + huge_page - 1) & ~(huge_page - 1);
    auto end = first + reserve;
    if (end > start + huge_page) {
        madvise(reinterpret_cast<void*>(start), end - start, MADV_HUGEPAGE);  // advice only
    }
#endif
}

}  // namespace clpi::solver
