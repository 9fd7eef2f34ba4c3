// expected: safe
// A loop written with goto and labels.
extern void reach_error(void);

int main(void) {
    int i = 0;
    int s = 0;
again:
    if (i >= 5) goto done;
    s = s + 2;
    i++;
    goto again;
done:
    if (s != 10) reach_error();
    return 0;
}
