% The unsafe twin of polyhedra-parity-open.clp: y = x past x = 10, after a step that keeps y
% origin: clpi, after the CHC-COMP aeval multi-phase benchmark s_split_11
% expected: unsafe
% loops: yes
% x = *; y = *; f = 0 or 1; assume(x < 0 && y > x);
% while (*) { if (x % 2 == f) y = y + 2; x = x + 1; }
% assert(x <= 10 || y > x);   // fails: y - x goes down to 0
:- name(p(2), "loop head: while (*)").
?- p(1, X, Y, F).
p(1, X, Y, F) :- p(2, X, Y, F1), X < 0, Y > X, F1 = 0.
p(1, X, Y, F) :- p(2, X, Y, F1), X < 0, Y > X, F1 = 1.
p(2, X, Y, F) :- p(2, X1, Y1, F), X mod 2 = F, X1 = X + 1, Y1 = Y + 2.
p(2, X, Y, F) :- p(2, X1, Y, F), X mod 2 != F, X1 = X + 1.
p(2, X, Y, F) :- error, X > 10, Y =< X.
