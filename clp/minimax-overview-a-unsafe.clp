% Overview (a), unsafe twin: q = 0
% origin: minimax-loops-arxiv.md, overview section (a), changed
% expected: unsafe
% loops: no
% Changed: q = 0.

:- name(p(8), "if (q == 0)").
?- p(1, Q, X, Y).
p(1, Q, X, Y) :- p(2, Q1, X, Y), Q1 = 0.          % 1: q = 0
p(2, Q, X, Y) :- p(5, Q, X1, Y), X1 = 0.        % 2: if (*) 3: x = 0
p(2, Q, X, Y) :- p(5, Q, X1, Y), X1 = 1.        %    else  4: x = 1
p(5, Q, X, Y) :- p(8, Q, X, Y1), X > 0, Y1 = 0.  % 5: if (x > 0) 6: y = 0
p(5, Q, X, Y) :- p(8, Q, X, Y1), X <= 0, Y1 = 1. %    else       7: y = 1
p(8, Q, X, Y) :- error, Q = 0.                  % 8: if (q == 0) 9: error()
p(8, Q, X, Y) :- p(10, Q, X, Y), Q != 0.
p(10, Q, X, Y).                                     % the end: a normal exit
