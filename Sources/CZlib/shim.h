// zlib, for the PNG encoder (deflate and crc32).
#ifndef ROTATION_LAB_CZLIB_SHIM_H
#define ROTATION_LAB_CZLIB_SHIM_H
#include <zlib.h>
#endif
