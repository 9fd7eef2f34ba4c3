% Fig. 1(a): a counting loop; x >= 0 is an inductive invariant
% origin: unbounded-symbolic-execution-rv11.md, Fig. 1(a), Example 1
% expected: safe
% loops: yes
% x = 0; while (x < n) x++; if (x < 0) error();
% Interpolation after one iteration gives x >= 0 at the loop head, which is invariant.

:- name(p(1), "loop head: while (x < n)").
:- name(p(4), "after the loop: if (x < 0)").
?- p(0, X, N).
p(0, X, N) :- p(1, X1, N), X1 = 0.              % x = 0
p(1, X, N) :- p(2, X, N), X < N.                % while (x < n)
p(1, X, N) :- p(4, X, N), X >= N.
p(2, X, N) :- p(1, X1, N), X1 = X + 1.          %   x++
p(4, X, N) :- error, X < 0.
p(4, X, N) :- p(5, X, N).                        % normal end
p(5, X, N).                                         % the end: a normal exit
