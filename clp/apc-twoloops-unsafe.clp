% TwoLoops, unsafe twin: the second loop waits for i == j + 8
% origin: abstracting-path-conditions.md, appendix (TwoLoops), changed
% expected: unsafe
% loops: yes
% Changed: while (i != j + 8); reached with 4 < n <= 8 and j = 0.

:- name(p(1), "first loop: while (i < n)").
:- name(p(3), "second loop: while (i != j + 8)").
?- p(0, I, J, N).
p(0, I, J, N) :- p(1, I1, J1, N), I1 = 0, J1 = 0.   % int i = 0, j = 0;
p(1, I, J, N) :- p(2, I, J, N), I < N.              % while (i < n)
p(1, I, J, N) :- p(3, I, J, N), I >= N.
p(2, I, J, N) :- p(1, I1, J, N), I1 = I + 4.        %   i += 4;
p(3, I, J, N) :- p(4, I, J, N), I != J + 8.        % while (i != j + 8)
p(3, I, J, N) :- error, I = J + 8.                 % (after the loop) reached
p(4, I, J, N) :- p(3, I, J1, N), J1 = J + 2.        %   j += 2;
