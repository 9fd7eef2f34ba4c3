// expected: safe
// expected-bounds: safe
// Structs by value: nested, with array fields, arrays of structs, global and local
// initialisers (strings too), fields read, written, incremented and compound-assigned.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
struct point { int x, y; };
struct shape { struct point corner[2]; int id; char name[3]; };
struct point origin = {1, 2};
struct shape g = {{{1, 2}, {3, 4}}, 7, "ab"};
int main(void) {
  struct point p = {3, 4};
  struct point q;
  struct shape s = {{{0, 0}, {5, 6}}, 9};
  struct point pts[3] = {{1, 1}, {2, 2}};
  q.x = p.y + origin.x;
  q.y = __VERIFIER_nondet_int();
  p.x++;
  pts[2].y = 8;
  int i = 1;
  s.corner[i].x += 10;
  __VERIFIER_assert(q.x == 5);
  __VERIFIER_assert(p.x == 4);
  __VERIFIER_assert(s.corner[1].x == 15 && s.corner[1].y == 6 && s.id == 9 && s.name[0] == 0);
  __VERIFIER_assert(pts[1].y == 2 && pts[2].y == 8 && pts[2].x == 0);
  __VERIFIER_assert(g.corner[1].x == 3 && g.id == 7 && g.name[1] == 'b' && origin.y == 2);
  return 0;
}
