% Overview (b), unsafe twin: the check is y + n <= N
% origin: minimax-loops-arxiv.md, overview section (b), changed
% expected: unsafe
% loops: yes
% Changed: if (y + n <= N) error(); reached with N <= 0 without entering the loop.

:- name(p(3), "loop head: while (n < N)").
:- name(p(6), "after the loop: if (y + n < N)").
?- p(1, Y, N, Bound).
p(1, Y, N, B) :- p(2, Y, N, B), Y = 0.                     % 1: assume(y == 0)
p(2, Y, N, B) :- p(3, Y, N1, B), N1 = 0.                   % 2: n = 0
p(3, Y, N, B) :- p(4, Y, N, B), N < B.                     % 3: while (n < N) {
p(3, Y, N, B) :- p(6, Y, N, B), N >= B.
p(4, Y, N, B) :- p(3, Y1, N1, B), Y1 = Y + 1, N1 = N + 1.  % 4: y++; 5: n++; }
p(6, Y, N, B) :- error, Y + N <= B.                      % 6: if (y + n < N) 7: error()
p(6, Y, N, B) :- p(8, Y, N, B).
p(8, Y, N, B).                                      % the end: a normal exit
