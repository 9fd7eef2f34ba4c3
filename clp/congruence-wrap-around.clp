% A counter that wraps around by a reset, and one that does not: their difference modulo the period
% origin: clpi (the shape of CHC-COMP multi-phase s_split_14 and of clocks in transition systems)
% expected: safe
% loops: yes
% slow: no-polyhedra (without the analysis's congruences the loop unrolls to the time limit)
% x = 0; y = 0;
% while (*) { if (x >= 9) x = 0; else x = x + 1; y = y + 1; }
% assert(y % 10 != 0 || x == 0);
% x runs 0, 1, ..., 9, 0, ... and y counts the rounds, so x = y mod 10. The reset alone
% (x' = 0 from any x >= 9) relates x' to nothing, and joined with x' = x + 1 it leaves no
% congruence. Taken from the states its head can be in (the polyhedra's 0 =< x =< 9), the
% reset is x = 9, x' = 0: a move of x by -9, the same as +1 modulo 10, as y's move is. The
% analysis over grids states (x - y) mod 10 = 0 at the head, and the loop closes at once.
:- name(p(2), "loop head: while (*)").
?- p(1, X, Y).
p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 0.
p(2, X, Y) :- p(2, X1, Y1), X >= 9, X1 = 0, Y1 = Y + 1.
p(2, X, Y) :- p(2, X1, Y1), X < 9, X1 = X + 1, Y1 = Y + 1.
p(2, X, Y) :- error, Y mod 10 = 0, X != 0.
