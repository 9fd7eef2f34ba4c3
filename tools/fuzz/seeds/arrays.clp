?- p(0, A, I).
p(0, A, I) :- p(1, A1, I), A1 = store(A, I, 5).
p(1, A, I) :- error(7), select(A, I) != 5.
/* unclosed
