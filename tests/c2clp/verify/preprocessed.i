// expected: unsafe
// A preprocessed file (.i), as SV-COMP distributes its benchmarks.
# 1 "preprocessed.c"
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail (const char *__assertion, const char *__file, unsigned int __line, const char *__function) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { ((void) sizeof ((0) ? 1 : 0), __extension__ ({ if (0) ; else __assert_fail ("0", "preprocessed.c", 4, __extension__ __PRETTY_FUNCTION__); })); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main() {
  unsigned int x = __VERIFIER_nondet_int();
  unsigned int y = x;
  while (x < 1024) { x++; y++; }
  __VERIFIER_assert(x != y + 1 && x != 1030);
  return 0;
}
