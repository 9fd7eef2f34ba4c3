% OneLoop, unsafe twin: the target needs i == 16
% origin: abstracting-path-conditions.md, appendix (OneLoop), changed
% expected: unsafe
% loops: yes
% Changed: if (i == 16); reached with 13 <= n <= 16 after four iterations.

:- name(p(1), "loop head: while (i < n)").
:- name(p(3), "if (i == 16)").
?- p(0, I, N).
p(0, I, N) :- p(1, I1, N), I1 = 0.          % int i = 0;
p(1, I, N) :- p(2, I, N), I < N.            % while (i < n)
p(1, I, N) :- p(3, I, N), I >= N.
p(2, I, N) :- p(1, I1, N), I1 = I + 4.      %   i += 4;
p(3, I, N) :- error, I = 16.               % if (i == 16) reached
p(3, I, N) :- p(4, I, N), I != 16.
p(4, I, N).                                         % the end: a normal exit
