// Memory for Z3's context: making one fills about 17 MB of tables at once, and on 4 KB pages
// the page faults are half the start-up time of a small run.
#pragma once

namespace clpi::solver {

// Once per process, before the first context is made: the next tens of megabytes malloc
// hands out come from one stretch of heap advised as transparent huge pages (2 MB pages,
// which the kernel fills with far less work per byte). Does nothing where the C library is
// not glibc, under a sanitizer (which brings its own allocator), or when the kernel refuses
// the advice (huge pages disabled): then everything works as before, only slower to start.
void prepare_context_memory();

}  // namespace clpi::solver
