% A parity that the ways around a loop keep together, and none of them alone
% origin: clpi
% expected: safe
% loops: yes
% slow: no-polyhedra (without the analysis's congruences the loop unrolls to the time limit)
% x = 0; y = 0;
% while (*) { if (*) x = x + 2; else { x = x + 1; y = y + 1; } }
% assert(x != 7 || y != 2);
% Neither x nor y keeps a remainder: x moves by 2 or by 1, y by 0 or by 1. Their sum moves
% by 2 on both ways, so (x + y) mod 2 = 0 at every round, and x = 7, y = 2 is out of
% reach. No convex set says it (x = 6, y = 2 and x = 8, y = 2 are reached, x = 7 between
% them is not), and no conjunct of the path does. The analysis of the program's affine
% congruences (a grid of the states at the head, PPL's Grid) finds it, and the loop
% closes at once.
:- name(p(2), "loop head: while (*)").
?- p(1, X, Y).
p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 0.
p(2, X, Y) :- p(2, X1, Y), X1 = X + 2.
p(2, X, Y) :- p(2, X1, Y1), X1 = X + 1, Y1 = Y + 1.
p(2, X, Y) :- p(3, X, Y).
p(3, X, Y) :- error, X = 7, Y = 2.
