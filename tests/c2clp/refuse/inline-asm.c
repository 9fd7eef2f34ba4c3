// expected-error: inline-asm.c:3:5: error: unsupported: inline assembly
int main(void) {
    __asm__("nop");
    return 0;
}
