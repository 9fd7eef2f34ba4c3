// expected-error: pointer-cast.c:4:15: error: unsupported: conversion from `int *` to `char *`
int main(void) {
    int x = 0x01020304;
    char *c = (char *)&x;
    return c[0];
}
