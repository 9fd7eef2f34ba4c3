% TwoLoops: i is even and j + 7 odd, so the second loop never exits
% origin: abstracting-path-conditions.md, appendix, TwoLoops
% expected: safe
% loops: yes
% int i = 0, j = 0; while (i < n) i += 4; while (i != j + 7) j += 2; reached;
% The proof needs divisibility invariants (i mod 4 = 0, j mod 2 = 0): candidates at the loop
% heads, because each loop moves i or j only by a constant step.

:- name(p(1), "first loop: while (i < n)").
:- name(p(3), "second loop: while (i != j + 7)").
?- p(0, I, J, N).
p(0, I, J, N) :- p(1, I1, J1, N), I1 = 0, J1 = 0.   % int i = 0, j = 0;
p(1, I, J, N) :- p(2, I, J, N), I < N.              % while (i < n)
p(1, I, J, N) :- p(3, I, J, N), I >= N.
p(2, I, J, N) :- p(1, I1, J, N), I1 = I + 4.        %   i += 4;
p(3, I, J, N) :- p(4, I, J, N), I != J + 7.        % while (i != j + 7)
p(3, I, J, N) :- error, I = J + 7.                 % (after the loop) reached
p(4, I, J, N) :- p(3, I, J1, N), J1 = J + 2.        %   j += 2;
