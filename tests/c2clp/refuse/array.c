// expected-error: array.c:8:19: error: unsupported: initialiser that lists 1040 elements of an array of 2000 (at most 1024 are set one by one)
#define E4 1, 2, 3, 4
#define E16 E4, E4, E4, E4
#define E64 E16, E16, E16, E16
#define E256 E64, E64, E64, E64
int main(void) {
    // A long array starts at zero and gets the elements it lists, up to 1024 of them.
    int a[2000] = {E256, E256, E256, E256, E16};
    return a[0];
}
