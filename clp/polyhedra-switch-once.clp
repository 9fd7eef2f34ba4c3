% A loop whose branch switches once: d goes up while a < c, then down twice as fast
% origin: clpi, after the aeval multi-phase benchmarks (CHC-COMP, s_split_03)
% expected: safe
% loops: yes
% slow: no-polyhedra (without the polyhedral candidates the loop unrolls to the bound: seconds)
% a = 0; d = 0; assume(b > c);
% while (*) { if (c <= a) d = d - 2; else d = d + 1; a = a + 1; }
% assert(d <= 0 || a <= b + c);
% Where c >= 1, d = a until a reaches c, then d = 3c - 2a; where c =< 0, d = -2a from the
% first step. Joined, the phases hold a state with d > 0 and a > b + c (a = 6, c = -2,
% d = 3, b = -1 lies halfway between a = c = d = 10 and a = 2, c = -14, d = -4), so no
% convex invariant proves this. The polyhedral analysis keeps apart the states by which branches they have
% taken since they entered the loop: neither (the entry), only d + 1 (d = a =< c), only
% d - 2 (c =< 0, d = -2a) and both (c >= 1, d = 3c - 2a), and their disjunction closes the
% loop at once (`--no-polyhedra`: UNKNOWN at the time limit).

:- name(p(2), "loop head: while (*)").
?- p(1, A, B, C, D).
p(1, A, B, C, D) :- p(2, A1, B, C, D1), A1 = 0, D1 = 0, B > C.
p(2, A, B, C, D) :- p(2, A1, B, C, D1), C =< A, A1 = A + 1, D1 = D - 2.
p(2, A, B, C, D) :- p(2, A1, B, C, D1), C > A, A1 = A + 1, D1 = D + 1.
p(2, A, B, C, D) :- error, D > 0, A > B + C.
