% TRACER-X motivating example without the heap, MAX = 30
% origin: tracer-x-heap-programs.md, Fig. 1 (heap removed)
% expected: safe
% loops: yes
% n = input(); x = n; for (i = 0; i < MAX; i++) { if (*) y = x + 1; else y = x + 1; x = y; }
% assert(y >= MAX + n);   with MAX = 30.
% The paper allocates x and y on the heap; here they are plain variables. The loop is
% kept as a loop: it needs an unroll bound above 30 (--unroll 31) for bounded
% exploration. Every path is essentially the same, so with interpolation the tree grows
% linearly with MAX instead of as 2^MAX.

:- name(p(1), "loop head: for (i = 0; i < MAX; i++)").
:- name(p(3), "after the loop: assert(y >= MAX + n)").
?- p(0, N, X, Y, I).
p(0, N, X, Y, I) :- p(1, N, X1, Y1, I1), X1 = N, Y1 = N, I1 = 0.  % n = input(); x = n
p(1, N, X, Y, I) :- p(2, N, X, Y, I), I < 30.                     % for (i = 0; i < MAX; i++)
p(1, N, X, Y, I) :- p(3, N, X, Y, I), I >= 30.
p(2, N, X, Y, I) :- p(4, N, X, Y1, I), Y1 = X + 1.                %   if (*) y = x + 1;
p(2, N, X, Y, I) :- p(4, N, X, Y1, I), Y1 = X + 1.                %   else   y = x + 1;
p(4, N, X, Y, I) :- p(1, N, Y, Y, I1), I1 = I + 1.                %   x = y;
p(3, N, X, Y, I) :- error, Y < 30 + N.                            % assert(y >= MAX + n)
p(3, N, X, Y, I) :- p(5, N, X, Y, I).
p(5, N, X, Y, I).                                   % the end: a normal exit
