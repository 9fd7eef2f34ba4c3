% Fig. 1(d), unsafe twin: the check is y + x < 20001
% origin: unbounded-symbolic-execution-rv11.md, Fig. 1(d), changed
% expected: unsafe
% loops: yes
% Changed: if (y + x < 20001) error(); after the loop y + x = y0 + 20000, so it is
% reachable with y0 = 0, but only after the 10000 iterations (a deep counterexample).

:- name(p(2), "loop head: while (x < 10000)").
:- name(p(5), "after the loop: if (y + x < 10000)").
?- p(0, X, Y).
p(0, X, Y) :- p(1, X, Y), Y >= 0.                      % assume(y >= 0)
p(1, X, Y) :- p(2, X1, Y), X1 = 0.                      % x = 0
p(2, X, Y) :- p(3, X, Y), X < 10000.                    % while (x < 10000) {
p(2, X, Y) :- p(5, X, Y), X >= 10000.
p(3, X, Y) :- p(2, X1, Y1), Y1 = Y + 1, X1 = X + 1.     %   y++; x++; }
p(5, X, Y) :- error, Y + X < 20001.                   % if (y + x < 20001) error()
p(5, X, Y) :- p(6, X, Y), Y + X >= 20001.
p(6, X, Y).                                         % the end: a normal exit
