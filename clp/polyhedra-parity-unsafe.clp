% The unsafe twin of polyhedra-parity.clp: the assertion at an odd x
% origin: clpi, after the CHC-COMP aeval multi-phase benchmark s_split_08
% expected: unsafe
% loops: yes
% x = 0; y = 0;
% while (*) { if (x % 2 == 0) y = y + 1; x = x + 1; }
% assert(x != 11 || y == 5);   // fails: y = 6 at x = 11
:- name(p(2), "loop head: while (*)").
?- p(1, X, Y).
p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 0.
p(2, X, Y) :- p(2, X1, Y1), X mod 2 = 0, X1 = X + 1, Y1 = Y + 1.
p(2, X, Y) :- p(2, X1, Y1), X mod 2 != 0, X1 = X + 1, Y1 = Y.
p(2, X, Y) :- error, X = 11, Y != 5.
