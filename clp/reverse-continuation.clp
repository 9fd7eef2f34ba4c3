% A program written from its end to its start (each point the continuation of the program)
% origin: clpi, after the CHC-COMP rust-horn benchmark simple-5-hhk2008
% expected: safe
% loops: yes
% res = a; cnt = b; assume(b >= 0);
% while (cnt > 0) { cnt = cnt - 1; res = res + 1; }
% assert(res == a + b);
% The rules run backwards through this program, as translations of programs into Horn
% clauses by their continuations do: the query is the program's end, where the assertion
% fails, each step of the loop goes one iteration back, and the error is its start. From the
% query, the states of the loop head are those with r + c != a + b, which no conjunction of
% linear constraints states, so the search alone unrolls the loop to no end. The same program
% read backwards (`clpi verify` runs its search beside this one: from the error to the query)
% is the program in its own order, where r + c = a + b and c >= 0 hold at the loop head.
:- name(p(0), "the end: assert(res == a + b) fails").
:- name(p(1), "loop head, one iteration back at each step").
?- p(0, A, B, R, C).
p(0, A, B, R, C) :- p(1, A, B, R, C), R != A + B, C =< 0.
p(1, A, B, R, C) :- p(1, A, B, R1, C1), R1 = R - 1, C1 = C + 1, C1 > 0.
p(1, A, B, R, C) :- error, R = A, C = B, B >= 0.
