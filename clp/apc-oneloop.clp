% OneLoop: the target needs i == 15, but i stays a multiple of 4
% origin: abstracting-path-conditions.md, appendix, OneLoop
% expected: safe
% loops: yes
% int i = 0; while (i < n) i += 4; if (i == 15) reached;
% The proof needs the divisibility invariant i mod 4 = 0: i starts at 0 and the loop
% moves it only by 4, so its remainder modulo 4 is a candidate at the loop head.

:- name(p(1), "loop head: while (i < n)").
:- name(p(3), "if (i == 15)").
?- p(0, I, N).
p(0, I, N) :- p(1, I1, N), I1 = 0.          % int i = 0;
p(1, I, N) :- p(2, I, N), I < N.            % while (i < n)
p(1, I, N) :- p(3, I, N), I >= N.
p(2, I, N) :- p(1, I1, N), I1 = I + 4.      %   i += 4;
p(3, I, N) :- error, I = 15.               % if (i == 15) reached
p(3, I, N) :- p(4, I, N), I != 15.
p(4, I, N).                                         % the end: a normal exit
