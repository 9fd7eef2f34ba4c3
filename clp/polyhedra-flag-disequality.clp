% A flag tested with != that the loop never changes (after extra-small-lia dillig12_m)
% origin: clpi, after the CHC-COMP extra-small-lia benchmark dillig12_m
% expected: safe
% loops: yes
% slow: no-polyhedra (without the polyhedral candidates the loop unrolls to the time limit)
% i = 0; j = 0; f = *;
% while (*) { i = i + 1; if (f == 1) j = j + 2; else j = j + 1; }
% if (f == 1) assert(j == 2 * i); else assert(j == i);
% The invariant needs a disjunction: j = 2i where f = 1, j = i where f != 1. The polyhedral
% analysis keeps apart the states by the branches they have taken since they entered the
% loop; the branch f != 1 is taken as its two sides, f =< 0 and f >= 2, because their hull
% says nothing of f, and a part that took it could then take the f = 1 branch as well and
% mix j + 1 with j + 2. Kept apart, no part takes both, and the loop closes at once.
:- name(p(2), "loop head: while (*)").
?- p(1, I, J, F).
p(1, I, J, F) :- p(2, I1, J1, F), I1 = 0, J1 = 0.
p(2, I, J, F) :- p(2, I1, J1, F), F = 1, I1 = I + 1, J1 = J + 2.
p(2, I, J, F) :- p(2, I1, J1, F), F != 1, I1 = I + 1, J1 = J + 1.
p(2, I, J, F) :- q(X), F = 1, X = J - 2 * I.
p(2, I, J, F) :- q(X), F != 1, X = J - I.
q(X) :- error, X != 0.
