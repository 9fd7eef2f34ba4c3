// Memory for Z3's context: making one fills about 17 MB of tables at once, and on 4 KB pages
// the page faults are half the start-up time of a small run.
#pragma once

namespace clpi::solver {

// Once per process, before the first context is made: large blocks come from the heap,
// which keeps what it grew. Does nothing where the C library is not glibc or under a
// sanitizer (which brings its own allocator).
void prepare_context_memory();

// On the thread about to make a context, after prepare_context_memory(): the next tens of
// megabytes malloc hands out on this thread come from one stretch of its heap advised as
// transparent huge pages (2 MB pages, which the kernel fills with far less work per byte).
// When the kernel refuses the advice (huge pages disabled), everything works as before,
// only slower to start.
void prepare_thread_heap();

}  // namespace clpi::solver
