% lock.clp: safe; needs one refinement
?- p(0, L, O, N).
p(0, L, O, N) :- p(1, L1, O, N1), L1 = 0, N1 = O + 1.
p(1, L, O, N) :- p(2, L, O, N), N != O.        % while (new != old)
p(1, L, O, N) :- p(6, L, O, N), N = O.
p(2, L, O, N) :- p(3, L1, O1, N), L1 = 1, O1 = N.
p(3, L, O, N) :- p(1, L, O, N).                % if (*) skip
p(3, L, O, N) :- p(1, L1, O, N1), L1 = 0, N1 = N + 1.
p(6, L, O, N) :- error, L = 0.
p(6, L, O, N) :- p(7, L, O, N), L != 0.
