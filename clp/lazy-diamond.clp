% Fragment diamond: recovering from an irrelevant label
% origin: lazy-annotation-cav10.md, Fig. 1, fragment diamond
% expected: safe
% loops: no
% assume(p); if (*) a = 1; else a = 0; if (a) x = x + 1; else x = x - 1; assert(p);
% The condition a is irrelevant to the assertion; lazy annotation learns only p.
% Reconstructed from the figure, whose layout was lost in extraction (the branches on a
% here update x, standing for the paper's unspecified statements).

:- name(p(9), "assert(p)").
?- p(1, P, A, X).
p(1, P, A, X) :- p(2, P, A, X), P = 1.              % l1: assume(p)   (p as 0 / 1)
p(2, P, A, X) :- p(5, P, A1, X), A1 = 1.          % l2: if (*) a = 1;
p(2, P, A, X) :- p(5, P, A1, X), A1 = 0.          %     else  a = 0;
p(5, P, A, X) :- p(9, P, A, X1), A != 0, X1 = X + 1.  % l5: if (a) x = x + 1;
p(5, P, A, X) :- p(9, P, A, X1), A = 0, X1 = X - 1.   %     else  x = x - 1;
p(9, P, A, X) :- error, P = 0.                    % l9: assert(p)
p(9, P, A, X) :- p(10, P, A, X).
p(10, P, A, X).                                     % the end: a normal exit
