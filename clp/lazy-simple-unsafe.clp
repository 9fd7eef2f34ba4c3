% Fragment simple, unsafe twin: the check is x > 0
% origin: lazy-annotation-cav10.md, Fig. 1 (simple), changed
% expected: unsafe
% loops: no
% Changed: if (x > 0) error(); reached with y > 0.

:- name(p(5), "if (x > 0)").
?- p(1, X, Y).
p(1, X, Y) :- p(2, X, Y), X = 0.                    % l1: assume(x == 0)
p(2, X, Y) :- p(4, X, Y1).                          % l2: if (*) { l3: int y = *;
p(2, X, Y) :- p(5, X, Y).
p(4, X, Y) :- p(5, X1, Y), Y >= 0, X1 = X + Y.      % l4: assume(y >= 0); x = x + y; }
p(5, X, Y) :- error, X > 0.                          % l5: if (x < 0) error()
p(5, X, Y) :- p(6, X, Y).
p(6, X, Y).                                         % the end: a normal exit
