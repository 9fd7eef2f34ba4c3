// expected-error: threads.c:4:5: error: unsupported: threads (`pthread_yield`)
extern int pthread_yield(void);
int main(void) {
    pthread_yield();
    return 0;
}
