% A parity kept relative to a variable the loop does not change
% origin: clpi, after the CHC-COMP hcai-bench/svcomp problem O3_EvenOdd01 (isOdd by steps of 2)
% expected: safe
% loops: yes
% i = o; while (i >= 2) i -= 2; assert(i == 0 ? o % 2 == 0 : o % 2 == 1);
% The loop moves i only by steps of 2, but nothing fixes i mod 2: it is o's remainder, and o
% is any number. The path fixes (i - o) mod 2 = 0, and every way around the loop keeps it,
% since the loop never changes o: a candidate at the loop head, which closes the loop at once.

:- name(p(1), "while (i >= 2)").
:- name(p(2), "the assertion").
?- p(0, O, I).
p(0, O, I) :- p(1, O, I1), I1 = O, O >= 0.       % i = o;
p(1, O, I) :- p(1, O, I1), I >= 2, I1 = I - 2.    % while (i >= 2) i -= 2;
p(1, O, I) :- p(2, O, I), I < 2.
p(2, O, I) :- error, I = 0, O mod 2 = 1.          % i == 0 but o odd
p(2, O, I) :- error, I = 1, O mod 2 = 0.          % i == 1 but o even
