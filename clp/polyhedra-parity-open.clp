% A parity test whose loop starts at any x: the head's parts split by x mod 2
% origin: clpi, after the CHC-COMP aeval multi-phase benchmark s_split_11
% expected: safe
% loops: yes
% slow: no-polyhedra (without the polyhedral candidates the loop unrolls to the time limit)
% x = *; y = *; f = 0 or 1; assume(x < 0 && y > x);
% while (*) { if (x % 2 == f) y = y + 2; x = x + 1; }
% assert(x <= 1000 || y > 1000);
% y - x goes up by 1 and down by 1 in turn, so y > x holds at every even step and
% y >= x at every odd one. Which step is which depends on the parity x starts with, and
% the entry does not fix it: the polyhedral analysis splits the part that enters the head
% into one per remainder, x mod 2 = 0 and x mod 2 = 1. In each, the guard x mod 2 = f is
% linear (0 = f or 1 = f), the parts alternate, and the head gets y >= x with the
% disjunction of the four parts (f and x mod 2): the loop closes at once.
:- name(p(2), "loop head: while (*)").
?- p(1, X, Y, F).
p(1, X, Y, F) :- p(2, X, Y, F1), X < 0, Y > X, F1 = 0.
p(1, X, Y, F) :- p(2, X, Y, F1), X < 0, Y > X, F1 = 1.
p(2, X, Y, F) :- p(2, X1, Y1, F), X mod 2 = F, X1 = X + 1, Y1 = Y + 2.
p(2, X, Y, F) :- p(2, X1, Y, F), X mod 2 != F, X1 = X + 1.
p(2, X, Y, F) :- error, X > 1000, Y =< 1000.
