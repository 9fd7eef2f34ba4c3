% A counter that wraps around after 11 values: the twin of congruence-wrap-around
% origin: clpi
% expected: unsafe
% loops: yes
% x = 0; y = 0;
% while (*) { if (x >= 10) x = 0; else x = x + 1; y = y + 1; }
% assert(y % 10 != 0 || x == 0);
% x now runs 0 to 10: after ten rounds y = 10 and x = 10.
:- name(p(2), "loop head: while (*)").
?- p(1, X, Y).
p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 0.
p(2, X, Y) :- p(2, X1, Y1), X >= 10, X1 = 0, Y1 = Y + 1.
p(2, X, Y) :- p(2, X1, Y1), X < 10, X1 = X + 1, Y1 = Y + 1.
p(2, X, Y) :- error, Y mod 10 = 0, X != 0.
