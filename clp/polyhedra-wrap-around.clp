% A wrap-around counter with a phase: the wrap is a case of its own
% origin: clpi, after the CHC-COMP aeval multi-phase benchmark s_split_15
% expected: safe
% loops: yes
% slow: no-polyhedra (without the polyhedral candidates the loop unrolls to the time limit)
% c = 0; n = 0; a = 0;
% while (1) { if (c < 500) a = a + 2; n = n + 1; c = (c + 1) % 1000;
%             assert(c != 0 || a == n); }
% Before the turn at 500, a = n + c; after it, a = n - c + 1000; at the wrap, a = n. The
% polyhedral analysis states c + 1 = 1000q + c' through a quotient q, which over the
% rationals may lie anywhere in [0, 1] once c is past 0: the step that wraps and those that
% do not would be joined. Each rule's quotient is taken by its cases instead (c + 1 below
% 1000: c' = c + 1; from 1000 to 1999: c' = c + 1 - 1000; elsewhere as before), each a
% branch of the loop, so the part after the wrap keeps a = n and the loop closes at once.
:- name(p(2), "loop head: while (1)").
?- p(1, C, N, A).
p(1, C, N, A) :- p(2, C1, N1, A1), C1 = 0, N1 = 0, A1 = 0.
p(2, C, N, A) :- p(2, C1, N1, A1), C < 500, A1 = A + 2, N1 = N + 1, C1 = (C + 1) mod 1000.
p(2, C, N, A) :- p(2, C1, N1, A1), C >= 500, A1 = A, N1 = N + 1, C1 = (C + 1) mod 1000.
p(2, C, N, A) :- error, C = 0, A != N.
