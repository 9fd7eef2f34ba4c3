% Fragment simple: a blocked path and its interpolant
% origin: lazy-annotation-cav10.md, Fig. 1, fragment simple
% expected: safe
% loops: no
% assume(x == 0); if (*) { int y = *; assume(y >= 0); x = x + y; } if (x < 0) error();
% Reconstructed from the figure, whose layout was lost in extraction.

:- name(p(5), "if (x < 0)").
?- p(1, X, Y).
p(1, X, Y) :- p(2, X, Y), X = 0.                    % l1: assume(x == 0)
p(2, X, Y) :- p(4, X, Y1).                          % l2: if (*) { l3: int y = *;
p(2, X, Y) :- p(5, X, Y).
p(4, X, Y) :- p(5, X1, Y), Y >= 0, X1 = X + Y.      % l4: assume(y >= 0); x = x + y; }
p(5, X, Y) :- error, X < 0.                          % l5: if (x < 0) error()
p(5, X, Y) :- p(6, X, Y).
p(6, X, Y).                                         % the end: a normal exit
