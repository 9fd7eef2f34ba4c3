% A loop with two phases, unsafe twin: the check is off by one
% origin: clpi, the teaching example of polyhedral candidates (README, minimax), changed
% expected: unsafe
% loops: yes
% x = 0; y = 50;
% while (x < 10) { x = x + 1; if (x > 5) y = y + 1; }
% assert(y == 54);     -- y is 55 at the exit
% Changed: 10 iterations instead of 100, so that the counterexample is short, and the
% assertion wrong.

:- name(p(2), "loop head: while (x < 10)").
:- name(p(3), "if (x > 5) y = y + 1").
:- name(p(4), "after the loop: assert(y == 54)").
?- p(1, X, Y).
p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 50.
p(2, X, Y) :- p(3, X1, Y), X < 10, X1 = X + 1.
p(3, X, Y) :- p(2, X, Y1), X > 5, Y1 = Y + 1.
p(3, X, Y) :- p(2, X, Y), X =< 5.
p(2, X, Y) :- p(4, X, Y), X >= 10.
p(4, X, Y) :- error, Y != 54.
p(4, X, Y).
