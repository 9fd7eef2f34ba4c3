// expected-error: pointer-integer.c:3:14: error: unsupported: conversion between a pointer and an integer `(int *)4096`
int main(void) {
    int *p = (int *)4096;
    return *p;
}
