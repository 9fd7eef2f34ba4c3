% The unsafe twin of polyhedra-wrap-around.clp: the turn at 11 of 20, not at the half
% origin: clpi, after the CHC-COMP aeval multi-phase benchmark s_split_15
% expected: unsafe
% loops: yes
% c = 0; n = 0; a = 0;
% while (1) { if (c < 11) a = a + 2; n = n + 1; c = (c + 1) % 20;
%             assert(c != 0 || a == n); }   // fails at the first wrap: a = 22, n = 20
:- name(p(2), "loop head: while (1)").
?- p(1, C, N, A).
p(1, C, N, A) :- p(2, C1, N1, A1), C1 = 0, N1 = 0, A1 = 0.
p(2, C, N, A) :- p(2, C1, N1, A1), C < 11, A1 = A + 2, N1 = N + 1, C1 = (C + 1) mod 20.
p(2, C, N, A) :- p(2, C1, N1, A1), C >= 11, A1 = A, N1 = N + 1, C1 = (C + 1) mod 20.
p(2, C, N, A) :- error, C = 0, A != N.
