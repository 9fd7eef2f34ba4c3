% expected: unsafe
% loops: yes
% Peterson's mutual exclusion with a slip: the first process gives the turn to itself (T = 0),
% so both can enter the critical section. As one transition system: each rule is a
% step of one process. P1, P2: where each process is (0 idle, 1 flag raised, 2 turn given,
% 3 critical section); F1, F2: the flags; T: whose turn it is to wait.
?- s(P1, P2, F1, F2, T), P1 = 0, P2 = 0, F1 = 0, F2 = 0, T = 0.
s(P1, P2, F1, F2, T) :- s(P1n, P2, F1n, F2, T), P1 = 0, P1n = 1, F1n = 1.
s(P1, P2, F1, F2, T) :- s(P1n, P2, F1, F2, Tn), P1 = 1, P1n = 2, Tn = 0.
s(P1, P2, F1, F2, T) :- s(P1n, P2, F1, F2, T), P1 = 2, (F2 = 0 ; T = 0), P1n = 3.
s(P1, P2, F1, F2, T) :- s(P1n, P2, F1n, F2, T), P1 = 3, P1n = 0, F1n = 0.
s(P1, P2, F1, F2, T) :- s(P1, P2n, F1, F2n, T), P2 = 0, P2n = 1, F2n = 1.
s(P1, P2, F1, F2, T) :- s(P1, P2n, F1, F2, Tn), P2 = 1, P2n = 2, Tn = 0.
s(P1, P2, F1, F2, T) :- s(P1, P2n, F1, F2, T), P2 = 2, (F1 = 0 ; T = 1), P2n = 3.
s(P1, P2, F1, F2, T) :- s(P1, P2n, F1, F2n, T), P2 = 3, P2n = 0, F2n = 0.
s(P1, P2, F1, F2, T) :- error, P1 = 3, P2 = 3.
