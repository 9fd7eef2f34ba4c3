% A program written from its end to its start, with a wrong assertion (its unsafe twin)
% origin: clpi, after the CHC-COMP rust-horn benchmark simple-5-hhk2008
% expected: unsafe
% loops: yes
% res = a; cnt = b; assume(b >= 0);
% while (cnt > 0) { cnt = cnt - 1; res = res + 1; }
% assert(res == a + b + 1);
% As reverse-continuation.clp: the query is the program's end, the error its start.
:- name(p(0), "the end: assert(res == a + b + 1) fails").
:- name(p(1), "loop head, one iteration back at each step").
?- p(0, A, B, R, C).
p(0, A, B, R, C) :- p(1, A, B, R, C), R != A + B + 1, C =< 0.
p(1, A, B, R, C) :- p(1, A, B, R1, C1), R1 = R - 1, C1 = C + 1, C1 > 0.
p(1, A, B, R, C) :- error, R = A, C = B, B >= 0.
