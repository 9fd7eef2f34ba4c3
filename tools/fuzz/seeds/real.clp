:- domain(real).
?- p(0, X), X > 1/3.
p(0, X) :- p(1, Y), Y = X * 0.5 - -2.
p(1, Y) :- error("big"), Y >= 3.
