// expected: safe
// expected-bounds: safe
// Copies of whole structs: an initialiser, assignments between variables, array elements
// and nested fields, and structs passed by value to inlined functions.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
struct point { int x, y; };
struct seg { struct point a, b; int tag[2]; };
int dist(struct point p, struct point q) { return (p.x - q.x) + 2 * (p.y - q.y); }
int main(void) {
  struct point p = {1, 2};
  struct point q = p;
  struct point pts[3];
  struct seg s = {{0, 0}, {3, 4}, {5, 6}};
  struct seg t;
  q.x = 4;
  pts[1] = q;
  t = s;
  t.a = pts[1];
  __VERIFIER_assert(q.y == 2 && p.x == 1);
  __VERIFIER_assert(pts[1].x == 4 && pts[1].y == 2);
  __VERIFIER_assert(t.b.y == 4 && t.tag[1] == 6 && t.a.x == 4);
  __VERIFIER_assert(dist(q, p) == 3);
  __VERIFIER_assert(dist(s.b, s.a) == 11);
  return 0;
}
