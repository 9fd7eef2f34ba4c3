?- main(0, X).
main(0, X) :- loop(X, 0).
loop(X, N) :- loop(X, N1), N < 3, N1 = N + 1, X mod 2 = (X div 3) * -(1).
loop(X, N) :- done(1, N), N >= 3.
:- name(done(1), "end").
:- line(done(1), 9).
:- source("x.c").
