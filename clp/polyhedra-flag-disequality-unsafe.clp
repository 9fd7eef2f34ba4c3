% The unsafe twin of polyhedra-flag-disequality.clp: the two assertions swapped
% origin: clpi, after the CHC-COMP extra-small-lia benchmark dillig12_m
% expected: unsafe
% loops: yes
% i = 0; j = 0; f = *;
% while (*) { i = i + 1; if (f == 1) j = j + 2; else j = j + 1; }
% if (f == 1) assert(j == i); else assert(j == 2 * i);   // fails after one round
:- name(p(2), "loop head: while (*)").
?- p(1, I, J, F).
p(1, I, J, F) :- p(2, I1, J1, F), I1 = 0, J1 = 0.
p(2, I, J, F) :- p(2, I1, J1, F), F = 1, I1 = I + 1, J1 = J + 2.
p(2, I, J, F) :- p(2, I1, J1, F), F != 1, I1 = I + 1, J1 = J + 1.
p(2, I, J, F) :- q(X), F = 1, X = J - I.
p(2, I, J, F) :- q(X), F != 1, X = J - 2 * I.
q(X) :- error, X != 0.
