% Fig. 1(c): lazy subsumption against strongest invariants
% origin: unbounded-symbolic-execution-rv11.md, Fig. 1(c), Example 3
% expected: safe
% loops: yes
% x = 0; y = 0; z = 1;
% while (*) { if (*) skip; else { x++; y++; } foo(); x = x - y; }
% if (z != 1) error();
% Only z = 1 has to be kept invariant; x and y are abstracted at the loop head.

:- name(p(1), "loop head: while (*)").
:- name(p(9), "after the loop: if (z != 1)").
?- p(0, X, Y, Z).
p(0, X, Y, Z) :- p(1, X1, Y1, Z1), X1 = 0, Y1 = 0, Z1 = 1.   % x = 0; y = 0; z = 1
p(1, X, Y, Z) :- p(2, X, Y, Z).                              % while (*) {
p(1, X, Y, Z) :- p(9, X, Y, Z).
p(2, X, Y, Z) :- p(6, X, Y, Z).                              %   if (*) skip;
p(2, X, Y, Z) :- p(6, X1, Y1, Z), X1 = X + 1, Y1 = Y + 1.    %   else { x++; y++; }
p(6, X, Y, Z) :- p(7, X, Y, Z).                              %   foo();  (changes only its locals)
p(7, X, Y, Z) :- p(1, X1, Y, Z), X1 = X - Y.                 %   x = x - y; }
p(9, X, Y, Z) :- error, Z != 1.
p(9, X, Y, Z) :- p(10, X, Y, Z).
p(10, X, Y, Z).                                     % the end: a normal exit
