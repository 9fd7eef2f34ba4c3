% Fig. 1(d): a 10000-iteration loop proved without unrolling
% origin: unbounded-symbolic-execution-rv11.md, Fig. 1(d), Example 4
% expected: safe
% loops: yes
% assume(y >= 0); x = 0; while (x < 10000) { y++; x++; } if (y + x < 10000) error();
% The invariant y >= 0 (with x >= 0 after the exit) refutes the error after one iteration.
% The loop bound 10000 is a constant in the rules: raise it to 10^6 or 10^9 to check that
% the proof does not depend on it.

:- name(p(2), "loop head: while (x < 10000)").
:- name(p(5), "after the loop: if (y + x < 10000)").
?- p(0, X, Y).
p(0, X, Y) :- p(1, X, Y), Y >= 0.                      % assume(y >= 0)
p(1, X, Y) :- p(2, X1, Y), X1 = 0.                      % x = 0
p(2, X, Y) :- p(3, X, Y), X < 10000.                    % while (x < 10000) {
p(2, X, Y) :- p(5, X, Y), X >= 10000.
p(3, X, Y) :- p(2, X1, Y1), Y1 = Y + 1, X1 = X + 1.     %   y++; x++; }
p(5, X, Y) :- error, Y + X < 10000.                   % if (y + x < 10000) error()
p(5, X, Y) :- p(6, X, Y), Y + X >= 10000.
p(6, X, Y).                                         % the end: a normal exit
