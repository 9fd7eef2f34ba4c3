// expected: unsafe
// expected-bounds: unsafe
// The twin of pointer-params.c: move(&b->lo, 2) sets b.lo.y to 3, not 2.
// Pointer parameters of inlined functions: to scalars (swap, inc), to array elements and
// arrays (a walk with v[i]), to structs (p->x, (*p).y, nested), to arrays of structs (ps[i].x),
// passed along from one function to another.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
struct point { int x, y; };
struct box { struct point lo, hi; int tags[2]; };
void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
void inc(int *p) { (*p)++; }
void move(struct point *p, int dx) { p->x += dx; (*p).y = p->x + 1; }
void grow(struct box *b) { b->hi.x++; move(&b->lo, 2); b->tags[1] = 9; }
int sum(const int *v, int n) { int s = 0; for (int i = 0; i < n; i++) s += v[i]; return s; }
void clear(struct point *ps, int n) { for (int i = 0; i < n; i++) { ps[i].x = 0; ps[i].y = 0; } }
int main(void) {
  int x = 1, y = 2;
  int a[4] = {1, 2, 3, 4};
  struct point p = {5, 6};
  struct box b = {{0, 0}, {3, 3}, {0, 0}};
  struct point pts[3] = {{1, 1}, {2, 2}, {3, 3}};
  swap(&x, &y);
  inc(&x);
  inc(&a[2]);
  swap(&a[0], &a[3]);
  move(&p, 10);
  grow(&b);
  clear(pts, 2);
  move(&pts[2], 1);
  __VERIFIER_assert(x == 3 && y == 1);
  __VERIFIER_assert(a[2] == 4 && a[0] == 4 && a[3] == 1);
  __VERIFIER_assert(p.x == 15 && p.y == 16);
  __VERIFIER_assert(b.hi.x == 4 && b.lo.x == 2 && b.lo.y == 2 && b.tags[1] == 9);
  __VERIFIER_assert(pts[0].x == 0 && pts[1].y == 0 && pts[2].x == 4 && pts[2].y == 5);
  __VERIFIER_assert(sum(a, 4) == 11 && sum(&a[1], 2) == 6);
  return 0;
}
