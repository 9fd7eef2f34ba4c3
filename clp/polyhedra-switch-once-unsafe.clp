% The unsafe twin of polyhedra-switch-once.clp: the assertion leaves out b
% origin: clpi, after the aeval multi-phase benchmarks (CHC-COMP, s_split_03)
% expected: unsafe
% loops: yes
% a = 0; d = 0; assume(b > c);
% while (*) { if (c <= a) d = d - 2; else d = d + 1; a = a + 1; }
% assert(d <= 0 || a <= c);   // fails: c = 3, a = 4, d = 1
:- name(p(2), "loop head: while (*)").
?- p(1, A, B, C, D).
p(1, A, B, C, D) :- p(2, A1, B, C, D1), A1 = 0, D1 = 0, B > C.
p(2, A, B, C, D) :- p(2, A1, B, C, D1), C =< A, A1 = A + 1, D1 = D - 2.
p(2, A, B, C, D) :- p(2, A1, B, C, D1), C > A, A1 = A + 1, D1 = D + 1.
p(2, A, B, C, D) :- error, D > 0, A > C.
