// gettext and setlocale, which are part of the C library: Swift's Glibc module does not bring
// libintl.h in.
#ifndef ROTATION_LAB_CINTL_SHIM_H
#define ROTATION_LAB_CINTL_SHIM_H
#include <libintl.h>
#include <locale.h>
#endif
