// LeakSanitizer's built-in suppressions, linked into our executables in the sanitizer
// build only (CLPI_SANITIZE).
//
// cvc5, which `--validate` runs in the process, keeps a few bytes of CLN (its arbitrary
// precision number library) allocated for the life of the process, from a static
// initialiser: they are not ours to free, and LeakSanitizer would otherwise fail every run,
// even `clpi_tests --list-test-cases` at build time. Compiled into the program, the list
// holds wherever the program runs: under ctest, under the build's test discovery, or by hand,
// with no LSAN_OPTIONS to remember. Nothing of ours is named here.
extern "C" const char* __lsan_default_suppressions();
extern "C" const char* __lsan_default_options();

extern "C" const char* __lsan_default_suppressions() {
  return "leak:libcln.so\n"
         "leak:libcvc5.so\n";
}

// The list is known and short: no table of what was used after every run.
extern "C" const char* __lsan_default_options() { return "print_suppressions=0"; }
