// expected-error: pointer-null.c:4:9: error: unsupported: pointer argument `0` (an inlined function's pointer parameter may be given &variable, &element, an array or another such parameter)
void set(int *p) { *p = 1; }
int main(void) {
    set(0);
    return 0;
}
