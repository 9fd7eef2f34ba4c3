// expected-error: setjmp.c:6:14: error: unsupported: setjmp/longjmp (`longjmp`)
typedef int jmp_buf_t;
extern void longjmp(int env, int value);
int main(void) {
    int env = 0;
    if (env) longjmp(env, 1);
    return 0;
}
