% A loop whose two ways move x + y by different parities: the twin of congruence-two-ways
% origin: clpi
% expected: unsafe
% loops: yes
% x = 0; y = 0;
% while (*) { if (*) x = x + 5; else { x = x + 1; y = y + 1; } }
% assert(x != 7 || y != 2);
% x + y moves by 5 on one way and by 2 on the other: no parity is kept, and two rounds of
% the second way and one of the first reach x = 7, y = 2.
:- name(p(2), "loop head: while (*)").
?- p(1, X, Y).
p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 0.
p(2, X, Y) :- p(2, X1, Y), X1 = X + 5.
p(2, X, Y) :- p(2, X1, Y1), X1 = X + 1, Y1 = Y + 1.
p(2, X, Y) :- p(3, X, Y).
p(3, X, Y) :- error, X = 7, Y = 2.
