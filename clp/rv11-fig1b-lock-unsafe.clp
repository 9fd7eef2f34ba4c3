% Fig. 1(b), unsafe twin: the loop forgets to take the lock
% origin: unbounded-symbolic-execution-rv11.md, Fig. 1(b), changed
% expected: unsafe
% loops: yes
% Changed: the loop body no longer sets lock = 1, so one iteration through the else
% branch leaves the loop with lock == 0.

:- name(p(1), "loop head: while (new != old)").
:- name(p(3), "if (*)").
:- name(p(6), "after the loop: if (lock == 0)").
?- p(0, Lock, Old, New).
p(0, L, O, N) :- p(1, L1, O, N1), L1 = 0, N1 = O + 1.   % lock = 0; new = old + 1
p(1, L, O, N) :- p(2, L, O, N), N != O.                 % while (new != old)
p(1, L, O, N) :- p(6, L, O, N), N = O.
p(2, L, O, N) :- p(3, L1, O1, N), L1 = L, O1 = N.          %   lock = 1; old = new
p(3, L, O, N) :- p(1, L1, O, N1), L1 = 0, N1 = N + 1.   %   if (*) { lock = 0; new++ }
p(3, L, O, N) :- p(1, L, O, N).                         %   else skip
p(6, L, O, N) :- error, L = 0.                          % if (lock == 0) error()
p(6, L, O, N) :- p(7, L, O, N), L != 0.
p(7, L, O, N).                                      % the end: a normal exit
