// expected: unsafe
// expected-memory: unsafe
// expected-view: insert::t->right->key = 3
// As heap-tree.c, but the check expects a node to the right of 1: there is none (3 went to
// the right of 2).
#include <stdlib.h>
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }

struct tree {
    int key;
    struct tree *left, *right;
};

struct tree *insert(struct tree *root, int key) {
    struct tree *n = malloc(sizeof(struct tree));
    if (n == NULL) abort();
    n->key = key;
    n->left = NULL;
    n->right = NULL;
    if (root == NULL) return n;
    struct tree *t = root;
    while (1) {
        if (key < t->key) {
            if (t->left == NULL) {
                t->left = n;
                break;
            }
            t = t->left;
        } else {
            if (t->right == NULL) {
                t->right = n;
                break;
            }
            t = t->right;
        }
    }
    return root;
}

int main(void) {
    int keys[5] = {4, 2, 6, 1, 3};
    struct tree *root = NULL;
    for (int i = 0; i < 5; i++) root = insert(root, keys[i]);
    __VERIFIER_assert(root->key == 4 && root->left->key == 2 && root->right->key == 6);
    __VERIFIER_assert(root->left->left->key == 1 && root->left->left->right != NULL);
    struct tree *m = root;
    while (m->left != NULL) m = m->left;
    __VERIFIER_assert(m->key == 1);
    struct tree *stack[8];
    int top = 0, count = 0;
    stack[top++] = root;
    while (top > 0) {
        struct tree *t = stack[--top];
        count++;
        if (t->left != NULL) stack[top++] = t->left;
        if (t->right != NULL) stack[top++] = t->right;
    }
    __VERIFIER_assert(count == 5);
    return 0;
}
