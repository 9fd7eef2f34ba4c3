% The three-if program: interpolation keeps infeasible paths infeasible
% origin: minimax-loops-arxiv.md, basic idea section (fig. infeasible (a))
% expected: safe
% loops: no
% x = 0; if (*) x = x + 1; if (y >= 1) x = x + 2; if (y < 1) x = x + 4; if (x > 5) error();
% x is at most 5 on every feasible path: y >= 1 and y < 1 cannot both hold.

:- name(p(7), "if (x > 5)").
?- p(0, X, Y).
p(0, X, Y) :- p(1, X1, Y), X1 = 0.                 % 0: x = 0
p(1, X, Y) :- p(3, X1, Y), X1 = X + 1.              % 1: if (*) 2: x = x + 1
p(1, X, Y) :- p(3, X, Y).
p(3, X, Y) :- p(5, X1, Y), Y >= 1, X1 = X + 2.      % 3: if (y >= 1) 4: x = x + 2
p(3, X, Y) :- p(5, X, Y), Y < 1.
p(5, X, Y) :- p(7, X1, Y), Y < 1, X1 = X + 4.       % 5: if (y < 1) 6: x = x + 4
p(5, X, Y) :- p(7, X, Y), Y >= 1.
p(7, X, Y) :- error, X > 5.                    % 7: if (x > 5) 8: error()
p(7, X, Y) :- p(9, X, Y), X <= 5.
p(9, X, Y).                                         % the end: a normal exit
