% Fig. 1(a), unsafe twin: the check is x > 0
% origin: unbounded-symbolic-execution-rv11.md, Fig. 1(a), changed
% expected: unsafe
% loops: yes
% Changed: if (x > 0) error(); one iteration (n >= 1) reaches it.

:- name(p(1), "loop head: while (x < n)").
:- name(p(4), "after the loop: if (x < 0)").
?- p(0, X, N).
p(0, X, N) :- p(1, X1, N), X1 = 0.              % x = 0
p(1, X, N) :- p(2, X, N), X < N.                % while (x < n)
p(1, X, N) :- p(4, X, N), X >= N.
p(2, X, N) :- p(1, X1, N), X1 = X + 1.          %   x++
p(4, X, N) :- error, X > 0.
p(4, X, N) :- p(5, X, N).                        % normal end
p(5, X, N).                                         % the end: a normal exit
