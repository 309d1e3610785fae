// Start-up support for the `rotation-lab` executable, in C because the Swift runtime calls it
// before `main`. It has no interface of its own: it defines a function of the runtime's (argv.c).
#ifndef ROTATION_LAB_CLAUNCH_H
#define ROTATION_LAB_CLAUNCH_H
#endif
