% Two counting loops checked against each other, as regression verification merges them
% origin: CHC-COMP LIA-Lin, eldarica-misc/LIA/llreve loop_merged_safe.c-1 (the same
%         clauses, with readable names)
% expected: safe
% loops: yes
% slow: no-polyhedra (without the polyhedral candidates the loop unrolls to the bound: about a minute)
% i = 0; c = 0;
% while (i <= n) { i++; c++; }            % the first program counts c up to n + 1
% e = n; d = 0;
% while (e >= 0) { e--; d++; }            % the second counts d up, e down from n
% assert(c == d);                        % both say max(n + 1, 0)
% The product program also checks i == c in the first loop and e + d == n in the second.
% The first loop's header tries its exit (i > n) before its way back, as the rules come.
% The exit's proofs rely on what the first iteration says (i =< 1, c =< 1), which the way
% back breaks, so the loop would only be unrolled (clpi verify --no-reorder: UNKNOWN at the
% time limit). Instead its points come to try the rules that stay in the loop first, and
% the header restarts: the loop closes by abstracting i =< 1 and c =< 1, and the exit,
% explored after that, is proved from what the loop keeps (i = c, i =< n + 1): 22 nodes.

?- start.
start :- head(N, I, C), I = 0, C = 0.
second(N, I, C, E, D) :- after(N, I, C, E, D), E < 0.
step(N, I, C, E, D) :- second(N, I, C, E, D).
% the second loop, its check between the two steps of its body
second(N, I, C, E, D) :- step(N, I, C, E1, D1), E >= 0, E1 = E - 1, D1 = D + 1.
% the first loop
first(N, I, C, E, D) :- second(N, I, C, E, D), N < I.
first(N, I, C, E, D) :- first(N, I1, C1, E, D), N >= I, I1 = I + 1, C1 = C + 1.
% the first loop's first test
head(N, I, C) :- second(N, I, C, E, D), N < I, E = N, D = 0.
head(N, I, C) :- first(N, I1, C1, E, D), N >= I, I1 = I + 1, C1 = C + 1, E = N, D = 0.
% the checks
first(N, I, C, E, D) :- fail, I != C.
step(N, I, C, E, D) :- fail, E + D != N.
after(N, I, C, E, D) :- fail, C != D.
fail :- error.
