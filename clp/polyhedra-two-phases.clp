% A loop with two phases: y stays at 50 while x =< 50, then keeps pace with x
% origin: clpi, the teaching example of polyhedral candidates (README, minimax)
% expected: safe
% loops: yes
% x = 0; y = 50;
% while (x < 100) { x = x + 1; if (x > 50) y = y + 1; }
% assert(y == 100);
% The invariant is a disjunction of two phases, x =< 50 ∧ y = 50 or x > 50 ∧ y = x, which
% no conjunct of the path states. The polyhedral analysis keeps a polyhedron per rule that
% enters the loop head (trace partitioning) and offers their disjunction as a candidate:
% the loop closes at once (`--no-polyhedra`: UNKNOWN, the unrolling bound is reached).

:- name(p(2), "loop head: while (x < 100)").
:- name(p(3), "if (x > 50) y = y + 1").
:- name(p(4), "after the loop: assert(y == 100)").
?- p(1, X, Y).
p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 50.
p(2, X, Y) :- p(3, X1, Y), X < 100, X1 = X + 1.
p(3, X, Y) :- p(2, X, Y1), X > 50, Y1 = Y + 1.
p(3, X, Y) :- p(2, X, Y), X =< 50.
p(2, X, Y) :- p(4, X, Y), X >= 100.
p(4, X, Y) :- error, Y != 100.
p(4, X, Y).
