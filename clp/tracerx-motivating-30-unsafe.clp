% TRACER-X motivating example, unsafe twin: the else branch adds 0
% origin: tracer-x-heap-programs.md, Fig. 1 (heap removed), changed
% expected: unsafe
% loops: yes
% Changed: else y = x + 0; a path through it ends with y < MAX + n (after 30 iterations).

:- name(p(1), "loop head: for (i = 0; i < MAX; i++)").
:- name(p(3), "after the loop: assert(y >= MAX + n)").
?- p(0, N, X, Y, I).
p(0, N, X, Y, I) :- p(1, N, X1, Y1, I1), X1 = N, Y1 = N, I1 = 0.  % n = input(); x = n
p(1, N, X, Y, I) :- p(2, N, X, Y, I), I < 30.                     % for (i = 0; i < MAX; i++)
p(1, N, X, Y, I) :- p(3, N, X, Y, I), I >= 30.
p(2, N, X, Y, I) :- p(4, N, X, Y1, I), Y1 = X + 1.                %   if (*) y = x + 1;
p(2, N, X, Y, I) :- p(4, N, X, Y1, I), Y1 = X + 0.                %   else   y = x + 0;
p(4, N, X, Y, I) :- p(1, N, Y, Y, I1), I1 = I + 1.                %   x = y;
p(3, N, X, Y, I) :- error, Y < 30 + N.                            % assert(y >= MAX + n)
p(3, N, X, Y, I) :- p(5, N, X, Y, I).
p(5, N, X, Y, I).                                   % the end: a normal exit
