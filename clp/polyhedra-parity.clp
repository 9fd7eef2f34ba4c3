% A loop that tests a parity: its phases kept apart by the remainder x mod 2
% origin: clpi, after the CHC-COMP aeval multi-phase benchmark s_split_08
% expected: safe
% loops: yes
% slow: no-polyhedra (without the polyhedral candidates the loop unrolls to the time limit)
% x = 0; y = 0;
% while (*) { if (x % 2 == 0) y = y + 1; x = x + 1; }
% assert(x != 2000 || y == 1000);
% The invariant is 2y = x where x is even and 2y = x + 1 where x is odd: no convex set
% holds it, and no path conjunct says it. The polyhedral analysis tracks the remainders the
% loop takes (x mod 2): each part at the head knows x mod 2 or not, the guards x mod 2 = 0
% and x mod 2 != 0 are linear in a part that knows it (the constant 0 or 1), and a step
% x + 1 moves the remainder by 1. The head gets the disjunction
% (2y = x ∧ x mod 2 = 0) ∨ (2y = x + 1 ∧ x mod 2 = 1), and the loop closes at once.
:- name(p(2), "loop head: while (*)").
?- p(1, X, Y).
p(1, X, Y) :- p(2, X1, Y1), X1 = 0, Y1 = 0.
p(2, X, Y) :- p(2, X1, Y1), X mod 2 = 0, X1 = X + 1, Y1 = Y + 1.
p(2, X, Y) :- p(2, X1, Y1), X mod 2 != 0, X1 = X + 1, Y1 = Y.
p(2, X, Y) :- error, X = 2000, Y != 1000.
