% Fragment loop1, unsafe twin: the check is x > y
% origin: lazy-annotation-cav10.md, Fig. 1 (loop1), changed
% expected: unsafe
% loops: yes
% Changed: if (x > y) error(); one iteration reaches it.

:- name(p(3), "loop head: while (i < n)").
:- name(p(10), "after the loop: if (x < y)").
?- p(1, X, Y, I, N).
p(1, X, Y, I, N) :- p(2, X, Y, I, N), X = Y.                 % l1: assume(x == y)
p(2, X, Y, I, N) :- p(3, X, Y, I1, N), I1 = 0.               % l2: i = 0
p(3, X, Y, I, N) :- p(4, X, Y, I, N), I < N.                 % l3: while (i < n) {
p(3, X, Y, I, N) :- p(10, X, Y, I, N), I >= N.
p(4, X, Y, I, N) :- p(3, X1, Y, I1, N), X1 = X + 1, I1 = I + 1.  % x = x + 1; i = i + 1; }
p(10, X, Y, I, N) :- error, X > Y.                           % l10: if (x < y) error()
p(10, X, Y, I, N) :- p(11, X, Y, I, N).
p(11, X, Y, I, N).                                  % the end: a normal exit
